import { computeDueDate, daysBetween, todayIn } from "../../../shared/deadline-engine/index.ts";
import type { TProcedure } from "../../../shared/schemas/procedure.ts";
import type {
  TContact,
  TGrievantContact,
  TLastContact,
} from "../../../shared/schemas/representation.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { workCalendar } from "../../lib/procedure/index.ts";

/** What the contact clock reads of a grievance. */
export interface ClockGrievance {
  id: string;
  type: "individual" | "group" | "policy";
  status: string;
  submittedBy: string | null;
  /** When a grievant last heard from the union in the portal or by mail (migration 0096). */
  grievantUpdatedAt: Date | string;
}

export interface ContactClock {
  /** The grievant waiting longest: their last contact and the days since. */
  lastContact: TLastContact | null;
  daysSinceContact: number | null;
  /** An open case with a grievant past the local's contact limit. */
  overdue: boolean;
  grievants: TGrievantContact[];
}

export interface GrievantPerson {
  personId: string;
  name: string;
  userId: string | null;
}

/**
 * Each grievance's grievants as roster people (product-decisions.md 32): its grievant rows, or
 * for an individual grievance a member filed for themselves, the submitter's own person.
 */
export async function grievantPeople(
  trx: TenantTx,
  organizationId: string,
  gs: Pick<ClockGrievance, "id" | "type" | "submittedBy">[],
): Promise<Map<string, GrievantPerson[]>> {
  const out = new Map<string, GrievantPerson[]>(gs.map((g) => [g.id, []]));
  const ids = gs.filter((g) => g.type !== "policy").map((g) => g.id);
  if (ids.length === 0) return out;
  const rows = await trx
    .selectFrom("grievanceGrievants as gg")
    .innerJoin("people as p", (j) =>
      j.onRef("p.organizationId", "=", "gg.organizationId").onRef("p.id", "=", "gg.personId"),
    )
    .select(["gg.grievanceId", "gg.personId", "gg.userId", "p.name"])
    .where("gg.organizationId", "=", organizationId)
    .where("gg.grievanceId", "in", ids)
    .orderBy("p.name")
    .orderBy("gg.personId")
    .execute();
  for (const r of rows)
    out.get(r.grievanceId)?.push({ personId: r.personId, name: r.name, userId: r.userId });
  const bySubmitter = gs.filter(
    (g) => g.type === "individual" && g.submittedBy && out.get(g.id)?.length === 0,
  );
  const submitters = [...new Set(bySubmitter.map((g) => g.submittedBy as string))];
  if (submitters.length > 0) {
    const people = await trx
      .selectFrom("people")
      .select(["id", "name", "userId"])
      .where("organizationId", "=", organizationId)
      .where("userId", "in", submitters)
      .execute();
    const of = new Map(people.map((p) => [p.userId, p]));
    for (const g of bySubmitter) {
      const p = of.get(g.submittedBy);
      if (p) out.get(g.id)?.push({ personId: p.id, name: p.name, userId: p.userId });
    }
  }
  return out;
}

/**
 * The contact clock of each grievance (product-decisions.md 36): per grievant, the later of
 * their last logged contact and the last time the union wrote to the grievants in the portal or
 * by mail (comments and actions are mailed to every grievant, so they count for each). A case
 * is past the limit when its organization's today is after the limit counted by the engine
 * from that day (product-decisions.md 26). Resolved cases are never flagged.
 */
export async function contactClocks(
  trx: TenantTx,
  organizationId: string,
  gs: ClockGrievance[],
  procedure: TProcedure,
  now: Date,
): Promise<Map<string, ContactClock>> {
  const people = await grievantPeople(trx, organizationId, gs);
  const ids = gs.map((g) => g.id);
  const logged =
    ids.length === 0
      ? []
      : await trx
          .selectFrom("grievanceContacts")
          .distinctOn(["grievanceId", "personId"])
          .select(["grievanceId", "personId", "contactDate", "channel"])
          .where("organizationId", "=", organizationId)
          .where("grievanceId", "in", ids)
          .orderBy("grievanceId")
          .orderBy("personId")
          .orderBy("contactDate", "desc")
          .orderBy("createdAt", "desc")
          .execute();
  const lastLogged = new Map(logged.map((r) => [`${r.grievanceId} ${r.personId}`, r]));
  const today = todayIn(procedure.timeZone, now);
  const calendar = workCalendar(procedure);
  const limitEnds = new Map<string, string>();
  const dueAfter = (day: string) => {
    let due = limitEnds.get(day);
    if (!due) {
      due = computeDueDate({
        from: day,
        fromLabel: "lastContact",
        heading: { kind: "contact" },
        limit: procedure.contactLimit,
        calendar,
      }).dueDate;
      limitEnds.set(day, due);
    }
    return due;
  };
  const out = new Map<string, ContactClock>();
  for (const g of gs) {
    const portal: TLastContact = {
      date: todayIn(procedure.timeZone, new Date(g.grievantUpdatedAt)),
      channel: "portal",
    };
    const open = g.status !== "resolved";
    const grievants: TGrievantContact[] = (people.get(g.id) ?? []).map((p) => {
      const row = lastLogged.get(`${g.id} ${p.personId}`);
      const last: TLastContact =
        row && row.contactDate >= portal.date
          ? { date: row.contactDate, channel: row.channel as TLastContact["channel"] }
          : portal;
      return {
        personId: p.personId,
        name: p.name,
        lastContact: last,
        daysSinceContact: Math.max(0, daysBetween(last.date, today)),
        overdue: open && today > dueAfter(last.date),
      };
    });
    const stalest = grievants.reduce<TGrievantContact | null>(
      (worst, c) =>
        !worst || (c.lastContact?.date ?? "") < (worst.lastContact?.date ?? "") ? c : worst,
      null,
    );
    out.set(g.id, {
      lastContact: stalest?.lastContact ?? null,
      daysSinceContact: stalest?.daysSinceContact ?? null,
      overdue: grievants.some((c) => c.overdue),
      grievants,
    });
  }
  return out;
}

