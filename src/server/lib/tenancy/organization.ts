import { sql } from "kysely";
import {
  DEFAULT_LISTS,
  type ListName,
  type TOrganizationConfig,
} from "../../../shared/schemas/organizations.ts";
import type { DB } from "../../db/connection.ts";
import { readAsTenant, type TenantTx } from "../../db/tenant.ts";
import { notFound } from "../errors.ts";

/** The organization's row (names, plan, lists), read by several modules. */
export function getOrganization(trx: TenantTx, organizationId: string) {
  return trx
    .selectFrom("organizations")
    .selectAll()
    .where("id", "=", organizationId)
    .executeTakeFirst();
}

/** The organization's name and lists; the spec's defaults stand in while a list is empty. */
export async function getOrganizationConfig(
  db: DB,
  organizationId: string,
): Promise<TOrganizationConfig> {
  const org = await readAsTenant(db, organizationId, (trx) => getOrganization(trx, organizationId));
  if (!org) throw notFound();
  const list = (name: ListName) => (org[name].length > 0 ? org[name] : [...DEFAULT_LISTS[name]]);
  return {
    name: org.name,
    jobTitles: list("jobTitles"),
    departments: list("departments"),
    locations: list("locations"),
    setupCompleted: org.setupCompleted,
  };
}

/**
 * The organization's currency: that of its latest invoice (what it pays the portal in), USD
 * when it has none.
 */
export async function organizationCurrency(trx: TenantTx, organizationId: string) {
  const { rows } = await sql<{ currency: string }>`
    SELECT currency FROM billing_invoices WHERE organization_id = ${organizationId}
    ORDER BY created_at DESC LIMIT 1`.execute(trx);
  return (rows[0]?.currency ?? "usd").toUpperCase();
}
