import { type IsoDate, todayIn } from "../../../shared/deadline-engine/index.ts";
import { line } from "../../../shared/i18n/text-lines.ts";
import { can } from "../../../shared/permissions.ts";
import {
  defaultSubject,
  GrievanceMessages,
  type TGrievanceInput,
} from "../../../shared/schemas/grievances.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { articleMatcher } from "../../lib/articles/index.ts";
import { AppError, forbidden } from "../../lib/errors.ts";
import { loadProcedure, workCalendar } from "../../lib/procedure/index.ts";
import { getOrganizationConfig } from "../../lib/tenancy/organization.ts";
import type { Tenant } from "../../plugins/access.ts";
import { type GrievantPerson, resolveGrievantPeople } from "../roster/index.ts";
import { closeDeadline, filingVerdict, openDeadline, setNextDeadline } from "./deadlines.ts";
import { log } from "./event-log.ts";
import { notify } from "./notify.ts";
import { checkRelatedIds, writeLinks } from "./related.ts";
import { nextGrievanceId } from "./repo.ts";

type Procedure = Awaited<ReturnType<typeof loadProcedure>>;

/** What a filing was checked into: its type, job title, grievants (roster persons), links. */
interface CheckedFiling {
  type: "individual" | "group" | "policy";
  jobTitle: string;
  grievantPersonIds: string[];
  relatedIds: string[];
}

/**
 * Files a grievance: status new at the procedure's first step, the next id, and the first log
 * entry from System. The filing limit is checked against the incident date and recorded (a
 * late filing is accepted and marked, never refused); the employer's Step 1 answer deadline
 * runs from the filing day. One transaction bound to the tenant's organization holds the
 * checks and every write (issue 35); a refused filing rolls it back having written nothing.
 */
export function fileGrievance(
  db: DB,
  tenant: Tenant,
  input: TGrievanceInput,
  now: Date = new Date(),
) {
  return withTenant(db, tenant.organizationId, async (trx) => {
    const procedure = await loadProcedure(trx, tenant.organizationId);
    const today = todayIn(procedure.timeZone, now);
    const checked = await checkFiling(trx, tenant, input, today);
    return writeFiling(trx, tenant, input, checked, { procedure, today, now });
  });
}

/**
 * The filing's checks, each field's first problem together in one 400 (a missing permission
 * answers 403 first): the organization's lists, the incident date, the grievants, the links.
 */
