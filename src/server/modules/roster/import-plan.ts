import {
  LANGUAGE_NAME,
  LANGUAGES,
  type Language,
  LOCALE_TAG,
  languageOf,
} from "../../../shared/i18n/languages.ts";
import {
  ROSTER_IMPORT_FIELDS,
  RosterMessages,
  type TRosterFields,
  type TRosterImportField,
  ZRosterFields,
} from "../../../shared/schemas/roster.ts";
import type { Table } from "../../lib/imports/read-table.ts";

/**
 * The fate of every row of a roster file (issue 29, product-decisions.md 33), computed
 * against the roster as it stands: pure, so the preview and the apply (which plans again
 * inside its transaction) agree. Rows match people by badge number, then by email. A blank
 * cell leaves what the roster holds (an employer's list without phones keeps the phones a
 * steward typed); a filled one replaces it.
 */

export type Mapping = Partial<Record<TRosterImportField, string>>;

export interface ExistingPerson {
  id: string;
  name: string;
  email: string | null;
  badgeNumber: string | null;
  phone: string | null;
  department: string | null;
  location: string | null;
  jobTitle: string | null;
  shift: string | null;
  hireDate: string | null;
  language: Language | null;
  status: "active" | "left";
  userId: string | null;
  /** Linked to an admin's or steward's account: union staff, never left by a sync. */
  staff: boolean;
}

export interface RowError {
  column: string | null;
  field: string | null;
  message: string;
}

export interface PlannedRow {
  row: number | null;
  action: "new" | "update" | "unchanged" | "leave" | "error";
  name: string;
  personId: string | null;
  errors: RowError[];
}

export type PersonFields = TRosterFields;

export interface RosterPlan {
  rows: PlannedRow[];
  counts: { new: number; updated: number; unchanged: number; left: number; errors: number };
  inserts: (PersonFields & { id: string })[];
  updates: { id: string; fields: Partial<PersonFields>; reactivate: boolean }[];
  leaves: string[];
  /** The people of the file's valid rows, new or not (who `invite` may reach). */
  filePeople: string[];
  newListValues: { departments: string[]; locations: string[]; jobTitles: string[] };
}

const FIELDS = [
  "email",
  "badgeNumber",
  "phone",
  "department",
  "location",
  "jobTitle",
  "shift",
  "hireDate",
  "language",
] as const;

/** '3/15/2024' and '3/15/24' (US order, as employers' exports write them) to '2024-03-15'. */
export function normalizeDay(text: string): string {
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (us) {
    const [, m, d, y] = us as unknown as [string, string, string, string];
    const year = y.length === 2 ? (Number(y) > 50 ? `19${y}` : `20${y}`) : y;
    return `${year}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  }
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  if (iso) {
    const [, y, m, d] = iso as unknown as [string, string, string, string];
    return `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  }
  return text;
}

const foldName = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();

/**
 * Each offered language by the names a spreadsheet may give it: its code, its own name and
 * its name in every offered language ('Spanish', 'español', 'espagnol'), from the list and
 * Intl, so a new language is recognised without a word here (decision 037).
 */
const LANGUAGE_WORDS: Map<string, Language> = new Map(
  LANGUAGES.flatMap((language) => {
    const base = language.split("-")[0] ?? language;
    const names = LANGUAGES.map((reader) =>
      new Intl.DisplayNames([LOCALE_TAG[reader]], { type: "language" }).of(base),
    );
    return [language, LANGUAGE_NAME[language], ...names]
      .filter((name): name is string => Boolean(name))
      .map((name) => [foldName(name), language] as const);
  }),
);
/** Spellings Intl does not give: ISO 639-2 codes and the other name of Spanish. */
const OTHER_WORDS: Record<string, string> = {
  eng: "en",
  spa: "es",
  fra: "fr",
  fre: "fr",
  castellano: "es",
};

export function normalizeLanguage(text: string): string {
  const folded = foldName(text);
  return LANGUAGE_WORDS.get(folded) ?? languageOf(OTHER_WORDS[folded] ?? folded) ?? text;
}

