import { sql } from "kysely";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import { line } from "../../../shared/i18n/text-lines.ts";
import { OUTCOMES, type TOutcome } from "../../../shared/outcomes.ts";
import {
  type GRIEVANCE_IMPORT_FIELDS,
  GrievanceImportMessages as M,
  type TGrievanceImportResult,
} from "../../../shared/schemas/grievance-import.ts";
import { defaultSubject, SUBJECT_MAX, ZDay } from "../../../shared/schemas/grievances.ts";
import { RosterMessages } from "../../../shared/schemas/roster.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { articleMatcher } from "../../lib/articles/index.ts";
import { AppError } from "../../lib/errors.ts";
import { storedStepNameOf } from "../../lib/i18n/index.ts";
import { guessMapping } from "../../lib/imports/columns.ts";
import { loadProcedure, workCalendar } from "../../lib/procedure/index.ts";
import {
  type ImportContext,
  type ImportRequest,
  normalizeDay,
  openImport,
  readImportTable,
} from "../roster/index.ts";
import { closeDeadline, filingVerdict, openDeadline, setNextDeadline } from "./deadlines.ts";
import { type Actor, log } from "./event-log.ts";
import { HISTORY_SYNONYMS } from "./history-columns.ts";
import { nextGrievanceId } from "./repo.ts";

/**
 * The grievance history import (issue 29, product-decisions.md 33): the local's open and past
 * grievances from its spreadsheet. Each row names its grievant by badge number or name (matched
 * to the roster), its dates, step, status and outcome. Open ones get their running deadline
 * computed by the procedure engine from the imported dates, with explanation lines that say so;
 * a deadline already past at import is missed unless the row says it was met. Rows keep their
 * own ids when they have them (a G-YYYY-NNNN id moves the organization's counter past it);
 * a row already imported (same id, or same grievant, filed date and subject) is unchanged.
 */

type Mapping = Partial<Record<(typeof GRIEVANCE_IMPORT_FIELDS)[number], string>>;
type RowError = { column: string | null; field: string | null; message: string };

interface Person {
  id: string;
  name: string;
  badgeNumber: string | null;
  jobTitle: string | null;
  department: string | null;
  location: string | null;
}