async function checkFiling(
  trx: TenantTx,
  tenant: Tenant,
  input: TGrievanceInput,
  today: IsoDate,
): Promise<CheckedFiling> {
  const config = await getOrganizationConfig(trx, tenant.organizationId);
  const fields: Record<string, string> = {};
  // A policy grievance has no individual grievant and needs no job title (issue 30); one given
  // is still from the organization's list.
  const jobTitle = input.jobTitle ?? "";
  if ((input.type !== "policy" || jobTitle) && !config.jobTitles.includes(jobTitle))
    fields.jobTitle = GrievanceMessages.notInList.jobTitle;
  if (!config.departments.includes(input.department))
    fields.department = GrievanceMessages.notInList.department;
  if (!config.locations.includes(input.location))
    fields.location = GrievanceMessages.notInList.location;
  if (input.incidentDate && input.incidentDate > today)
    fields.incidentDate = GrievanceMessages.incidentInFuture;
  const seesAll = can(tenant.role, "view:all_grievances");
  // Group and policy grievances are filed by stewards and admins (product-decisions.md 31).
  const type = input.type ?? "individual";
  if (type !== "individual" && !seesAll) throw forbidden();
  // Grievants by account or roster id (issue 29); a roster person needs a steward or admin.
  const rosterId = input.grievantRosterId || undefined;
  if (rosterId && !seesAll) throw forbidden();
  if (rosterId && type === "policy") fields.grievantRosterId = GrievanceMessages.grievantRoster;
  const grievantIds = [...new Set(input.grievantIds ?? [])];
  const named = type === "group" ? [...grievantIds, ...(rosterId ? [rosterId] : [])] : [];
  if (type === "individual" && rosterId) named.push(rosterId);
  const people = named.length
    ? await resolveGrievantPeople(trx, tenant.organizationId, named)
    : new Map<string, GrievantPerson>();
  if (
    type === "group" &&
    (grievantIds.length + (rosterId ? 1 : 0) === 0 || grievantIds.some((g) => !people.has(g)))
  )
    fields.grievantIds = GrievanceMessages.grievants;
  if (rosterId && type !== "policy" && !people.has(rosterId))
    fields.grievantRosterId = GrievanceMessages.grievantRoster;
  const grievantPersonIds = [...new Set(named.map((n) => people.get(n)?.personId))].filter(
    (p): p is string => p !== undefined,
  );
  // Links to related grievances at filing: stewards and admins, the organization's own.
  const relatedIds = [...new Set(input.relatedIds ?? [])];
  if (relatedIds.length > 0 && !seesAll) throw forbidden();
  if (relatedIds.length > 0) {
    // checkRelatedIds reads, then refuses: the transaction is still usable after its AppError.
    await checkRelatedIds(trx, tenant.organizationId, relatedIds).catch((e: unknown) => {
      if (!(e instanceof AppError)) throw e;
      fields.relatedIds = e.message;
    });
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError(400, "VALIDATION_FAILED", first, fields);
  return { type, jobTitle, grievantPersonIds, relatedIds };
}

/** The checked filing's rows: the grievance, its grievants, deadlines, log entries and links. */
async function writeFiling(
  trx: TenantTx,
  tenant: Tenant,
  input: TGrievanceInput,
  checked: CheckedFiling,
  at: { procedure: Procedure; today: IsoDate; now: Date },
) {
  const { procedure, today, now } = at;
  const {
    subject,
    incidentDate,
    articles,
    type: _type,
    grievantIds: _ids,
    grievantRosterId: _rosterId,
    relatedIds: _related,
    ...rest
  } = input;
  const stepName = procedure.steps[0]?.name ?? "Step 1";
  const id = await nextGrievanceId(trx, tenant.organizationId, Number(today.slice(0, 4)));
  const cited = articles ?? [];
  const articleNumbers = (await articleMatcher(trx, tenant.organizationId))(cited);
  await trx
    .insertInto("grievances")
    .values({
      organizationId: tenant.organizationId,
      id,
      submittedBy: tenant.userId,
      ...rest,
      jobTitle: checked.jobTitle,
      subject: subject || defaultSubject(rest.description),
      incidentDate: incidentDate ?? null,
      articles: cited,
      articleNumbers,
      type: checked.type,
      stepIndex: 0,
      stepName,
      filedAt: now,
      updatedAt: now,
      // The grievant's contact clock starts at filing (issue 34), on the app's clock.
      grievantUpdatedAt: now,
    })
    .execute();
  if (checked.grievantPersonIds.length > 0) {
    await trx
      .insertInto("grievanceGrievants")
      .values(
        checked.grievantPersonIds.map((personId) => ({
          organizationId: tenant.organizationId,
          grievanceId: id,
          personId,
        })),
      )
      .execute();
  }
  const late = await openFilingDeadlines(trx, tenant, id, incidentDate ?? null, at);
  await log(trx, tenant.organizationId, id, null, {
    kind: "filed",
    line: line("filedBy", { by: { id: null, name: input.name } }),
  });
  if (late) {
    await log(trx, tenant.organizationId, id, null, {
      kind: "deadline",
      line: line("filedLate", { day: today, days: late }),
    });
  }
  await writeLinks(trx, tenant.organizationId, null, id, checked.relatedIds, "link");
  await notify(trx, {
    organizationId: tenant.organizationId,
    grievanceId: id,
    submittedBy: tenant.userId,
    kind: "filed",
  });
  return { id, filingLate: late !== null };
}

/**
 * The filing limit, judged at once from the incident date and closed, and the first step's
 * answer deadline, which then runs. The days late, or null when filed in time.
 */
async function openFilingDeadlines(
  trx: TenantTx,
  tenant: Tenant,
  grievanceId: string,
  incidentDate: string | null,
  at: { procedure: Procedure; today: IsoDate },
) {
  const { procedure, today } = at;
  const firstStep = procedure.steps[0];
  const stepName = firstStep?.name ?? "Step 1";
  const base = {
    organizationId: tenant.organizationId,
    grievanceId,
    stepIndex: 0,
    stepName,
    calendar: workCalendar(procedure),
    timeZone: procedure.timeZone,
  };
  let late: number | null = null;
  if (incidentDate) {
    const filing = await openDeadline(trx, {
      ...base,
      kind: "filing",
      from: incidentDate,
      fromLabel: "incident",
      heading: { kind: "filing" },
      limit: procedure.filingLimit,
    });
    const verdict = filingVerdict(filing.dueDate, today);
    await closeDeadline(trx, tenant.organizationId, filing, today, verdict.line);
    if (verdict.state === "missed") late = verdict.late;
  }
  const response = firstStep?.responseLimit
    ? await openDeadline(trx, {
        ...base,
        kind: "response",
        from: today,
        fromLabel: "filed",
        heading: { kind: "response", step: { index: 0, name: stepName } },
        limit: firstStep.responseLimit,
      })
    : null;
  await setNextDeadline(trx, tenant.organizationId, grievanceId, response, {
    filingLate: late !== null,
  });
  return late;
}