/** One row's values by field, from the mapped columns ('' where unmapped or blank). */
function readRow(columns: readonly string[], cells: readonly string[], mapping: Mapping) {
  const at = (field: TRosterImportField) => {
    const header = mapping[field];
    if (!header) return undefined;
    const i = columns.indexOf(header);
    return i >= 0 ? (cells[i] ?? "").trim() : undefined;
  };
  const name =
    at("name") || [at("firstName"), at("lastName")].filter(Boolean).join(" ").trim() || "";
  const hire = at("hireDate");
  const language = at("language");
  return {
    name,
    email: at("email"),
    badgeNumber: at("badgeNumber"),
    phone: at("phone"),
    department: at("department"),
    location: at("location"),
    jobTitle: at("jobTitle"),
    shift: at("shift"),
    hireDate: hire ? normalizeDay(hire) : hire,
    language: language ? normalizeLanguage(language) : language,
  };
}

const fold = (v: string) => v.trim().toLowerCase();

type ColumnOf = (field: string) => string | null;

/** Each row's values read by the mapping and checked alone. */
function parseRows(table: Table & { rowNumbers: number[] }, mapping: Mapping, columnOf: ColumnOf) {
  return table.rows.map((cells, i) => {
    const values = readRow(table.columns, cells, mapping);
    const result = ZRosterFields.safeParse(values);
    const errors: RowError[] = result.success
      ? []
      : result.error.issues.map((issue) => {
          const field = String(issue.path[0] ?? "");
          return { column: columnOf(field), field, message: issue.message };
        });
    return {
      row: table.rowNumbers[i] ?? i + 2,
      name: values.name,
      // What a row names its person by, read even when another of its cells is bad.
      key: {
        badge: values.badgeNumber?.slice(0, 50) || null,
        email: values.email?.toLowerCase() || null,
      },
      fields: result.success ? result.data : null,
      errors,
    };
  });
}

/**
 * A row's badge number or email also on another row of the file, or naming two different
 * people of the roster: the row says so rather than guess.
 */
function duplicateErrors(
  m: {
    badge: string | null;
    email: string | null;
    byB: ExistingPerson | undefined;
    byE: ExistingPerson | undefined;
    badgeRows: Map<string, number>;
    emailRows: Map<string, number>;
  },
  columnOf: ColumnOf,
): RowError[] {
  const { badge, email, byB, byE, badgeRows, emailRows } = m;
  const errors: RowError[] = [];
  if (badge && (badgeRows.get(badge) ?? 0) > 1)
    errors.push({
      column: columnOf("badgeNumber"),
      field: "badgeNumber",
      message: RosterMessages.badgeTwice,
    });
  if (email && (emailRows.get(email) ?? 0) > 1)
    errors.push({
      column: columnOf("email"),
      field: "email",
      message: RosterMessages.emailTwice,
    });
  if (byB && byE && byB.id !== byE.id)
    errors.push({
      column: columnOf("email"),
      field: "email",
      message: RosterMessages.emailTaken,
    });
  return errors;
}

type ListName = "departments" | "locations" | "jobTitles";

/** A department, location or job title the organization's lists do not have yet. */
function noteListValues(
  f: PersonFields,
  known: Record<ListName, Set<string>>,
  newListValues: Record<ListName, string[]>,
): void {
  for (const [list, value] of [
    ["departments", f.department],
    ["locations", f.location],
    ["jobTitles", f.jobTitle],
  ] as const) {
    if (value && !known[list].has(fold(value))) {
      known[list].add(fold(value));
      newListValues[list].push(value);
    }
  }
}

/** What the file changes of a person: its fields that differ (an empty cell changes nothing). */
function changesOf(f: PersonFields, person: ExistingPerson): Partial<PersonFields> {
  const changes: Partial<PersonFields> = {};
  if (f.name !== person.name) changes.name = f.name;
  for (const key of FIELDS) {
    const value = f[key];
    if (value !== null && value !== person[key]) (changes as Record<string, unknown>)[key] = value;
  }
  return changes;
}