interface PlannedGrievance {
  id: string | null;
  type: "individual" | "group" | "policy";
  people: Person[];
  subject: string;
  description: string;
  remedy: string;
  articles: string[];
  incidentDate: string | null;
  filedDate: string;
  stepIndex: number;
  status: "new" | "pending" | "escalated" | "resolved";
  outcome: TOutcome | null;
  closedDate: string | null;
  assigneeId: string | null;
  met: boolean;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const fold = (v: string) =>
  v
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

const OUTCOME_WORDS: Record<string, TOutcome> = {
  ...Object.fromEntries(OUTCOMES.map((o) => [fold(o), o])),
  won: "arbitration_won",
  "won at arbitration": "arbitration_won",
  lost: "arbitration_lost",
  "lost at arbitration": "arbitration_lost",
};
const YES = new Set(["yes", "y", "true", "1", "met", "si", "x"]);
const NO = new Set(["", "no", "n", "false", "0", "missed"]);

function day(
  text: string,
  message: string,
  today: string,
  errors: RowError[],
  column: string | null,
  field: string,
) {
  if (!text) return null;
  const value = normalizeDay(text);
  if (!ZDay.safeParse(value).success) {
    errors.push({ column, field, message });
    return null;
  }
  if (value > today) {
    errors.push({ column, field, message: M.inFuture });
    return null;
  }
  return value;
}

export async function runHistoryImport(
  db: DB,
  ctx: ImportContext,
  actor: Actor,
  req: Omit<ImportRequest, "sync" | "invite" | "stopOnErrors" | "mapping"> & {
    mapping: Mapping | null;
    stopOnErrors: boolean;
  },
  translate: (message: string) => string,
  now: Date,
): Promise<TGrievanceImportResult> {
  const opened = await openImport(
    db,
    ctx,
    { ...req, mapping: req.mapping as never, sync: false, invite: false },
    "grievances",
  );
  const table = await readImportTable(opened.data);
  const mapping: Mapping =
    (opened.mapping as Mapping | null) ?? guessMapping(table.columns, HISTORY_SYNONYMS);
  let problem: string | null = null;
  for (const header of Object.values(mapping))
    if (header && !table.columns.includes(header)) problem = RosterMessages.mappingColumn;
  if (!problem && !mapping.filedDate) problem = M.mappingFiled;
  if (problem && req.mode !== "preview")
    throw new AppError(400, "VALIDATION_FAILED", problem, { mapping: problem });
  const apply = req.mode !== "preview" && !problem;
  const procedure = await loadProcedure(db, ctx.organizationId);
  const today = todayIn(procedure.timeZone, now);

  const outcome = await withTenant(db, ctx.organizationId, async (trx) => {
    await trx
      .updateTable("rosterImports")
      .set({ mapping: JSON.stringify(mapping) })
      .where("organizationId", "=", ctx.organizationId)
      .where("id", "=", opened.id)
      .execute();
    if (problem) return null;
    if (apply)
      await trx
        .selectFrom("organizations")
        .select("id")
        .where("id", "=", ctx.organizationId)
        .forUpdate()
        .execute();
    const plan = await planHistory(trx, ctx.organizationId, table, mapping, procedure.steps, today);
    if (!apply) return plan;
    if (req.stopOnErrors && plan.counts.errors > 0)
      throw new AppError(400, "VALIDATION_FAILED", RosterMessages.hasErrors, {
        file: RosterMessages.hasErrors,
      });
    const calendar = workCalendar(procedure);
    const articleNumbers = await articleMatcher(trx, ctx.organizationId);
    for (const r of plan.rows) {
      if (r.action !== "new" || !r.plan) continue;
      r.id = await writeGrievance(trx, ctx, actor, r.plan, {
        steps: procedure.steps,
        calendar,
        articleNumbers,
        timeZone: procedure.timeZone,
        today,
        filingLimit: procedure.filingLimit,
      });
    }
    await trx
      .updateTable("rosterImports")
      .set({ appliedAt: new Date() })
      .where("organizationId", "=", ctx.organizationId)
      .where("id", "=", opened.id)
      .execute();
    return plan;
  });
  return {
    importId: opened.id,
    mode: req.mode,
    applied: apply,
    columns: table.columns,
    mapping: mapping as Record<string, string>,
    counts: outcome?.counts ?? { new: 0, unchanged: 0, errors: 0 },
    rows: (outcome?.rows ?? []).map(({ plan: _plan, ...r }) => ({
      ...r,
      errors: r.errors.map((e) => ({ ...e, message: translate(e.message) })),
    })),
    mappingProblem: problem ? translate(problem) : null,
  };
}

/** The roster by badge number and by name, and the stewards and admins, for matching rows. */
async function historyLookups(trx: TenantTx, organizationId: string) {
  const people = await trx
    .selectFrom("people")
    .select(["id", "name", "badgeNumber", "jobTitle", "department", "location"])
    .where("organizationId", "=", organizationId)
    .execute();
  const byBadge = new Map<string, Person>();
  const byName = new Map<string, Person[]>();
  for (const p of people) {
    if (p.badgeNumber) byBadge.set(fold(p.badgeNumber), p);
    byName.set(fold(p.name), [...(byName.get(fold(p.name)) ?? []), p]);
  }
  const staff = await trx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select(["u.id", "u.name", "u.email"])
    .where("m.organizationId", "=", organizationId)
    .where("m.role", "in", ["admin", "steward"])
    .execute();
  return { byBadge, byName, staff };
}

/** The grievants a row names (`;` between names), each by badge number or by a unique name. */
function findGrievants(
  text: string,
  lookups: { byBadge: Map<string, Person>; byName: Map<string, Person[]> },
  err: (field: keyof Mapping, message: string) => void,
): Person[] {
  const { byBadge, byName } = lookups;
  const found: Person[] = [];
  const names = text
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) err("grievant", M.grievantMissing);
  for (const name of names) {
    const byB = byBadge.get(fold(name));
    const named = byName.get(fold(name)) ?? [];
    if (byB) found.push(byB);
    else if (named.length === 1) found.push(named[0] as Person);
    else err("grievant", named.length > 1 ? M.grievantAmbiguous : M.grievantUnknown);
  }
  return found;
}

