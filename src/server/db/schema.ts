import type { Selectable } from "kysely";
import type {
  DB,
  DeadlineReminders,
  Documents,
  GrievanceDeadlines,
  Grievances,
} from "./schema.generated.ts";

/**
 * Kysely's view of the tables (camelCase; the CamelCasePlugin maps to snake_case columns),
 * generated from the migrated database by scripts/db-types.ts (`npm run db:types`). The code
 * imports it from here, with the few column types it names.
 */
export type Database = DB;
/** The row types, one per table (`Selectable<CheckoutSessions>` is a row as read). */
export type * from "./schema.generated.ts";

export type DocumentsTable = Documents;
export type GrievanceStatus = Selectable<Grievances>["status"];
export type GrievanceType = Selectable<Grievances>["type"];
export type DeadlineKind = Selectable<GrievanceDeadlines>["kind"];
export type DeadlineState = Selectable<GrievanceDeadlines>["state"];
export type ReminderKind = Selectable<DeadlineReminders>["kind"];
export type { Role } from "../../shared/permissions.ts";
export type { DeadlineChange } from "./column-types.ts";
