import { describe, expect, it } from "vitest";
import type { TBoardItem } from "../../../shared/schemas/deadlines.ts";
import { groupByDue } from "./groups.ts";

const item = (grievanceId: string, daysLeft: number): TBoardItem => ({
  grievanceId,
  subject: "",
  kind: "response",
  step: { index: 0, name: "Step 1" },
  dueDate: "2026-12-01",
  state: "open",
  assignee: null,
  daysLeft,
  grievantLastUpdatedAt: "2026-11-20T00:00:00.000Z",
  grievantQuiet: false,
  daysSinceContact: 0,
  contactOverdue: false,
});

describe("the board's groups", () => {
  it("sorts deadlines into Overdue, Today, This week and Later, keeping their order", () => {
    const groups = groupByDue([
      item("a", -3),
      item("b", -1),
      item("c", 0),
      item("d", 1),
      item("e", 6),
      item("f", 7),
    ]);
    expect(groups.map((g) => [g.name, g.items.map((i) => i.grievanceId)])).toEqual([
      ["Overdue", ["a", "b"]],
      ["Today", ["c"]],
      ["This week", ["d", "e"]],
      ["Later", ["f"]],
    ]);
  });
});