/** The step a row names, by the procedure's name for it or its number (`2`, `Step 2`). */
function stepIndexOf(
  stepText: string,
  steps: { name: string }[],
  err: (field: keyof Mapping, message: string) => void,
): number {
  let stepIndex = 0;
  if (stepText) {
    const number = Number(stepText.replace(/^step\s*/i, ""));
    // A default step named in any offered language ('Paso 2', 'Arbitrage') is that step.
    const asStored = storedStepNameOf(stepText.trim());
    const byStepName = steps.findIndex(
      (s) => fold(s.name) === fold(stepText) || s.name === asStored,
    );
    if (byStepName >= 0) stepIndex = byStepName;
    else if (Number.isInteger(number) && number >= 1 && number <= steps.length)
      stepIndex = number - 1;
    else err("step", M.step);
  }
  return stepIndex;
}

/** Rows without an id already imported (the same grievant, filed date and subject): unchanged. */
async function markImported(
  trx: TenantTx,
  organizationId: string,
  rows: {
    action: "new" | "unchanged" | "error";
    id: string | null;
    plan: PlannedGrievance | null;
  }[],
): Promise<void> {
  const open = rows.filter((r) => r.action === "new" && r.plan && !r.plan.id);
  if (open.length > 0) {
    const dates = [...new Set(open.map((r) => r.plan?.filedDate as string))];
    const existing = await sql<{ id: string; key: string }>`
      SELECT g.id, g.name || '|' || to_char(g.filed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') || '|' || g.subject AS key
      FROM grievances g
      WHERE g.organization_id = ${organizationId}
        AND (g.filed_at AT TIME ZONE 'UTC')::date = ANY(${dates}::date[])`.execute(trx);
    const seen = new Map(existing.rows.map((r) => [r.key, r.id]));
    for (const r of open) {
      const p = r.plan as PlannedGrievance;
      const match = seen.get(`${nameOf(p)}|${p.filedDate}|${p.subject}`);
      if (match) {
        r.action = "unchanged";
        r.id = match;
      }
    }
  }
}

/** What a row of the history file needs to be planned. */
interface RowContext {
  lookups: Awaited<ReturnType<typeof historyLookups>>;
  col: (field: keyof Mapping) => string | null;
  at: (cells: string[], field: keyof Mapping) => string;
  fileIds: Map<string, number>;
  existingIds: Set<string>;
  steps: { name: string }[];
  today: string;
}

interface PlannedRow {
  row: number;
  action: "new" | "unchanged" | "error";
  id: string | null;
  errors: RowError[];
  plan: PlannedGrievance | null;
}

/** One row of the history file: its errors, or the grievance it makes. */
function planRow(ctx: RowContext, cells: string[], row: number): PlannedRow {
  const { lookups, col, at, fileIds, existingIds, steps, today } = ctx;
  const { staff } = lookups;
  const errors: RowError[] = [];
  const err = (field: keyof Mapping, message: string) =>
    errors.push({ column: col(field), field, message });

  const id = at(cells, "id") || null;
  if (id && !ID.test(id)) err("id", M.id);
  else if (id && (fileIds.get(id) ?? 0) > 1) err("id", M.idTwice);

  const typeText = fold(at(cells, "type"));
  const type = (typeText || "individual") as PlannedGrievance["type"];
  if (!["individual", "group", "policy"].includes(type)) err("type", M.type);

  const found = type === "policy" ? [] : findGrievants(at(cells, "grievant"), lookups, err);

  const filedDate = day(
    at(cells, "filedDate"),
    M.filedDate,
    today,
    errors,
    col("filedDate"),
    "filedDate",
  );
  if (!at(cells, "filedDate")) err("filedDate", M.filedDate);
  const incidentDate = day(
    at(cells, "incidentDate"),
    M.incidentDate,
    today,
    errors,
    col("incidentDate"),
    "incidentDate",
  );
  const closedDate = day(
    at(cells, "closedDate"),
    M.closedDate,
    today,
    errors,
    col("closedDate"),
    "closedDate",
  );

  const stepIndex = stepIndexOf(at(cells, "step"), steps, err);

  const outcomeText = fold(at(cells, "outcome"));
  const outcomeValue = outcomeText ? (OUTCOME_WORDS[outcomeText] ?? null) : null;
  if (outcomeText && !outcomeValue) err("outcome", M.outcome);
  const statusText = fold(at(cells, "status"));
  let status: PlannedGrievance["status"];
  if (["resolved", "closed"].includes(statusText) || (!statusText && (outcomeValue || closedDate)))
    status = "resolved";
  else if (["", "open", "new", "pending", "escalated"].includes(statusText))
    status =
      statusText === "new" && stepIndex === 0 ? "new" : stepIndex === 0 ? "pending" : "escalated";
  else {
    err("status", M.status);
    status = "pending";
  }
  if (outcomeValue && status !== "resolved") err("outcome", M.outcomeOpen);

  const stewardText = fold(at(cells, "steward"));
  const steward = stewardText
    ? staff.find((s) => fold(s.name) === stewardText || fold(s.email) === stewardText)
    : undefined;
  if (stewardText && !steward) err("steward", M.steward);

  const metText = fold(at(cells, "deadlineMet"));
  if (!YES.has(metText) && !NO.has(metText)) err("deadlineMet", M.met);

  const description = at(cells, "description").slice(0, 10_000);
  const subjectText = at(cells, "subject");
  if (subjectText.length > SUBJECT_MAX) err("subject", M.tooLong);
  const subject =
    subjectText ||
    (description ? defaultSubject(description) : found.map((p) => p.name).join(", "));
  const articles = at(cells, "articles")
    .split(/[;|\n]/)
    .map((a) => a.trim().slice(0, 100))
    .filter(Boolean)
    .slice(0, 20);

  if (errors.length > 0 || !filedDate) {
    return { row, action: "error", id, errors, plan: null };
  }
  const plan: PlannedGrievance = {
    id,
    type,
    people: found,
    subject: subject.slice(0, SUBJECT_MAX),
    description,
    remedy: at(cells, "remedy").slice(0, 5_000),
    articles,
    incidentDate,
    filedDate,
    stepIndex,
    status,
    outcome: status === "resolved" ? outcomeValue : null,
    closedDate: status === "resolved" ? closedDate : null,
    assigneeId: steward?.id ?? null,
    met: YES.has(metText),
  };
  return { row, action: id && existingIds.has(id) ? "unchanged" : "new", id, errors, plan };
}

