import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Language } from "../../../shared/i18n/languages.ts";
import { DEFAULT_LISTS } from "../../../shared/schemas/organizations.ts";
import {
  ROSTER_IMPORT_FIELDS,
  RosterMessages,
  type TRosterImportResult,
} from "../../../shared/schemas/roster.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { guessMapping } from "../../lib/imports/columns.ts";
import { readTable, type Table, UnreadableFile } from "../../lib/imports/read-table.ts";
import { isUuid } from "../../lib/pagination.ts";
import { inviteRosterPeopleTx } from "../directory/index.ts";
import { ROSTER_SYNONYMS } from "./columns.ts";
import {
  type ExistingPerson,
  type Mapping,
  mappingProblem,
  planRoster,
  type RosterPlan,
} from "./import-plan.ts";
import { uniqueViolation } from "./people.ts";

export const IMPORT_MAX_ROWS = 20_000;
/** Uploaded files kept per organization (an older importId answers 'upload it again'). */
const KEPT_IMPORTS = 10;

export interface ImportContext {
  organizationId: string;
  userId: string;
  appUrl: string;
  language: Language;
}

export interface ImportRequest {
  file: { name: string; data: Buffer } | null;
  importId: string | null;
  /** null: the stored mapping, or the guessed one. */
  mapping: Mapping | null;
  mode: "preview" | "apply" | "sync";
  /** With mode preview: preview a sync (people missing from the file shown as leaving). */
  sync: boolean;
  invite: boolean;
  /** Apply nothing when any row has an error. */
  stopOnErrors: boolean;
}

const bad = (message: string, field = "file") =>
  new AppError(400, "VALIDATION_FAILED", message, { [field]: message });

