import { RosterMessages, type TPersonGrievance } from "../../../shared/schemas/roster.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import { isUuid } from "../../lib/pagination.ts";

/** More open cases than this for one person is not a list to pick from; the newest are kept. */
const MAX_OPEN = 100;

/**
 * A person's open grievances where they are a grievant (issue 34): the roster entry's 'Log
 * contact' picks one of them. A person of another organization, or none, is 404.
 */
export function listPersonGrievances(
  db: DB,
  organizationId: string,
  personId: string,
): Promise<{ items: TPersonGrievance[] }> {
  if (!isUuid(personId)) throw notFound(RosterMessages.notFound);
  return withTenant(db, organizationId, async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select(["id", "userId"])
      .where("organizationId", "=", organizationId)
      .where("id", "=", personId)
      .executeTakeFirst();
    if (!person) throw notFound(RosterMessages.notFound);
    const rows = await trx
      .selectFrom("grievances as g")
      .select(["g.id", "g.subject", "g.stepName", "g.filedAt", "g.type"])
      .where("g.organizationId", "=", organizationId)
      .where("g.status", "<>", "resolved")
      .where("g.type", "<>", "policy")
      .where((eb) => {
        const named = () =>
          eb
            .selectFrom("grievanceGrievants as gg")
            .select("gg.grievanceId")
            .where("gg.organizationId", "=", organizationId)
            .whereRef("gg.grievanceId", "=", "g.id");
        return eb.or([
          eb.exists(named().where("gg.personId", "=", personId)),
          // An individual grievance with no named grievant is its submitter's (the contact
          // clock's rule, grievances/contact-clock.ts).
          ...(person.userId
            ? [
                eb.and([
                  eb("g.type", "=", "individual"),
                  eb("g.submittedBy", "=", person.userId),
                  eb.not(eb.exists(named())),
                ]),
              ]
            : []),
        ]);
      })
      .orderBy("g.filedAt", "desc")
      .orderBy("g.id", "desc")
      .limit(MAX_OPEN)
      .execute();
    return {
      items: rows.map((r) => ({
        id: r.id,
        subject: r.subject,
        stepName: r.stepName,
        filedAt: new Date(r.filedAt).toISOString(),
        type: r.type === "group" ? "group" : "individual",
      })),
    };
  });
}
