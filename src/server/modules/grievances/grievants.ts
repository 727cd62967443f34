import { line } from "../../../shared/i18n/text-lines.ts";
import { can } from "../../../shared/permissions.ts";
import { withTenant } from "../../db/tenant.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { resolveGrievantPeople } from "../roster/index.ts";
import { log } from "./event-log.ts";
import { type ActionContext, conflict, lockGrievance } from "./lock.ts";
import { notify, tellSubmitter } from "./notify.ts";

/**
 * Adds or removes a grievant of a group grievance (product-decisions.md 31), named by account
 * id or roster id (issue 29). A removed grievant loses access at once: every read checks the
 * grievants table, and the live event of the removal still reaches them (so their page reloads
 * into 'not found') but no later one.
 */
export async function changeGrievant(
  ctx: ActionContext,
  id: string,
  who: string,
  change: "add" | "remove",
) {
  const { db, tenant, actor } = ctx;
  if (!can(tenant.role, "update:grievance")) throw forbidden();
  const org = tenant.organizationId;
  const added = await withTenant(db, org, async (trx) => {
    const g = await lockGrievance(trx, tenant, id);
    const row = await trx
      .selectFrom("grievances")
      .select(["id", "type", "submittedBy"])
      .where("organizationId", "=", org)
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (row.type !== "group") throw conflict("Only a group grievance has several grievants.");
    const person = (await resolveGrievantPeople(trx, org, [who])).get(who);
    const rows = await trx
      .selectFrom("grievanceGrievants")
      .select(["personId", "userId"])
      .where("organizationId", "=", org)
      .where("grievanceId", "=", id)
      .execute();
    const before = rows.map((r) => r.userId).filter((u): u is string => u !== null);
    const isGrievant = person ? rows.some((r) => r.personId === person.personId) : false;
    if (change === "add") {
      if (!person) throw notFound("Member Not Found");
      if (g.status === "resolved") throw conflict("A resolved grievance takes no new grievant.");
      if (isGrievant) throw conflict(`${person.name} is already a grievant.`);
      await trx
        .insertInto("grievanceGrievants")
        .values({ organizationId: org, grievanceId: id, personId: person.personId })
        .execute();
    } else {
      if (!person || !isGrievant) throw notFound("Grievant Not Found");
      if (rows.length === 1) throw conflict("A group grievance keeps at least one grievant.");
      await trx
        .deleteFrom("grievanceGrievants")
        .where("organizationId", "=", org)
        .where("grievanceId", "=", id)
        .where("personId", "=", person.personId)
        .execute();
    }
    const named = { person: { id: person.personId, name: person.name } };
    await log(trx, org, id, actor, {
      kind: "grievants",
      line: change === "add" ? line("grievantAdded", named) : line("grievantRemoved", named),
    });
    await notify(trx, {
      organizationId: org,
      grievanceId: id,
      submittedBy: row.submittedBy,
      kind: "grievants",
      // Everyone who was or is a grievant hears this one change.
      grievants: [...new Set([...before, ...(person.userId ? [person.userId] : [])])],
    });
    return change === "add" ? person : null;
  });
  if (added?.userId) {
    await tellSubmitter(db, added.userId, actor.id, id, line("addedToGroup", {}), ctx.appUrl);
  }
}
