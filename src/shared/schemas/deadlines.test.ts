import { describe, expect, it } from "vitest";
import { daysLeftLabel, deadlineTitle, ZBoardQuery } from "./deadlines.ts";

describe("deadline wording", () => {
  it("titles a deadline as the calendar shows it", () => {
    expect(deadlineTitle("G-2026-0042", "Step 2", "response")).toBe(
      "G-2026-0042 Step 2: employer answer due",
    );
    expect(deadlineTitle("G-2026-0042", "Step 1", "appeal")).toBe(
      "G-2026-0042 Step 1: our appeal due",
    );
  });

  it("says how long is left", () => {
    expect([3, 1, 0, -1, -4].map(daysLeftLabel)).toEqual([
      "in 3 days",
      "tomorrow",
      "today",
      "1 day overdue",
      "4 days overdue",
    ]);
  });

  it("accepts me, unassigned or an id as the assignee, nothing else", () => {
    expect(ZBoardQuery.parse({ assignee: "me" }).assignee).toBe("me");
    expect(ZBoardQuery.parse({}).due).toBe("all");
    expect(ZBoardQuery.safeParse({ assignee: "x' OR 1=1" }).success).toBe(false);
    expect(ZBoardQuery.safeParse({ due: "soon" }).success).toBe(false);
  });
});
