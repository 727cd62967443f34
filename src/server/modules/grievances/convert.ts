import { type IsoDate, todayIn } from "../../../shared/deadline-engine/index.ts";
import { line } from "../../../shared/i18n/text-lines.ts";
import { can } from "../../../shared/permissions.ts";
import { SUBJECT_MAX, type TConvertInput } from "../../../shared/schemas/grievances.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { articleMatcher } from "../../lib/articles/index.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { loadProcedure, workCalendar } from "../../lib/procedure/index.ts";
import { resolveGrievantPeople } from "../roster/index.ts";
import { closeDeadline, openDeadline, setNextDeadline } from "./deadlines.ts";
import { log } from "./event-log.ts";
import { type ActionContext, conflict, runningDeadline } from "./lock.ts";
import { notify, tellSubmitter } from "./notify.ts";
import { writeLinks } from "./related.ts";
import { nextGrievanceId } from "./repo.ts";

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/** One join in progress: its transaction (bound to the tenant's organization) and its day. */
interface Joining {
  trx: TenantTx;
  ctx: ActionContext;
  input: TConvertInput;
  procedure: Awaited<ReturnType<typeof loadProcedure>>;
  today: IsoDate;
}

type Original = Awaited<ReturnType<typeof lockOriginals>>[number];

/**
 * Joins several open individual grievances into one new group grievance (issue 19, recorded in
 * docs/decisions/020). The group grievance is filed today at the procedure's first step, with
 * each original's grievant as its grievants, the originals' articles, and links to each
 * original. Each original closes with outcome 'merged' (and the group grievance's id): its
 * running deadline is closed, its log, deadlines, answers and attachments stay where they were,
 * and its grievant keeps seeing it. All or nothing: any id the organization does not have
 * answers 404, any that is not an open individual grievance 409, and nothing changes.
 */
export async function convertToGroup(ctx: ActionContext, input: TConvertInput) {
  const { db, tenant, actor } = ctx;
  if (!can(tenant.role, "resolve:grievance")) throw forbidden();
  const ids = [...new Set(input.grievanceIds.map((id) => id.trim()))];
  if (ids.length < 2) throw conflict("Choose at least two grievances to join.");

  // One transaction for the whole join, the procedure read in it (issue 35).
  const done = await withTenant(db, tenant.organizationId, async (trx) => {
    const procedure = await loadProcedure(trx, tenant.organizationId);
    const j: Joining = { trx, ctx, input, procedure, today: todayIn(procedure.timeZone, ctx.now) };
    const originals = await lockOriginals(j, ids);
    const grievants = await groupGrievants(j, originals);
    const id = await fileGroup(j, originals, grievants);
    for (const g of originals) await closeMerged(j, g, id, originals);
    // The links are logged on every grievance, and each hears its live event.
    await writeLinks(trx, tenant.organizationId, actor, id, ids, "link");
    await notify(trx, {
      organizationId: tenant.organizationId,
      grievanceId: id,
      submittedBy: tenant.userId,
      kind: "filed",
    });
    return { id, originals };
  });

  for (const g of done.originals) {
    await tellSubmitter(
      db,
      g.submittedBy,
      actor.id,
      g.id,
      line("joinedGroup", { id: done.id, from: g.id }),
      ctx.appUrl,
    );
  }
  return done.id;
}

/**
 * The grievances to join, locked, oldest first: 404 when any is not the organization's, 409
 * when any is not an open individual grievance.
 */
async function lockOriginals({ trx, ctx }: Joining, ids: string[]) {
  const originals = await trx
    .selectFrom("grievances")
    .select([
      "id",
      "type",
      "status",
      "submittedBy",
      "name",
      "badgeNumber",
      "jobTitle",
      "department",
      "location",
      "subject",
      "description",
      "remedy",
      "articles",
      "incidentDate",
      "stepIndex",
      "stepName",
      "nextDeadlineId",
      "filedAt",
    ])
    .where("organizationId", "=", ctx.tenant.organizationId)
    .where("id", "in", ids)
    .orderBy("filedAt")
    .orderBy("id")
    .forUpdate()
    .execute();
  if (originals.length !== ids.length) throw notFound("Grievance Not Found");
  for (const g of originals) {
    if (g.type !== "individual")
      throw conflict(`${g.id} is not an individual grievance: only those can be joined.`);
    if (g.status === "resolved") throw conflict(`${g.id} is resolved: reopen it first.`);
  }
  return originals;
}

/**
 * Each original's grievant (roster person): the one it was filed for (issue 29), else its
 * submitter's if still a member of the organization. 409 when none is left.
 */
