import type { TListSort } from "../../../../shared/schemas/grievances.ts";

export type SortDirection = "asc" | "desc";
/** The tracker's sortable columns; 'age' is the filing date read the other way round. */
export type TrackerSortKey = "subject" | "deadline" | "filed" | "age" | "status";
export const TRACKER_SORT_KEYS: readonly TrackerSortKey[] = [
  "subject",
  "deadline",
  "filed",
  "age",
  "status",
];

/** Each column's first direction: newest filed, soonest due, youngest, A to Z. */
export const FIRST_DIRECTION: Record<TrackerSortKey, SortDirection> = {
  subject: "asc",
  deadline: "asc",
  filed: "desc",
  age: "asc",
  status: "asc",
};

const flip = (d: SortDirection): SortDirection => (d === "asc" ? "desc" : "asc");

/** The server's `sort` and `order` for a column's sort (GET /api/grievances). */
export function serverSort(
  key: TrackerSortKey,
  dir: SortDirection,
): { sort: TListSort; order: SortDirection } {
  return key === "age" ? { sort: "filed", order: flip(dir) } : { sort: key, order: dir };
}

export const isTrackerSortKey = (v: string | null): v is TrackerSortKey =>
  TRACKER_SORT_KEYS.includes(v as TrackerSortKey);