/**
 * A grievance's contacts, newest first. `viewer` is a grievant's own person ids (null for
 * stewards and admins): a grievant sees only their own contacts, and an internal one without
 * its summary (product-decisions.md 28).
 */
export async function contactsOf(
  trx: TenantTx,
  organizationId: string,
  grievanceId: string,
  viewer: string[] | null,
): Promise<TContact[]> {
  let q = trx
    .selectFrom("grievanceContacts as c")
    .innerJoin("people as p", (j) =>
      j.onRef("p.organizationId", "=", "c.organizationId").onRef("p.id", "=", "c.personId"),
    )
    .select([
      "c.id",
      "c.personId",
      "p.name",
      "c.channel",
      "c.contactDate",
      "c.summary",
      "c.internal",
      "c.recordedByName",
      "c.createdAt",
    ])
    .where("c.organizationId", "=", organizationId)
    .where("c.grievanceId", "=", grievanceId);
  if (viewer) {
    if (viewer.length === 0) return [];
    q = q.where("c.personId", "in", viewer);
  }
  const rows = await q.orderBy("c.contactDate", "desc").orderBy("c.createdAt", "desc").execute();
  return rows.map((r) => ({
    id: r.id,
    personId: r.personId,
    personName: r.name,
    channel: r.channel as TContact["channel"],
    date: r.contactDate,
    summary: viewer && r.internal ? null : r.summary,
    internal: r.internal,
    recordedBy: r.recordedByName,
    recordedAt: new Date(r.createdAt).toISOString(),
  }));
}

/** The contact clocks of these grievances, read by id (the board's page). */
export async function clocksByIds(
  trx: TenantTx,
  organizationId: string,
  ids: string[],
  procedure: TProcedure,
  now: Date,
): Promise<Map<string, ContactClock>> {
  if (ids.length === 0) return new Map();
  const gs = await trx
    .selectFrom("grievances")
    .select(["id", "type", "status", "submittedBy", "grievantUpdatedAt"])
    .where("organizationId", "=", organizationId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  return contactClocks(trx, organizationId, gs, procedure, now);
}

/** How many candidates the dashboard and the digest weigh at most (oldest heard first). */
export const CONTACT_CANDIDATES = 1000;

/**
 * Open cases past the contact limit, the grievant waiting longest first. A case is past it
 * only if the grievants last heard from the union in the portal more than the limit's days
 * ago (a business limit is never shorter in days), so only those are weighed, by the partial
 * index of open cases (migration 0170), at most CONTACT_CANDIDATES of them.
 */
export async function overdueContacts(
  trx: TenantTx,
  organizationId: string,
  procedure: TProcedure,
  now: Date,
  assigneeId?: string,
): Promise<{ grievanceId: string; subject: string; daysSinceContact: number }[]> {
  const before = new Date(now.getTime() - (procedure.contactLimit.days - 1) * 86_400_000);
  let q = trx
    .selectFrom("grievances")
    .select(["id", "type", "status", "submittedBy", "grievantUpdatedAt", "subject"])
    .where("organizationId", "=", organizationId)
    .where("status", "<>", "resolved")
    .where("grievantUpdatedAt", "<", before);
  if (assigneeId) q = q.where("assigneeId", "=", assigneeId);
  const gs = await q.orderBy("grievantUpdatedAt").orderBy("id").limit(CONTACT_CANDIDATES).execute();
  const clocks = await contactClocks(trx, organizationId, gs, procedure, now);
  return gs
    .flatMap((g) => {
      const c = clocks.get(g.id);
      return c?.overdue
        ? [{ grievanceId: g.id, subject: g.subject, daysSinceContact: c.daysSinceContact ?? 0 }]
        : [];
    })
    .sort((a, b) => b.daysSinceContact - a.daysSinceContact);
}