/** Parses a mapping field: JSON of our field to the file's header. */
export function parseMapping(
  text: string | undefined,
  fields: readonly string[] = ROSTER_IMPORT_FIELDS,
): Mapping | null {
  if (text === undefined || text.trim() === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(RosterMessages.mapping, "mapping");
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw bad(RosterMessages.mapping, "mapping");
  const mapping: Mapping = {};
  for (const [field, header] of Object.entries(value)) {
    if (!fields.includes(field)) throw bad(RosterMessages.mappingField, "mapping");
    if (header === null || header === "") continue;
    if (typeof header !== "string" || header.length > 200)
      throw bad(RosterMessages.mapping, "mapping");
    mapping[field as keyof Mapping] = header;
  }
  return mapping;
}

/** The stored file of an import, or a new import of the uploaded one. */
export async function openImport(
  db: DB,
  ctx: ImportContext,
  req: ImportRequest,
  kind: "roster" | "grievances",
) {
  if (req.file) {
    const row = await withTenant(db, ctx.organizationId, (trx) =>
      trx
        .insertInto("rosterImports")
        .values({
          organizationId: ctx.organizationId,
          kind,
          createdBy: ctx.userId,
          fileName: req.file?.name.slice(0, 200) ?? "",
          fileData: req.file?.data ?? Buffer.alloc(0),
          mapping: JSON.stringify(req.mapping ?? {}),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then(async (inserted) => {
          // Uploads are kept for their preview and apply only: the organization's ten newest.
          await sql`DELETE FROM roster_imports WHERE organization_id = ${ctx.organizationId}
            AND id NOT IN (SELECT id FROM roster_imports WHERE organization_id = ${ctx.organizationId}
                           ORDER BY created_at DESC, id LIMIT ${KEPT_IMPORTS})`.execute(trx);
          return inserted;
        }),
    );
    return { id: row.id, data: req.file.data, mapping: req.mapping };
  }
  if (!req.importId) throw bad(RosterMessages.fileMissing);
  if (!isUuid(req.importId)) throw notFound(RosterMessages.importNotFound);
  const stored = await withTenant(db, ctx.organizationId, (trx) =>
    trx
      .selectFrom("rosterImports")
      .select(["id", "fileData", "mapping"])
      .where("organizationId", "=", ctx.organizationId)
      .where("id", "=", req.importId as string)
      .where("kind", "=", kind)
      .executeTakeFirst(),
  );
  if (!stored) throw notFound(RosterMessages.importNotFound);
  const storedMapping = stored.mapping as Mapping;
  return {
    id: stored.id,
    data: stored.fileData as Buffer,
    mapping: req.mapping ?? (Object.keys(storedMapping).length > 0 ? storedMapping : null),
  };
}

/** The file as a table, refused in plain words when it is not one. */
export async function readImportTable(data: Buffer) {
  let table: Table & { rowNumbers: number[] };
  try {
    table = await readTable(data);
  } catch (error) {
    if (error instanceof UnreadableFile) throw bad(RosterMessages.fileUnreadable);
    throw error;
  }
  if (table.rows.length === 0) throw bad(RosterMessages.fileEmpty);
  if (table.rows.length > IMPORT_MAX_ROWS) throw bad(RosterMessages.fileTooManyRows);
  return table;
}

async function loadPeople(trx: TenantTx, organizationId: string): Promise<ExistingPerson[]> {
  const rows = await trx
    .selectFrom("people as p")
    .leftJoin("memberships as m", (join) =>
      join.onRef("m.userId", "=", "p.userId").on("m.organizationId", "=", organizationId),
    )
    .select([
      "p.id",
      "p.name",
      "p.email",
      "p.badgeNumber",
      "p.phone",
      "p.department",
      "p.location",
      "p.jobTitle",
      "p.shift",
      "p.hireDate",
      "p.language",
      "p.status",
      "p.userId",
      "m.role",
    ])
    .where("p.organizationId", "=", organizationId)
    .execute();
  return rows.map(({ role, ...p }) => ({ ...p, staff: role === "admin" || role === "steward" }));
}

async function loadLists(trx: TenantTx, organizationId: string) {
  const org = await trx
    .selectFrom("organizations")
    .select(["departments", "locations", "jobTitles"])
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();
  const list = (name: "departments" | "locations" | "jobTitles") =>
    org[name].length > 0 ? org[name] : [...DEFAULT_LISTS[name]];
  return {
    departments: list("departments"),
    locations: list("locations"),
    jobTitles: list("jobTitles"),
  };
}

const UPDATE_COLUMNS = sql.raw(`id uuid, name text, email text, badge_number text, phone text,
  department text, location text, job_title text, shift text, hire_date date, language text,
  reactivate boolean`);

/** Writes a plan: new people, changed ones, leavers and the new list values. */
async function writePlan(
  trx: TenantTx,
  organizationId: string,
  plan: RosterPlan,
  people: readonly ExistingPerson[],
  lists: Awaited<ReturnType<typeof loadLists>>,
) {
  const now = new Date();
  for (let i = 0; i < plan.inserts.length; i += 1000) {
    await trx
      .insertInto("people")
      .values(
        plan.inserts
          .slice(i, i + 1000)
          .map((p) => ({ organizationId, ...p, createdAt: now, updatedAt: now })),
      )
      .execute();
  }
  const byId = new Map(people.map((p) => [p.id, p]));
  for (let i = 0; i < plan.updates.length; i += 1000) {
    const records = plan.updates.slice(i, i + 1000).map((u) => {
      const p = { ...(byId.get(u.id) as ExistingPerson), ...u.fields };
      return {
        id: u.id,
        name: p.name,
        email: p.email,
        badge_number: p.badgeNumber,
        phone: p.phone,
        department: p.department,
        location: p.location,
        job_title: p.jobTitle,
        shift: p.shift,
        hire_date: p.hireDate,
        language: p.language,
        reactivate: u.reactivate,
      };
    });
    await sql`
      UPDATE people p SET name = r.name, email = r.email, badge_number = r.badge_number,
        phone = r.phone, department = r.department, location = r.location,
        job_title = r.job_title, shift = r.shift, hire_date = r.hire_date, language = r.language,
        status = CASE WHEN r.reactivate THEN 'active' ELSE p.status END,
        left_at = CASE WHEN r.reactivate THEN NULL ELSE p.left_at END,
        updated_at = ${now}
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(${UPDATE_COLUMNS})
      WHERE p.organization_id = ${organizationId} AND p.id = r.id`.execute(trx);
  }
  for (let i = 0; i < plan.leaves.length; i += 1000) {
    await trx
      .updateTable("people")
      .set({ status: "left", leftAt: now, updatedAt: now })
      .where("organizationId", "=", organizationId)
      .where("id", "in", plan.leaves.slice(i, i + 1000))
      .execute();
  }
  const { departments, locations, jobTitles } = plan.newListValues;
  if (departments.length + locations.length + jobTitles.length > 0) {
    await trx
      .updateTable("organizations")
      .set({
        departments: [...lists.departments, ...departments],
        locations: [...lists.locations, ...locations],
        jobTitles: [...lists.jobTitles, ...jobTitles],
      })
      .where("id", "=", organizationId)
      .execute();
  }
}

/**
 * POST /api/roster/import: preview writes nothing but the stored file; apply and sync plan
 * again inside one transaction (imports of one organization take turns on its row), write
 * every valid row or none, and queue the invitations in that same transaction.
 */
export async function runRosterImport(
  db: DB,
  ctx: ImportContext,
  req: ImportRequest,
  translate: (message: string) => string,
): Promise<TRosterImportResult> {
  const opened = await openImport(db, ctx, req, "roster");
  const table = await readImportTable(opened.data);
  const mapping = opened.mapping ?? guessMapping(table.columns, ROSTER_SYNONYMS);
  const problem = mappingProblem(mapping, table.columns);
  // A preview with no usable guess still answers, so the page can show the columns to map.
  if (problem && req.mode !== "preview") throw bad(problem, "mapping");
  const sync = req.mode === "sync" || req.sync;
  const apply = req.mode !== "preview" && !problem;

  const outcome = await withTenant(db, ctx.organizationId, async (trx) => {
    await trx
      .updateTable("rosterImports")
      .set({ mapping: JSON.stringify(mapping) })
      .where("organizationId", "=", ctx.organizationId)
      .where("id", "=", opened.id)
      .execute();
    if (problem) return null;
    if (apply) {
      await trx
        .selectFrom("organizations")
        .select("id")
        .where("id", "=", ctx.organizationId)
        .forUpdate()
        .execute();
    }
    const people = await loadPeople(trx, ctx.organizationId);
    const lists = await loadLists(trx, ctx.organizationId);
    const plan = planRoster({ table, mapping, people, lists, sync, newId: randomUUID });
    if (!apply) return { plan, invited: 0 };
    if (req.stopOnErrors && plan.counts.errors > 0) throw bad(RosterMessages.hasErrors);
    try {
      await writePlan(trx, ctx.organizationId, plan, people, lists);
    } catch (error) {
      throw uniqueViolation(error) ?? error;
    }
    const invited = req.invite
      ? (await inviteRosterPeopleTx(trx, ctx, plan.filePeople)).invited
      : 0;
    await trx
      .updateTable("rosterImports")
      .set({ appliedAt: new Date() })
      .where("organizationId", "=", ctx.organizationId)
      .where("id", "=", opened.id)
      .execute();
    return { plan, invited };
  });

  const plan = outcome?.plan;
  return {
    importId: opened.id,
    mode: req.mode,
    applied: apply,
    columns: table.columns,
    mapping: mapping as Record<string, string>,
    counts: plan?.counts ?? { new: 0, updated: 0, unchanged: 0, left: 0, errors: 0 },
    rows: (plan?.rows ?? []).map((r) => ({
      ...r,
      errors: r.errors.map((e) => ({ ...e, message: translate(e.message) })),
    })),
    newListValues: plan?.newListValues ?? { departments: [], locations: [], jobTitles: [] },
    invited: outcome?.invited ?? 0,
    mappingProblem: problem ? translate(problem) : null,
  };
}
