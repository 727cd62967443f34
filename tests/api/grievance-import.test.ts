import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { GrievanceImportMessages as M } from "../../src/shared/schemas/grievance-import.ts";
import { officeClock } from "../support/clock.ts";
import { grievanceBody } from "../support/deadlines.ts";
import {
  createOrganization,
  createTwoOrganizations,
  type TestOrganization,
} from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";
import { multipart } from "../support/uploads.ts";

/**
 * The grievance history import (issue 29): rows matched to the roster, deadlines computed by
 * the procedure engine with explanations that say they came from an import, past ones missed
 * unless met, kept ids, and a second apply that changes nothing.
 */
const clock = officeClock("2026-11-24");
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(() => t.close());

const HEADERS = [
  "Grievance #",
  "Grievant",
  "Type",
  "Articles",
  "Incident Date",
  "Date Filed",
  "Step",
  "Status",
  "Outcome",
  "Closed",
  "Remedy",
  "Description",
  "Steward",
  "Deadline met",
];

const csv = (rows: string[][]) =>
  Buffer.from(
    [HEADERS, ...rows]
      .map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(","))
      .join("\n"),
  );

function historyRows(org: TestOrganization) {
  const steward = `${org.name} Steward`;
  return [
    [
      "G-2026-0050",
      "P-1",
      "",
      "Art. 12; Art. 4",
      "10/01/2026",
      "10/05/2026",
      "Step 1",
      "Open",
      "",
      "",
      "Back pay",
      "Overtime bypassed twice.",
      steward,
      "",
    ],
    [
      "",
      "Ana Torres",
      "",
      "",
      "",
      "2026-11-18",
      "1",
      "",
      "",
      "",
      "",
      "Denied a shift swap.",
      "",
      "yes",
    ],
    [
      "",
      "P-2",
      "",
      "",
      "",
      "2026-11-23",
      "Step 1",
      "pending",
      "",
      "",
      "",
      "Discipline without cause.",
      "",
      "",
    ],
    [
      "G-2024-0007",
      "Ben Ode",
      "",
      "Art. 9",
      "",
      "2024-03-01",
      // A default step named in another language is that step (decision 039).
      "Arbitraje",
      "Closed",
      "Won at arbitration",
      "2025-01-10",
      "Reinstatement",
      "Discharge.",
      "",
      "",
    ],
    [
      "",
      "",
      "Policy",
      "Art. 30",
      "",
      "2026-09-01",
      "Step 2",
      "",
      "",
      "",
      "",
      "Parking policy changed without bargaining.",
      "",
      "",
    ],
    ["", "P-9", "", "", "", "2026-11-01", "", "", "", "", "", "Unknown person.", "", ""],
    [
      "",
      "Chris Lee",
      "",
      "",
      "",
      "2026-11-01",
      "",
      "",
      "",
      "",
      "",
      "Two people of this name.",
      "",
      "",
    ],
    ["", "P-1", "", "", "", "31/31/2026", "", "", "", "", "", "Bad date.", "", ""],
    ["", "P-1", "", "", "", "2026-11-01", "Step 9", "", "", "", "", "No such step.", "", ""],
    [
      "",
      "P-2",
      "",
      "",
      "",
      "2026-11-01",
      "",
      "pending",
      "Granted",
      "",
      "",
      "Outcome on an open one.",
      "",
      "",
    ],
  ];
}

async function upload(client: TestClient, fields: Record<string, string>, data?: Buffer) {
  const body = multipart(fields, data ? { filename: "history.csv", data } : undefined);
  return client.raw({ method: "POST", url: "/api/grievances/import", ...body });
}