async function groupGrievants({ trx, ctx }: Joining, originals: Original[]) {
  const org = ctx.tenant.organizationId;
  const ids = originals.map((g) => g.id);
  const filedFor = await trx
    .selectFrom("grievanceGrievants")
    .select(["grievanceId", "personId"])
    .where("organizationId", "=", org)
    .where("grievanceId", "in", ids)
    .execute();
  const submitters = [
    ...new Set(
      originals
        .filter((g) => !filedFor.some((f) => f.grievanceId === g.id))
        .map((g) => g.submittedBy),
    ),
  ].filter((id): id is string => id !== null);
  const members = await resolveGrievantPeople(trx, org, submitters);
  const grievants = [
    ...new Set([
      ...filedFor.map((f) => f.personId),
      ...submitters.flatMap((u) => members.get(u)?.personId ?? []),
    ]),
  ];
  if (grievants.length === 0)
    throw conflict("None of these grievants is still a member of the organization.");
  return grievants;
}

/**
 * The group grievance, filed today at the first step from the originals (the lead, the oldest,
 * gives the job, department and location), with its grievants, answer deadline and log entry.
 */
async function fileGroup(j: Joining, originals: Original[], grievants: string[]) {
  const { trx, ctx, input, procedure, today } = j;
  const { tenant, actor } = ctx;
  const org = tenant.organizationId;
  const lead = originals[0];
  if (!lead) throw notFound("Grievance Not Found");
  const list = originals.map((g) => g.id).join(", ");
  const id = await nextGrievanceId(trx, org, Number(today.slice(0, 4)));
  const firstStep = procedure.steps[0];
  const stepName = firstStep?.name ?? "Step 1";
  const incidents = originals.map((g) => g.incidentDate).filter((d): d is string => !!d);
  const articles = [...new Set(originals.flatMap((g) => g.articles))].slice(0, 20);
  const articleNumbers = (await articleMatcher(trx, org))(articles);
  await trx
    .insertInto("grievances")
    .values({
      organizationId: org,
      id,
      submittedBy: tenant.userId,
      name: cut(originals.map((g) => g.name).join(", "), 120),
      badgeNumber: cut(originals.map((g) => g.badgeNumber).join(", "), 50),
      jobTitle: lead.jobTitle,
      department: lead.department,
      location: lead.location,
      subject: input.subject || cut(`Group: ${lead.subject}`, SUBJECT_MAX),
      description: cut(
        [
          `Group grievance joining ${list}; each one's own history stays on it.`,
          ...originals.map((g) => `${g.id} (${g.name}): ${g.description}`),
        ].join("\n\n"),
        10_000,
      ),
      remedy: cut([...new Set(originals.map((g) => g.remedy.trim()))].join("\n\n"), 5_000),
      articles,
      articleNumbers,
      incidentDate: incidents.sort()[0] ?? null,
      type: "group",
      stepIndex: 0,
      stepName,
      filedAt: ctx.now,
      updatedAt: ctx.now,
    })
    .execute();
  await trx
    .insertInto("grievanceGrievants")
    .values(grievants.map((personId) => ({ organizationId: org, grievanceId: id, personId })))
    .execute();
  const response = firstStep?.responseLimit
    ? await openDeadline(trx, {
        organizationId: org,
        grievanceId: id,
        stepIndex: 0,
        stepName,
        kind: "response",
        from: today,
        fromLabel: "filed",
        heading: { kind: "response", step: { index: 0, name: stepName } },
        limit: firstStep.responseLimit,
        calendar: workCalendar(procedure),
        timeZone: procedure.timeZone,
      })
    : null;
  await setNextDeadline(trx, org, id, response);
  await log(trx, org, id, actor, {
    kind: "filed",
    line: line("groupFormed", {
      by: { id: actor.id, name: actor.name },
      ids: originals.map((g) => g.id),
      ...(input.note ? { note: input.note } : {}),
    }),
  });
  return id;
}

/** An original closes as merged into `id`: its running deadline closed, resolved, logged. */
async function closeMerged(j: Joining, g: Original, id: string, originals: Original[]) {
  const { trx, ctx, today } = j;
  const org = ctx.tenant.organizationId;
  const running = await runningDeadline(trx, org, g);
  if (running) {
    await closeDeadline(
      trx,
      org,
      running,
      today,
      line("line.closedMerged", { day: today, id }),
      running.state === "missed" ? "missed" : "closed",
    );
  }
  await setNextDeadline(trx, org, g.id, null, {
    status: "resolved",
    heldOn: null,
    holdReason: null,
    outcome: "merged",
    mergedInto: id,
    outcomeSummary: null,
    outcomeLine: JSON.stringify(line("mergedSummary", { id, ids: originals.map((o) => o.id) })),
    closedOn: today,
  });
  await log(trx, org, g.id, ctx.actor, {
    kind: "outcome",
    status: "resolved",
    line: line("mergedInto", { id, step: { index: g.stepIndex, name: g.stepName } }),
  });
}
