import { describe, expect, it } from "vitest";
import { backupsToDelete } from "./retention.ts";

const day = (offset: number) =>
  new Date(Date.UTC(2026, 10, 26) - offset * 86_400_000).toISOString().slice(0, 10);

describe("backup retention", () => {
  it("keeps the last 7 days and the newest of each of the last 4 weeks", () => {
    // 60 days of backups, newest first: Thursday 26 November 2026 back to 28 September.
    const days = Array.from({ length: 60 }, (_, i) => day(i));
    const kept = days.filter((d) => !backupsToDelete(days).includes(d)).sort();
    expect(kept).toEqual([
      // The newest of the weeks of 2 and 9 November (the weeks of 16 and 23 are among the 7 days).
      "2026-11-08",
      "2026-11-15",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ]);
  });

  it("deletes nothing while there are few, and counts days with a backup, not calendar days", () => {
    expect(backupsToDelete([day(0), day(3)])).toEqual([]);
    // A server off for a month keeps its last 7 backups, not an empty week.
    const sparse = Array.from({ length: 10 }, (_, i) => day(i * 30));
    expect(backupsToDelete(sparse)).toEqual(sparse.slice(7));
  });
});
