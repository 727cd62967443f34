import { describe, expect, it } from "vitest";
import type { TGrievance } from "../../../shared/schemas/grievances.ts";
import { forGrievant, nextActions } from "./grievant-view.ts";

const open = {
  status: "pending" as const,
  held: false,
  lastStep: false,
  answered: false,
  running: true,
};

describe("nextActions", () => {
  it("offers members nothing and a resolved grievance only a reopen and a note", () => {
    expect(nextActions("member", open)).toEqual([]);
    expect(nextActions("steward", { ...open, status: "resolved" })).toEqual(["reopen", "note"]);
  });

  it("follows the step, the hold and the answer", () => {
    expect(nextActions("steward", { ...open, status: "new" })).toEqual([
      "markPending",
      "respond",
      "appeal",
      "extend",
      "hold",
      "assign",
      "close",
      "note",
    ]);
    expect(
      nextActions("admin", { ...open, lastStep: true, answered: true, running: false }),
    ).toEqual(["hold", "assign", "close", "note"]);
    expect(nextActions("admin", { ...open, held: true })).toEqual([
      "resume",
      "assign",
      "close",
      "note",
    ]);
  });
});

describe("forGrievant", () => {
  it("drops internal notes, internal contact summaries, the deadline workings and the actions", () => {
    const full = {
      activityLog: [
        {
          id: "2",
          user: "S",
          role: "steward",
          avatar: null,
          time: "",
          action: "Internal note: x",
          internal: true,
        },
        {
          id: "1",
          user: "S",
          role: "steward",
          avatar: null,
          time: "",
          action: "Comment: y",
          internal: false,
        },
      ],
      deadlines: [{ id: "d" }],
      actions: ["note"],
      contacts: [
        {
          id: "c2",
          channel: "meeting",
          date: "2026-11-24",
          summary: "Doubts the witness",
          internal: true,
        },
        {
          id: "c1",
          channel: "call",
          date: "2026-11-23",
          summary: "Explained the steps",
          internal: false,
        },
      ],
      nextDeadline: { summary: "Waiting for the employer's answer, due Tue 8 Dec" },
    } as unknown as TGrievance;
    const seen = forGrievant(full);
    expect(seen.activityLog.map((e) => e.action)).toEqual(["Comment: y"]);
    expect(seen.deadlines).toEqual([]);
    expect(seen.actions).toEqual([]);
    expect(seen.contacts.map((c) => [c.date, c.channel, c.summary])).toEqual([
      ["2026-11-24", "meeting", null],
      ["2026-11-23", "call", "Explained the steps"],
    ]);
    expect(seen.nextDeadline).toEqual(full.nextDeadline);
  });
});
