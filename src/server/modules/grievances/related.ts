import { sql } from "kysely";
import { line } from "../../../shared/i18n/text-lines.ts";
import { can } from "../../../shared/permissions.ts";
import { GrievanceMessages } from "../../../shared/schemas/grievances.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { type Actor, log } from "./event-log.ts";
import { type ActionContext, conflict } from "./lock.ts";
import { notify } from "./notify.ts";

/**
 * Related grievances (issue 19): a link is kept on both grievances (`related_ids`), so each
 * detail page lists the other. Links join grievances of one organization only; the grievant of
 * one sees the link only to grievances that are theirs too (the detail filters them).
 */

const badRelated = (message: string = GrievanceMessages.related) =>
  new AppError(400, "VALIDATION_FAILED", message, { relatedIds: message });

/**
 * The grievances of the organization among `ids`, locked, in id order (two stewards linking
 * the same pair lock them in the same order).
 */
async function lockAll(trx: TenantTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom("grievances")
    .select(["id", "relatedIds", "submittedBy"])
    .where("organizationId", "=", organizationId)
    .where("id", "in", ids)
    .orderBy("id")
    .forUpdate()
    .execute();
}

/** Adds (or removes) `others` to the links of `id` and `id` to theirs, with a log line on each. */
export async function writeLinks(
  trx: TenantTx,
  organizationId: string,
  actor: Actor | null,
  id: string,
  others: string[],
  change: "link" | "unlink",
) {
  if (others.length === 0) return;
  const rows = await lockAll(trx, organizationId, [id, ...others]);
  const update = (target: string, ids: string[]) =>
    trx
      .updateTable("grievances")
      .set({
        relatedIds:
          change === "link"
            ? sql<
                string[]
              >`(SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM unnest(related_ids || ${ids}::text[]) x)`
            : sql<
                string[]
              >`(SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM unnest(related_ids) x WHERE x <> ALL(${ids}::text[]))`,
        updatedAt: new Date(),
      })
      .where("organizationId", "=", organizationId)
      .where("id", "=", target)
      .execute();
  await update(id, others);
  const kind = change === "link" ? "linked" : "unlinked";
  await log(trx, organizationId, id, actor, { kind: "link", line: line(kind, { ids: others }) });
  for (const other of others) {
    await update(other, [id]);
    await log(trx, organizationId, other, actor, { kind: "link", line: line(kind, { ids: [id] }) });
  }
  for (const row of rows) {
    await notify(trx, {
      organizationId,
      grievanceId: row.id,
      submittedBy: row.submittedBy,
      kind: "link",
    });
  }
}

/**
 * The related ids given at filing: distinct grievances of the organization (400 otherwise,
 * whether another organization's or none at all: the answer says nothing of which).
 */
export async function checkRelatedIds(trx: TenantTx, organizationId: string, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await trx
    .selectFrom("grievances")
    .select("id")
    .where("organizationId", "=", organizationId)
    .where("id", "in", wanted)
    .execute();
  if (found.length !== wanted.length) throw badRelated();
  return wanted;
}

/** POST/DELETE /api/grievances/:id/related: stewards and admins link or unlink two grievances. */
export async function changeLink(
  ctx: ActionContext,
  id: string,
  otherId: string,
  change: "link" | "unlink",
) {
  const { db, tenant, actor } = ctx;
  if (!can(tenant.role, "update:grievance")) throw forbidden();
  const org = tenant.organizationId;
  await withTenant(db, org, async (trx) => {
    const rows = await lockAll(trx, org, [...new Set([id, otherId])]);
    const g = rows.find((r) => r.id === id);
    if (!g) throw notFound("Grievance Not Found");
    if (id === otherId) throw badRelated(GrievanceMessages.relatedSelf);
    if (!rows.some((r) => r.id === otherId)) throw notFound("Related Grievance Not Found");
    const linked = g.relatedIds.includes(otherId);
    if (change === "link" && linked) throw conflict(`${id} is already linked to ${otherId}.`);
    if (change === "unlink" && !linked) throw notFound("Related Grievance Not Found");
    await writeLinks(trx, org, actor, id, [otherId], change);
  });
}
