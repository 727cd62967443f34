import {
  DEFAULT_NO_ANSWER,
  defaultProcedure,
  type TProcedure,
} from "../../../shared/schemas/procedure.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";

/**
 * The organization's procedure; the default one when it has never been stored (organizations
 * made before 0020 ran got theirs there, new ones when they are created). Given the plain
 * database it binds the organization itself; given a transaction, that transaction must
 * already be the organization's (withTenant), as every module's is.
 */
export async function loadProcedure(
  db: DB | TenantTx,
  organizationId: string,
): Promise<TProcedure> {
  if (!db.isTransaction) return withTenant(db, organizationId, (trx) => read(trx, organizationId));
  return read(db, organizationId);
}

async function read(trx: DB | TenantTx, organizationId: string): Promise<TProcedure> {
  const row = await trx
    .selectFrom("grievanceProcedures")
    .select([
      "filingLimit",
      "steps",
      "holidayRegion",
      "closures",
      "holidays",
      "timeZone",
      "informationResponseLimit",
      "tollWhileInformationPending",
      "contactLimit",
      "replyLimit",
      "internalAppeal",
    ])
    .where("organizationId", "=", organizationId)
    .executeTakeFirst();
  if (!row) return defaultProcedure();
  return {
    filingLimit: row.filingLimit,
    // Steps stored before issue 20 have no onNoAnswer: the agreement's usual rule applies.
    steps: row.steps.map((s) => ({ ...s, onNoAnswer: s.onNoAnswer ?? DEFAULT_NO_ANSWER })),
    holidayRegion: row.holidayRegion,
    closures: [...row.closures].sort((a, b) => a.date.localeCompare(b.date)),
    holidays: row.holidays,
    timeZone: row.timeZone,
    informationResponseLimit: row.informationResponseLimit,
    tollWhileInformationPending: row.tollWhileInformationPending,
    contactLimit: row.contactLimit,
    replyLimit: row.replyLimit,
    internalAppeal: row.internalAppeal,
  };
}

/** Stores the whole procedure (admins only: the route checks). */
export async function saveProcedure(
  trx: TenantTx,
  organizationId: string,
  p: TProcedure,
  userId: string | null,
): Promise<void> {
  const values = {
    filingLimit: JSON.stringify(p.filingLimit),
    steps: JSON.stringify(p.steps),
    holidayRegion: p.holidayRegion,
    closures: JSON.stringify(p.closures),
    holidays: JSON.stringify(p.holidays),
    timeZone: p.timeZone,
    informationResponseLimit: JSON.stringify(p.informationResponseLimit),
    tollWhileInformationPending: p.tollWhileInformationPending,
    contactLimit: JSON.stringify(p.contactLimit),
    replyLimit: JSON.stringify(p.replyLimit),
    internalAppeal: p.internalAppeal ? JSON.stringify(p.internalAppeal) : null,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await trx
    .insertInto("grievanceProcedures")
    .values({ organizationId, ...values })
    .onConflict((oc) => oc.column("organizationId").doUpdateSet(values))
    .execute();
}
