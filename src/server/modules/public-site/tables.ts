import type { ColumnType, Generated, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { HitCounterTables } from "../../lib/hit-counter.ts";

/** The tables of migration 0003 (kept here: they belong to this module alone). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface SalesInquiriesTable {
  id: Generated<string>;
  kind: "contact" | "founders";
  name: string;
  email: string;
  organization: string;
  message: string;
  details: Json<Record<string, string>>;
  userId: string | null;
  createdAt: Timestamp;
}

export interface WebsiteSetupRequestsTable {
  userId: string;
  packageId: string;
  details: Json<Record<string, string>>;
  submittedAt: Timestamp;
  updatedAt: Timestamp;
}

export type PublicSiteTables = {
  salesInquiries: SalesInquiriesTable;
  websiteSetupRequests: WebsiteSetupRequestsTable;
} & HitCounterTables;

export type PublicSiteDB = Kysely<Database & PublicSiteTables>;

export const withPublicSiteTables = (db: Kysely<Database>): PublicSiteDB =>
  db.withTables<PublicSiteTables>();
