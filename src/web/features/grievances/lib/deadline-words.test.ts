import { describe, expect, it } from "vitest";
import { age, dayLabel, daysOverdue, grievantSummary } from "./deadline-words.ts";

describe("dayLabel", () => {
  it("leaves out this year and names another", () => {
    expect(dayLabel("2026-12-08", "2026-11-23")).toBe("Tue 8 Dec");
    expect(dayLabel("2027-01-04", "2026-11-23")).toBe("Mon 4 Jan 2027");
  });
});

describe("days", () => {
  it("is overdue only while open and after the due date", () => {
    expect(daysOverdue({ dueDate: "2026-12-08", state: "open" }, "2026-12-11")).toBe(3);
    expect(daysOverdue({ dueDate: "2026-12-08", state: "open" }, "2026-12-08")).toBe(0);
    expect(daysOverdue({ dueDate: "2026-12-08", state: "missed" }, "2026-12-11")).toBe(0);
    expect(daysOverdue({ dueDate: "2026-12-08", state: "paused" }, "2026-12-11")).toBe(0);
    expect(daysOverdue({ dueDate: "2028-02-28", state: "open" }, "2028-03-01")).toBe(2);
  });

  it("gives a grievance's age in whole days", () => {
    const now = new Date("2026-11-23T18:00:00Z");
    expect(age("2026-11-23T09:00:00Z", now)).toBe("today");
    expect(age("2026-11-22T17:00:00Z", now)).toBe("1 day");
    expect(age("2026-10-14T18:00:00Z", now)).toBe("40 days");
  });
});

describe("grievantSummary", () => {
  const base = {
    status: "escalated",
    stepName: "Step 2",
    held: false,
    assigneeName: "Sam Steward",
  };
  const next = { summary: "Waiting for the employer's answer, due Tue 8 Dec", daysOverdue: 0 };

  it("says the step, the server's sentence about the next deadline, and the steward", () => {
    expect(grievantSummary({ ...base, next })).toBe(
      "At Step 2. Waiting for the employer's answer, due Tue 8 Dec. Your steward: Sam Steward.",
    );
  });

  it("adds the days overdue", () => {
    expect(grievantSummary({ ...base, next: { ...next, daysOverdue: 2 } })).toContain(
      "due Tue 8 Dec (2 days overdue).",
    );
  });

  it("says when it is on hold, closed, or has no steward yet", () => {
    expect(grievantSummary({ ...base, held: true, next })).toBe(
      "At Step 2. On hold: the deadlines are paused. Your steward: Sam Steward.",
    );
    expect(grievantSummary({ ...base, status: "resolved", next: null, assigneeName: null })).toBe(
      "This grievance is closed. No steward is assigned yet.",
    );
  });
});