async function roster(org: TestOrganization) {
  for (const person of [
    { name: "Ana Torres", badgeNumber: "P-1" },
    { name: "Ben Ode", badgeNumber: "P-2" },
    { name: "Chris Lee", badgeNumber: "P-3" },
    { name: "Chris Lee", badgeNumber: "P-4" },
  ]) {
    const res = await org.admin.client.post("/api/roster", person);
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe("grievance history import", () => {
  it("previews, applies with computed deadlines, keeps ids, and re-applies to no effect", async () => {
    clock.setDay("2026-11-24");
    const org = await createOrganization(t, "History Local");
    await roster(org);
    const data = csv(historyRows(org));

    const preview = await upload(org.admin.client, { mode: "preview" }, data);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.mapping).toMatchObject({
      id: "Grievance #",
      grievant: "Grievant",
      filedDate: "Date Filed",
      step: "Step",
      outcome: "Outcome",
      closedDate: "Closed",
      steward: "Steward",
      deadlineMet: "Deadline met",
    });
    expect(p.counts).toEqual({ new: 5, unchanged: 0, errors: 5 });
    expect(
      p.rows
        .filter((r: { action: string }) => r.action === "error")
        .map((r: { row: number; errors: { column: string; message: string }[] }) => [
          r.row,
          r.errors.map((e) => [e.column, e.message]),
        ]),
    ).toEqual([
      [7, [["Grievant", M.grievantUnknown]]],
      [8, [["Grievant", M.grievantAmbiguous]]],
      [9, [["Date Filed", M.filedDate]]],
      [10, [["Step", M.step]]],
      [11, [["Outcome", M.outcomeOpen]]],
    ]);
    expect((await org.admin.client.get("/api/grievances")).json().total).toBe(0);

    const applied = await upload(org.admin.client, { mode: "apply", importId: p.importId });
    expect(applied.statusCode, applied.body).toBe(200);
    const a = applied.json();
    expect(a.counts).toEqual({ new: 5, unchanged: 0, errors: 5 });
    const ids = a.rows
      .filter((r: { action: string }) => r.action === "new")
      .map((r: { id: string }) => r.id);
    expect(ids).toEqual([
      "G-2026-0050",
      "G-2026-0051",
      "G-2026-0052",
      "G-2024-0007",
      "G-2026-0053",
    ]);

    const detail = async (id: string) =>
      (await org.admin.client.get(`/api/grievances/${id}`)).json();
    // Filed 5 Oct at Step 1: the answer was due ten business days later, long past: missed.
    const old = await detail("G-2026-0050");
    expect(old).toMatchObject({
      status: "pending",
      articles: ["Art. 12", "Art. 4"],
      incidentDate: "2026-10-01",
    });
    // Issue 30: imported citations are matched by article number like filed ones.
    const numbers = await withTenant(t.db, org.id, (trx) =>
      trx
        .selectFrom("grievances")
        .select("articleNumbers")
        .where("organizationId", "=", org.id)
        .where("id", "=", "G-2026-0050")
        .executeTakeFirstOrThrow(),
    );
    expect(numbers.articleNumbers).toEqual(["12", "4"]);
    expect(old.grievants).toEqual([expect.objectContaining({ name: "Ana Torres" })]);
    expect(old.assignee).toMatchObject({ id: org.steward.id });
    const missed = old.deadlines.find((d: { kind: string }) => d.kind === "response");
    expect(missed.state).toBe("missed");
    expect(missed.dueDate > "2026-10-15" && missed.dueDate < "2026-10-22").toBe(true);
    expect(missed.explanation).toEqual(
      expect.arrayContaining([
        "imported Tue 24 Nov 2026 from the local's records",
        "already past at import: marked missed",
      ]),
    );
    const filing = old.deadlines.find((d: { kind: string }) => d.kind === "filing");
    expect(filing.state).toBe("met");
    // The row says the answer came: met, nothing running.
    const met = await detail("G-2026-0051");
    expect(met.deadlines.find((d: { kind: string }) => d.kind === "response").state).toBe("met");
    expect(met.nextDeadline).toBeNull();
    // Filed yesterday: the answer's deadline runs, from the filed date.
    const running = await detail("G-2026-0052");
    expect(running.nextDeadline).toMatchObject({
      kind: "response",
      state: "open",
      dueDate: "2026-12-08",
    });
    const closed = await detail("G-2024-0007");
    expect(closed).toMatchObject({ status: "resolved", step: { name: "Arbitration" } });
    expect(closed.outcome).toMatchObject({ result: "arbitration_won" });
    const policy = await detail("G-2026-0053");
    expect(policy).toMatchObject({ type: "policy", grievants: [] });
    expect(policy.activityLog[0].action).toBe(
      `Imported from the local's records by ${org.name} Admin.`,
    );

    // The same file again: every good row unchanged, nothing written.
    const again = (await upload(org.admin.client, { mode: "apply" }, data)).json();
    expect(again.counts).toEqual({ new: 0, unchanged: 5, errors: 5 });
    expect((await org.admin.client.get("/api/grievances")).json().total).toBe(5);
    // The organization's numbering continues after the kept id.
    const next = await org.steward.client.post("/api/grievances", grievanceBody());
    expect(next.json().id).toBe("G-2026-0054");
  });

  it("is for admins, refuses bad requests in plain words, and keeps organizations apart", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    await roster(victim);
    const data = csv(historyRows(victim).slice(0, 3));
    expect((await upload(victim.steward.client, { mode: "preview" }, data)).statusCode).toBe(403);
    expect((await upload(victim.member.client, { mode: "preview" }, data)).statusCode).toBe(403);
    const sync = await upload(victim.admin.client, { mode: "sync" }, data);
    expect(sync.statusCode).toBe(400);
    const noFiled = await upload(
      victim.admin.client,
      { mode: "apply", mapping: '{"grievant":"Grievant"}' },
      data,
    );
    expect(noFiled.statusCode).toBe(400);
    expect(noFiled.json().error.message).toBe(M.mappingFiled);

    const preview = (await upload(victim.admin.client, { mode: "preview" }, data)).json();
    const stolen = await upload(attacker.admin.client, {
      mode: "apply",
      importId: preview.importId,
    });
    expect(stolen.statusCode).toBe(404);
    // The victim's people are nobody in the attacker's organization.
    const theirs = (await upload(attacker.admin.client, { mode: "preview" }, data)).json();
    expect(theirs.counts).toEqual({ new: 0, unchanged: 0, errors: 3 });
    expect((await attacker.admin.client.get("/api/grievances")).json().total).toBe(0);
    expect((await victim.admin.client.get("/api/grievances")).json().total).toBe(0);
  });
});