async function planHistory(
  trx: TenantTx,
  organizationId: string,
  table: Awaited<ReturnType<typeof readImportTable>>,
  mapping: Mapping,
  steps: { name: string }[],
  today: string,
) {
  const lookups = await historyLookups(trx, organizationId);
  const col = (field: keyof Mapping) => mapping[field] ?? null;
  const at = (cells: string[], field: keyof Mapping) => {
    const header = mapping[field];
    const i = header ? table.columns.indexOf(header) : -1;
    return i >= 0 ? (cells[i] ?? "").trim() : "";
  };

  const fileIds = new Map<string, number>();
  for (const cells of table.rows) {
    const id = at(cells, "id");
    if (id) fileIds.set(id, (fileIds.get(id) ?? 0) + 1);
  }
  const existingIds = new Set(
    fileIds.size
      ? (
          await trx
            .selectFrom("grievances")
            .select("id")
            .where("organizationId", "=", organizationId)
            .where("id", "in", [...fileIds.keys()])
            .execute()
        ).map((g) => g.id)
      : [],
  );

  const ctx: RowContext = { lookups, col, at, fileIds, existingIds, steps, today };
  const rows = table.rows.map((cells, i) => planRow(ctx, cells, table.rowNumbers[i] ?? i + 2));

  await markImported(trx, organizationId, rows);
  const counts = { new: 0, unchanged: 0, errors: 0 };
  for (const r of rows) counts[r.action === "error" ? "errors" : r.action]++;
  return { rows, counts };
}

const nameOf = (p: PlannedGrievance) =>
  p.people
    .map((x) => x.name)
    .join(", ")
    .slice(0, 120);

/** The imported grievance's row and its grievants. */
async function insertImported(
  trx: TenantTx,
  ctx: ImportContext,
  p: PlannedGrievance,
  id: string,
  stepName: string,
  articleNumbers: string[],
): Promise<void> {
  const org = ctx.organizationId;
  const lead = p.people[0];
  const filedAt = new Date(`${p.filedDate}T12:00:00Z`);
  await trx
    .insertInto("grievances")
    .values({
      organizationId: org,
      id,
      submittedBy: ctx.userId,
      name: nameOf(p),
      badgeNumber: p.people
        .map((x) => x.badgeNumber ?? "")
        .filter(Boolean)
        .join(", ")
        .slice(0, 50),
      jobTitle: lead?.jobTitle ?? "",
      department: lead?.department ?? "",
      location: lead?.location ?? "",
      subject: p.subject,
      description: p.description,
      remedy: p.remedy,
      articles: p.articles,
      articleNumbers,
      incidentDate: p.incidentDate,
      type: p.type,
      status: p.status,
      stepIndex: p.stepIndex,
      stepName,
      assigneeId: p.assigneeId,
      outcome: p.outcome,
      closedOn: p.closedDate,
      filedAt,
      updatedAt: new Date(),
    })
    .execute();
  if (p.people.length > 0) {
    await trx
      .insertInto("grievanceGrievants")
      .values(
        [...new Set(p.people.map((x) => x.id))].map((personId) => ({
          organizationId: org,
          grievanceId: id,
          personId,
        })),
      )
      .execute();
  }
}

