import { todayIn } from "../../../shared/deadline-engine/index.ts";
import {
  RepresentationMessages as M,
  type TContactInput,
} from "../../../shared/schemas/representation.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError } from "../../lib/errors.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { grievantPeople } from "./contact-clock.ts";
import { type ActionContext, lockGrievance } from "./lock.ts";
import { notify } from "./notify.ts";

const invalid = (field: string, message: string) =>
  new AppError(400, "VALIDATION_FAILED", message, { [field]: message });

/**
 * Logs a contact with one grievant (product-decisions.md 36), stewards and admins (the route's
 * permission). The day is checked against the case's timeline: never in the organization's
 * future, and never before the incident (a member often calls before anything is filed), or
 * before the filing day when no incident date was recorded. A grievance with several
 * grievants needs the person; one with a single grievant takes theirs.
 */
export async function logContact(
  ctx: ActionContext,
  id: string,
  input: TContactInput & { internal: boolean },
): Promise<{ id: string }> {
  const { db, tenant, actor } = ctx;
  return withTenant(db, tenant.organizationId, async (trx) => {
    await lockGrievance(trx, tenant, id);
    const g = await trx
      .selectFrom("grievances")
      .select(["id", "type", "status", "submittedBy", "incidentDate", "filedAt"])
      .where("organizationId", "=", tenant.organizationId)
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (g.type === "policy") throw invalid("personId", M.policy);
    const procedure = await loadProcedure(trx, tenant.organizationId);
    const today = todayIn(procedure.timeZone, ctx.now);
    if (input.date > today) throw invalid("date", M.dateFuture);
    if (g.incidentDate && input.date < g.incidentDate) throw invalid("date", M.dateBeforeIncident);
    if (!g.incidentDate && input.date < todayIn(procedure.timeZone, new Date(g.filedAt)))
      throw invalid("date", M.dateBeforeFiling);
    const people = (await grievantPeople(trx, tenant.organizationId, [g])).get(id) ?? [];
    const person = input.personId
      ? people.find((p) => p.personId === input.personId)
      : people.length === 1
        ? people[0]
        : undefined;
    if (!person)
      throw invalid("personId", input.personId || people.length === 0 ? M.person : M.personNeeded);
    const row = await trx
      .insertInto("grievanceContacts")
      .values({
        organizationId: tenant.organizationId,
        grievanceId: id,
        personId: person.personId,
        channel: input.channel,
        contactDate: input.date,
        summary: input.summary,
        internal: input.internal,
        recordedBy: actor.id,
        recordedByName: actor.name,
        createdAt: ctx.now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await notify(trx, {
      organizationId: tenant.organizationId,
      grievanceId: id,
      submittedBy: g.submittedBy,
      kind: "contact",
      internal: input.internal,
    });
    return { id: row.id };
  });
}