export function planRoster(input: {
  table: Table & { rowNumbers: number[] };
  mapping: Mapping;
  people: readonly ExistingPerson[];
  lists: {
    departments: readonly string[];
    locations: readonly string[];
    jobTitles: readonly string[];
  };
  sync: boolean;
  newId: () => string;
}): RosterPlan {
  const { table, mapping, people } = input;
  const columnOf = (field: string) =>
    field === "name" && !mapping.name
      ? (mapping.firstName ?? mapping.lastName ?? null)
      : (mapping[field as TRosterImportField] ?? null);

  const byBadge = new Map<string, ExistingPerson>();
  const byEmail = new Map<string, ExistingPerson>();
  for (const p of people) {
    if (p.badgeNumber) byBadge.set(p.badgeNumber, p);
    if (p.email) byEmail.set(p.email, p);
  }

  // First pass: each row's values checked alone.
  const parsed = parseRows(table, mapping, columnOf);

  // A badge number or email on two rows of the file: neither row says which is right.
  const badgeRows = new Map<string, number>();
  const emailRows = new Map<string, number>();
  for (const r of parsed) {
    if (r.fields?.badgeNumber)
      badgeRows.set(r.fields.badgeNumber, (badgeRows.get(r.fields.badgeNumber) ?? 0) + 1);
    if (r.fields?.email) emailRows.set(r.fields.email, (emailRows.get(r.fields.email) ?? 0) + 1);
  }

  const rows: PlannedRow[] = [];
  const inserts: RosterPlan["inserts"] = [];
  const updates: RosterPlan["updates"] = [];
  const matched = new Set<string>();
  const filePeople: string[] = [];
  const known = {
    departments: new Set(input.lists.departments.map(fold)),
    locations: new Set(input.lists.locations.map(fold)),
    jobTitles: new Set(input.lists.jobTitles.map(fold)),
  };
  const newListValues = {
    departments: [] as string[],
    locations: [] as string[],
    jobTitles: [] as string[],
  };
  const counts = { new: 0, updated: 0, unchanged: 0, left: 0, errors: 0 };

  for (const r of parsed) {
    const errors = [...r.errors];
    const f = r.fields;
    // Even a bad row keeps its person out of a sync's leavers.
    const badge = f?.badgeNumber ?? r.key.badge;
    const email = f?.email ?? r.key.email;
    const byB = badge ? byBadge.get(badge) : undefined;
    const byE = email ? byEmail.get(email) : undefined;
    const person = byB ?? byE;
    if (person) matched.add(person.id);
    if (f)
      errors.push(...duplicateErrors({ badge, email, byB, byE, badgeRows, emailRows }, columnOf));
    if (!f || errors.length > 0) {
      counts.errors++;
      rows.push({
        row: r.row,
        action: "error",
        name: r.name,
        personId: person?.id ?? null,
        errors,
      });
      continue;
    }
    noteListValues(f, known, newListValues);
    if (!person) {
      const id = input.newId();
      inserts.push({ id, ...f });
      filePeople.push(id);
      counts.new++;
      rows.push({ row: r.row, action: "new", name: f.name, personId: id, errors: [] });
      continue;
    }
    filePeople.push(person.id);
    const changes = changesOf(f, person);
    const reactivate = person.status === "left";
    if (Object.keys(changes).length === 0 && !reactivate) {
      counts.unchanged++;
      rows.push({
        row: r.row,
        action: "unchanged",
        name: person.name,
        personId: person.id,
        errors: [],
      });
    } else {
      updates.push({ id: person.id, fields: changes, reactivate });
      counts.updated++;
      rows.push({ row: r.row, action: "update", name: f.name, personId: person.id, errors: [] });
    }
  }

  const leaves: string[] = [];
  if (input.sync) {
    for (const p of people) {
      if (p.status !== "active" || p.staff || matched.has(p.id)) continue;
      leaves.push(p.id);
      counts.left++;
      rows.push({ row: null, action: "leave", name: p.name, personId: p.id, errors: [] });
    }
  }
  return { rows, counts, inserts, updates, leaves, filePeople, newListValues };
}

/** Checks a mapping against the file: known fields, existing columns, a name. */
export function mappingProblem(mapping: Mapping, columns: readonly string[]): string | null {
  for (const [field, header] of Object.entries(mapping)) {
    if (!(ROSTER_IMPORT_FIELDS as readonly string[]).includes(field))
      return RosterMessages.mappingField;
    if (header && !columns.includes(header)) return RosterMessages.mappingColumn;
  }
  if (!mapping.name && !mapping.firstName && !mapping.lastName) return RosterMessages.mappingName;
  return null;
}