/** Writes one imported grievance with its grievants, deadlines and log entry; answers its id. */
async function writeGrievance(
  trx: TenantTx,
  ctx: ImportContext,
  actor: Actor,
  p: PlannedGrievance,
  procedure: {
    steps: { name: string; responseLimit: Parameters<typeof openDeadline>[1]["limit"] | null }[];
    calendar: ReturnType<typeof workCalendar>;
    articleNumbers: (citations: readonly string[]) => string[];
    timeZone: string;
    today: string;
    filingLimit: Parameters<typeof openDeadline>[1]["limit"];
  },
): Promise<string> {
  const org = ctx.organizationId;
  const id = p.id ?? (await nextGrievanceId(trx, org, Number(p.filedDate.slice(0, 4))));
  const kept = p.id ? /^G-(\d{4})-(\d+)$/.exec(p.id) : null;
  if (kept) {
    // A kept G-YYYY-NNNN id: the organization's own numbering continues after it.
    await sql`INSERT INTO grievance_counters (organization_id, year, last_number)
      VALUES (${org}, ${Number(kept[1])}, ${Number(kept[2])})
      ON CONFLICT (organization_id, year) DO UPDATE
        SET last_number = greatest(grievance_counters.last_number, EXCLUDED.last_number)`.execute(
      trx,
    );
  }
  const step = procedure.steps[p.stepIndex];
  const stepName = step?.name ?? "Step 1";
  await insertImported(trx, ctx, p, id, stepName, procedure.articleNumbers(p.articles));
  const imported = line("line.imported", { day: procedure.today });
  const base = {
    organizationId: org,
    grievanceId: id,
    stepIndex: p.stepIndex,
    stepName,
    calendar: procedure.calendar,
    timeZone: procedure.timeZone,
  };
  let late = false;
  if (p.incidentDate) {
    const filing = await openDeadline(trx, {
      ...base,
      stepIndex: 0,
      stepName: procedure.steps[0]?.name ?? stepName,
      kind: "filing",
      from: p.incidentDate,
      fromLabel: "incident",
      heading: { kind: "filing" },
      limit: procedure.filingLimit,
    });
    const verdict = filingVerdict(filing.dueDate, p.filedDate);
    await closeDeadline(
      trx,
      org,
      { ...filing, explanation: [...filing.explanation, imported] },
      p.filedDate,
      verdict.line,
    );
    late = verdict.state === "missed";
  }
  let running = null;
  if (p.status !== "resolved" && step?.responseLimit) {
    const response = await openDeadline(trx, {
      ...base,
      kind: "response",
      from: p.filedDate,
      fromLabel: "filed",
      heading: { kind: "response", step: { index: p.stepIndex, name: stepName } },
      limit: step.responseLimit,
    });
    const explanation = [...response.explanation, imported];
    if (p.met) {
      await closeDeadline(
        trx,
        org,
        { ...response, explanation },
        procedure.today,
        line("line.importedMet", {}),
        "met",
      );
    } else if (response.dueDate < procedure.today) {
      await trx
        .updateTable("grievanceDeadlines")
        .set({
          state: "missed",
          missedAt: new Date(),
          explanation: JSON.stringify([...explanation, line("line.importedMissed", {})]),
        })
        .where("organizationId", "=", org)
        .where("id", "=", response.id)
        .execute();
      running = response;
    } else {
      await trx
        .updateTable("grievanceDeadlines")
        .set({ explanation: JSON.stringify(explanation) })
        .where("organizationId", "=", org)
        .where("id", "=", response.id)
        .execute();
      running = response;
    }
  }
  await setNextDeadline(trx, org, id, running, { filingLate: late });
  await log(trx, org, id, actor, {
    kind: "filed",
    line: line("importedBy", { by: { id: actor.id, name: actor.name } }),
  });
  return id;
}
