import { sql, type Transaction } from "kysely";
import type { DB } from "./connection.ts";
import type { Database } from "./schema.ts";
import { beginBoundTo, foldsIntoBegin, readBoundTo, unbound } from "./tenant-binding.ts";

export type TenantTx = Transaction<Database>;

/**
 * Runs `fn` in a transaction bound to one organization: row-level security then shows and
 * accepts only that organization's rows (`set_config(..., true)` lasts for the transaction).
 * Given a transaction, it binds that transaction to the organization until the next call.
 * A new transaction carries the organization in its `begin` message (tenant-binding.ts).
 */
export function withTenant<T>(
  db: DB,
  organizationId: string,
  fn: (trx: TenantTx) => Promise<T>,
): Promise<T> {
  const bind = async (trx: TenantTx) => {
    await sql`SELECT set_config('app.organization_id', ${organizationId}, true)`.execute(trx);
    return fn(trx);
  };
  // Inside a larger transaction (a webhook applies all its effects in one): bind that one.
  if (db.isTransaction) return bind(db as TenantTx);
  if (!foldsIntoBegin(organizationId)) return db.transaction().execute(bind);
  return beginBoundTo(organizationId, () =>
    db.transaction().execute((trx) => unbound(() => fn(trx))),
  );
}

/**
 * Runs `fn`'s reads bound to one organization as `withTenant` does, but each statement is its
 * own implicit transaction sent in one write with the binding (db/bound-statements.ts): one
 * round trip per statement instead of `begin`, the statements and `commit`. For bodies that
 * only read, where each statement may see its own snapshot (a list page, then its count);
 * PostgreSQL refuses any write in it. Inside a transaction it binds that one, as withTenant.
 */
export function readAsTenant<T>(
  db: DB,
  organizationId: string,
  fn: (trx: TenantTx) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return withTenant(db, organizationId, fn);
  return readBoundTo(organizationId, () =>
    db.transaction().execute((trx) => unbound(() => fn(trx))),
  );
}

/** The organization an invitation code or invitation token leads to, if any. */
export async function lookupTenant(
  db: DB,
  kind: "invite_code" | "invitation",
  key: string,
): Promise<string | null> {
  const { rows } = await sql<{
    id: string | null;
  }>`SELECT lookup_tenant(${kind}, ${key}) AS id`.execute(db);
  return rows[0]?.id ?? null;
}

/** True when `error` is PostgreSQL's unique violation (e.g. an invitation code taken). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";
