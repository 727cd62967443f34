import { describe, expect, it } from "vitest";
import { RosterMessages } from "../../../shared/schemas/roster.ts";
import { type ExistingPerson, normalizeDay, normalizeLanguage, planRoster } from "./import-plan.ts";

const person = (over: Partial<ExistingPerson>): ExistingPerson => ({
  id: "p0",
  name: "Someone",
  email: null,
  badgeNumber: null,
  phone: null,
  department: null,
  location: null,
  jobTitle: null,
  shift: null,
  hireDate: null,
  language: null,
  status: "active",
  userId: null,
  staff: false,
  ...over,
});

const columns = ["Name", "Email", "Badge", "Dept", "Phone"];
const mapping = {
  name: "Name",
  email: "Email",
  badgeNumber: "Badge",
  department: "Dept",
  phone: "Phone",
};
let n = 0;
const plan = (rows: string[][], people: ExistingPerson[], sync = false) =>
  planRoster({
    table: { columns, rows, rowNumbers: rows.map((_, i) => i + 2) },
    mapping,
    people,
    lists: { departments: ["Assembly"], locations: [], jobTitles: [] },
    sync,
    newId: () => `new-${++n}`,
  });

describe("a roster file's plan (issue 29)", () => {
  it("matches by badge, then email; a blank cell keeps what the roster holds", () => {
    const people = [
      person({ id: "a", name: "Ann", badgeNumber: "1", phone: "555-1" }),
      person({ id: "b", name: "Bo", email: "bo@x.org", department: "Assembly" }),
      person({ id: "c", name: "Cy", badgeNumber: "3", userId: "u-c" }),
      person({ id: "s", name: "Staff", userId: "u-s", staff: true }),
    ];
    const result = plan(
      [
        ["Ann", "", "1", "", ""],
        ["Bo", "BO@x.org", "2", "assembly", ""],
        ["Dee", "dee@x.org", "4", "Paint Shop", "555-4"],
      ],
      people,
      true,
    );
    expect(result.rows.map((r) => [r.row, r.action, r.personId])).toEqual([
      [2, "unchanged", "a"],
      [3, "update", "b"],
      [4, "new", "new-1"],
      [null, "leave", "c"],
    ]);
    // Bo gets the badge; the department's case differs from the list's, so it is no new value.
    expect(result.updates).toEqual([
      { id: "b", fields: { badgeNumber: "2", department: "assembly" }, reactivate: false },
    ]);
    expect(result.newListValues.departments).toEqual(["Paint Shop"]);
    expect(result.counts).toEqual({ new: 1, updated: 1, unchanged: 1, left: 1, errors: 0 });
  });

  it("reports bad rows by row and column and never lets them match a leaver", () => {
    const people = [person({ id: "a", name: "Ann", badgeNumber: "1" })];
    const result = plan(
      [
        ["", "x@y.org", "9", "", ""],
        ["Ann", "not-an-email", "1", "", ""],
        ["Eve", "", "7", "", ""],
        ["Fay", "", "7", "", ""],
      ],
      people,
      true,
    );
    expect(result.rows.map((r) => [r.row, r.action, r.errors])).toEqual([
      [2, "error", [{ column: "Name", field: "name", message: RosterMessages.name }]],
      [3, "error", [{ column: "Email", field: "email", message: RosterMessages.email }]],
      [4, "error", [{ column: "Badge", field: "badgeNumber", message: RosterMessages.badgeTwice }]],
      [5, "error", [{ column: "Badge", field: "badgeNumber", message: RosterMessages.badgeTwice }]],
    ]);
    expect(result.leaves).toEqual([]);
    expect(result.counts.errors).toBe(4);
  });

  it("reads US dates and language names", () => {
    expect(normalizeDay("3/5/2024")).toBe("2024-03-05");
    expect(normalizeDay("12/31/99")).toBe("1999-12-31");
    expect(normalizeDay("2024-3-5")).toBe("2024-03-05");
    expect(normalizeDay("soon")).toBe("soon");
    expect(normalizeLanguage("Español")).toBe("es");
    expect(normalizeLanguage("ENGLISH")).toBe("en");
    expect(normalizeLanguage("Français")).toBe("fr-CA");
    expect(normalizeLanguage("french")).toBe("fr-CA");
    expect(normalizeLanguage("espagnol")).toBe("es");
    expect(normalizeLanguage("fr-FR")).toBe("fr-CA");
    expect(normalizeLanguage("Klingon")).toBe("Klingon");
  });
});
