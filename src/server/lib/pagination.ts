import { sql } from "kysely";
import { AppError } from "./errors.ts";

/**
 * The one keyset cursor of every list (DESIGN.md: lists take `limit` and `cursor`, answer
 * `{ items, nextCursor, total }`): the last row's sort key and id, as opaque base64url JSON.
 * A timestamp key is PostgreSQL's own microsecond text (`timestampSortKey`), never a
 * JavaScript Date, whose milliseconds would let a page boundary fall between two rows.
 */
export interface Cursor {
  /** The sort key, null when the list is sorted by id alone. */
  key: string | null;
  id: string;
}

/** What a list's cursor holds, checked when the cursor comes back from a client. */
export interface CursorShape {
  /**
   * timestamp: microsecond UTC text; date: `YYYY-MM-DD` or PostgreSQL's `infinity` (rows
   * with no date sort last); text: up to 1,000 characters; none: the list sorts by id alone.
   */
  key: "timestamp" | "date" | "text" | "none";
  /** uuid: a row's UUID; text: another id (a grievance's G-2026-0001, a user's id). */
  id: "uuid" | "text";
}

/** Most lists: newest first by a timestamp, then a UUID. */
export const TIMESTAMP_CURSOR: CursorShape = { key: "timestamp", id: "uuid" };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL that renders a timestamptz column as the cursor's sort key. */
export const SORT_KEY_FORMAT = `YYYY-MM-DD"T"HH24:MI:SS.US"Z"`;

/** The cursor's sort key of a timestamptz column (e.g. "d.updated_at"), selected with each row. */
export const timestampSortKey = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', ${SORT_KEY_FORMAT})`;

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.key, cursor.id]), "utf8").toString("base64url");

export function decodeCursor(
  value: string | undefined,
  shape: CursorShape = TIMESTAMP_CURSOR,
): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [key, id] = parsed as unknown[];
      if (isKey(key, shape.key) && isId(id, shape.id)) return { key, id };
    }
  } catch {
    // falls through to the error below
  }
  throw new AppError(400, "VALIDATION_FAILED", "This page link is not valid any more.", {
    cursor: "Invalid cursor",
  });
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Rows fetched with `limit + 1`: the page, and the cursor of its last row when more follow. */
export function page<T extends { sortKey: string; id: string }>(rows: T[], limit: number): Page<T>;
export function page<T>(rows: T[], limit: number, cursorOf: (row: T) => Cursor): Page<T>;
export function page<T>(rows: T[], limit: number, cursorOf?: (row: T) => Cursor): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  if (rows.length <= limit || last === undefined) return { items, nextCursor: null };
  // Without cursorOf, the overload above has checked that rows carry sortKey and id.
  const of = cursorOf ?? (bySortKey as unknown as (row: T) => Cursor);
  return { items, nextCursor: encodeCursor(of(last)) };
}

const bySortKey = (row: { sortKey: string; id: string }): Cursor => ({
  key: row.sortKey,
  id: row.id,
});

function isKey(key: unknown, kind: CursorShape["key"]): key is string | null {
  switch (kind) {
    case "none":
      return key === null;
    case "text":
      return typeof key === "string" && key.length <= 1000;
    case "date":
      return typeof key === "string" && (key === "infinity" || isDay(key));
    case "timestamp":
      return typeof key === "string" && isInstant(key);
  }
}

const isId = (id: unknown, kind: CursorShape["id"]): id is string =>
  typeof id === "string" && (kind === "uuid" ? UUID.test(id) : id.length > 0 && id.length <= 100);

/**
 * The key's shape and a real instant: "2026-13-45T25:61:00.000000Z" has the shape, and
 * PostgreSQL would refuse it with an error (a 500) instead of an empty page.
 */
function isInstant(key: string): boolean {
  if (!TIMESTAMP.test(key)) return false;
  const date = new Date(`${key.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === key.slice(0, 19);
}

/** A real day: "2026-02-30" has the shape, and PostgreSQL would refuse it. */
function isDay(key: string): boolean {
  if (!DATE.test(key)) return false;
  const date = new Date(`${key}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === key;
}

export const isUuid = (value: string) => UUID.test(value);

/** `%text%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
