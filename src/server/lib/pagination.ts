import { AppError } from "./errors.ts";

/**
 * Opaque keyset cursors (DESIGN.md: lists take `limit` and `cursor`, answer `nextCursor`).
 * The sort key is PostgreSQL's own microsecond timestamp text, so a page boundary never falls
 * between two rows that JavaScript's millisecond dates would round together.
 */
export interface Cursor {
  key: string;
  id: string;
}

const KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL that renders a timestamptz column as the cursor's sort key. */
export const SORT_KEY_FORMAT = `YYYY-MM-DD"T"HH24:MI:SS.US"Z"`;

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.key, cursor.id]), "utf8").toString("base64url");

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string" &&
      isTimestampKey(parsed[0]) &&
      UUID.test(parsed[1])
    ) {
      return { key: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw new AppError(400, "VALIDATION_FAILED", "This page link is not valid any more.", {
    cursor: "Invalid cursor",
  });
}

/** Rows fetched with `limit + 1`: the page, and the cursor of its last row when more follow. */
export function page<T extends { sortKey: string; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ key: last.sortKey, id: last.id }) : null,
  };
}

/**
 * The key's shape and a real instant: "2026-13-45T25:61:00.000000Z" has the shape, and
 * PostgreSQL would refuse it with an error (a 500) instead of an empty page.
 */
function isTimestampKey(key: string): boolean {
  if (!KEY.test(key)) return false;
  const date = new Date(`${key.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === key.slice(0, 19);
}

export const isUuid = (value: string) => UUID.test(value);

/** `%text%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
