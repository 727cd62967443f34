import { describe, expect, it } from "vitest";
import { english } from "../../../../tests/support/lines.ts";
import { type DeadlineRow, filingVerdict, nextDeadlineOf } from "./deadlines.ts";

const row = (over: Partial<DeadlineRow>): DeadlineRow => ({
  id: "d1",
  grievanceId: "G-2026-0001",
  stepIndex: 0,
  stepName: "Step 1",
  kind: "response",
  dueDate: "2026-12-08",
  state: "open",
  extendedFrom: null,
  explanation: [],
  dayType: "business",
  history: [],
  closedOn: null,
  ...over,
});

describe("nextDeadlineOf: the running deadline in plain words", () => {
  it.each([
    [{}, "2026-11-23", "Waiting for the employer's answer, due Tue 8 Dec", 0],
    [{}, "2026-12-08", "Waiting for the employer's answer, due Tue 8 Dec", 0],
    [
      { state: "missed" as const },
      "2026-12-09",
      "The employer's answer was due Tue 8 Dec: 1 day late",
      1,
    ],
    [
      { kind: "appeal" as const },
      "2026-12-01",
      "The union can appeal to the next step until Tue 8 Dec",
      0,
    ],
    [
      { kind: "appeal" as const },
      "2026-12-11",
      "The appeal to the next step was due Tue 8 Dec: 3 days ago",
      3,
    ],
    [
      { state: "paused" as const },
      "2026-12-20",
      "On hold: the date of Tue 8 Dec moves when the grievance resumes",
      0,
    ],
  ])("%j on %s reads %j", (over, today, summary, overdue) => {
    expect(nextDeadlineOf(row(over), today)).toMatchObject({ summary, daysOverdue: overdue });
  });
});

describe("filingVerdict", () => {
  it("is met on or before the limit and missed after, saying by how much", () => {
    expect(filingVerdict("2026-12-16", "2026-12-16")).toEqual({
      state: "met",
      late: 0,
      line: { kind: "line.filedInTime", params: { day: "2026-12-16" } },
    });
    const late = filingVerdict("2026-12-16", "2026-12-17");
    expect(late).toMatchObject({ state: "missed", late: 1 });
    expect(english(late.line)).toBe("filed Thu 17 Dec 2026: 1 day after the limit");
  });
});
