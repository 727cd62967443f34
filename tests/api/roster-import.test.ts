import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { createAppPool, createKysely } from "../../src/server/db/connection.ts";
import { withTenant } from "../../src/server/db/tenant.ts";
import { RosterMessages } from "../../src/shared/schemas/roster.ts";
import { mintSession } from "../support/sessions.ts";
import { createOrganization, createTwoOrganizations } from "../support/tenants.ts";
import { startTestApp, type TestApp, TestClient } from "../support/test-app.ts";
import { multipart } from "../support/uploads.ts";

/**
 * Roster import and sync (issue 29, product-decisions.md 33): a messy employer's list as CSV
 * and as XLSX, previewed row by row, applied whole, re-applied to no effect, synced, and
 * invitations queued once each, also from two server instances at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HEADERS = [
  "Full Name",
  "E-mail",
  "Emp #",
  "Dept",
  "Work Location",
  "Classification",
  "Hire Date",
];
const DEPARTMENTS = ["Assembly", "Paint Shop", "Shipping", "Human Resources"];

/** 2,000 rows; five bad: a bad email, a missing name, a bad date and a badge on two rows. */
function messyRows(count = 2000): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    rows.push([
      ` Worker ${String(i).padStart(4, "0")} `,
      i % 7 === 0 ? "" : `Worker.${i}@Example.ORG`,
      `E${10000 + i}`,
      DEPARTMENTS[i % DEPARTMENTS.length] as string,
      i % 2 ? "Dock 7" : "Warehouse B",
      i % 3 ? "Machine Operator" : "Forklift Driver",
      `${(i % 12) + 1}/${(i % 28) + 1}/20${String(10 + (i % 14))}`,
    ]);
  }
  if (count < 50) return rows;
  (rows[10] as string[])[1] = "worker10-at-example.org";
  (rows[20] as string[])[0] = "";
  (rows[30] as string[])[6] = "31/31/2020";
  (rows[41] as string[])[2] = "E10040";
  return rows;
}
const BAD_ROWS = [12, 22, 32, 42, 43];

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const toCsv = (rows: string[][], headers = HEADERS) =>
  Buffer.from(
    `\uFEFF${[headers, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`,
    "utf8",
  );

async function toXlsx(rows: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Check-off");
  sheet.addRow(HEADERS);
  for (const r of rows) {
    // Spreadsheets hold hire dates as dates.
    const [m, d, y] = (r[6] as string).split("/").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    sheet.addRow([...r.slice(0, 6), Number.isNaN(date.getTime()) || m > 12 ? r[6] : date]);
  }
  workbook.addWorksheet("Notes").addRow(["ignored"]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface ImportAnswer {
  importId: string;
  columns: string[];
  mapping: Record<string, string>;
  counts: { new: number; updated: number; unchanged: number; left: number; errors: number };
  rows: {
    row: number | null;
    action: string;
    name: string;
    personId: string | null;
    errors: { column: string | null; message: string }[];
  }[];
  newListValues: { departments: string[]; locations: string[]; jobTitles: string[] };
  invited: number;
}

async function upload(
  client: TestClient,
  fields: Record<string, string>,
  file?: { data: Buffer; filename: string },
) {
  const body = multipart(fields, file);
  return client.raw({ method: "POST", url: "/api/roster/import", ...body });
}

async function importFile(
  client: TestClient,
  fields: Record<string, string>,
  file?: { data: Buffer; filename: string },
) {
  const res = await upload(client, fields, file);
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res.json() as ImportAnswer;
}

async function rosterTotal(client: TestClient, query = "status=all") {
  return (await client.get(`/api/roster?${query}&limit=1`)).json().total as number;
}

describe("roster import", () => {
  it("previews and applies a messy 2,000-row CSV, and the same as XLSX, five bad rows reported", async () => {
    const rows = messyRows();
    const files = [
      { data: toCsv(rows), filename: "checkoff.csv" },
      { data: await toXlsx(rows), filename: "checkoff.xlsx" },
    ];
    for (const file of files) {
      const org = await createOrganization(t, `Import ${file.filename}`);
      const preview = await importFile(org.admin.client, { mode: "preview" }, file);
      expect(preview.columns).toEqual(HEADERS);
      expect(preview.mapping).toEqual({
        name: "Full Name",
        email: "E-mail",
        badgeNumber: "Emp #",
        department: "Dept",
        location: "Work Location",
        jobTitle: "Classification",
        hireDate: "Hire Date",
      });
      expect(preview.counts).toEqual({ new: 1995, updated: 0, unchanged: 0, left: 0, errors: 5 });
      const bad = preview.rows.filter((r) => r.action === "error");
      expect(bad.map((r) => r.row)).toEqual(BAD_ROWS);
      expect(bad.map((r) => r.errors.map((e) => [e.column, e.message]))).toEqual([
        [["E-mail", RosterMessages.email]],
        [["Full Name", RosterMessages.name]],
        [["Hire Date", RosterMessages.hireDate]],
        [["Emp #", RosterMessages.badgeTwice]],
        [["Emp #", RosterMessages.badgeTwice]],
      ]);
      expect(preview.newListValues).toEqual({
        departments: ["Assembly", "Paint Shop", "Shipping"],
        locations: ["Warehouse B", "Dock 7"],
        jobTitles: ["Forklift Driver"],
      });
      // A preview writes nothing.
      expect(await rosterTotal(org.admin.client)).toBe(3);

      // Apply the stored preview by its id: every good row, in one go.
      const applied = await importFile(org.admin.client, {
        mode: "apply",
        importId: preview.importId,
      });
      expect(applied.counts).toEqual(preview.counts);
      expect(await rosterTotal(org.admin.client)).toBe(3 + 1995);
      const one = (await org.admin.client.get("/api/roster?q=E10007")).json().items[0];
      expect(one).toMatchObject({
        name: "Worker 0007",
        email: null,
        department: "Human Resources",
        hireDate: "2017-08-08",
        hasAccount: false,
      });
      expect((await org.admin.client.get("/api/roster?q=E10001")).json().items[0].email).toBe(
        "worker.1@example.org",
      );
      const lists = (await org.admin.client.get("/api/organization/config")).json();
      expect(lists.departments).toEqual(expect.arrayContaining(["Paint Shop", "Assembly"]));
      expect(lists.locations).toEqual(expect.arrayContaining(["Dock 7", "Warehouse B"]));

      // The same file again changes nothing.
      const again = await importFile(org.admin.client, { mode: "apply" }, file);
      expect(again.counts).toEqual({ new: 0, updated: 0, unchanged: 1995, left: 0, errors: 5 });
      expect(again.newListValues).toEqual({ departments: [], locations: [], jobTitles: [] });
      expect(await rosterTotal(org.admin.client)).toBe(3 + 1995);
    }
  });

  it("syncs: ten missing people leave, three changed departments update", async () => {
    const org = await createOrganization(t, "Sync Local");
    const rows = messyRows(200).filter((_, i) => ![10, 20, 30, 40, 41].includes(i));
    await importFile(org.admin.client, { mode: "apply" }, { data: toCsv(rows), filename: "a.csv" });
    const member = (
      await org.admin.client.get(`/api/roster?q=${encodeURIComponent(org.member.email)}`)
    ).json().items[0];
    const next = rows.slice(10).map((r) => [...r]);
    for (const i of [0, 50, 100]) (next[i] as string[])[3] = "Quality Control";
    // The member's account is on the employer's list too; officers need not be.
    next.push([member.name, org.member.email, "", "", "", "", ""]);
    const file = { data: toCsv(next), filename: "b.csv" };
    const preview = await importFile(org.admin.client, { mode: "preview", sync: "true" }, file);
    expect(preview.counts).toEqual({ new: 0, updated: 3, unchanged: 183, left: 10, errors: 0 });
    const leaving = preview.rows.filter((r) => r.action === "leave").map((r) => r.name);
    expect(leaving.sort()).toEqual(
      rows
        .slice(0, 10)
        .map((r) => (r[0] as string).trim())
        .sort(),
    );
    expect(await rosterTotal(org.admin.client, "status=left")).toBe(0);

    const synced = await importFile(org.admin.client, { mode: "sync" }, file);
    expect(synced.counts).toEqual(preview.counts);
    expect(await rosterTotal(org.admin.client, "status=left")).toBe(10);
    expect(await rosterTotal(org.admin.client, "status=active")).toBe(3 + 185);
    // Applying the first file again brings them back (an update each), and leaves nobody.
    const back = await importFile(
      org.admin.client,
      { mode: "apply" },
      { data: toCsv(rows), filename: "a.csv" },
    );
    expect(back.counts).toMatchObject({ new: 0, updated: 13, left: 0 });
  });

  it("refuses bad requests in plain words and changes nothing; stops on errors when asked", async () => {
    const org = await createOrganization(t, "Refusals Local");
    const csv = { data: toCsv(messyRows(50)), filename: "x.csv" };
    const cases: [
      Record<string, string>,
      { data: Buffer; filename: string } | undefined,
      number,
      string,
    ][] = [
      [{ mode: "preview" }, undefined, 400, RosterMessages.fileMissing],
      [{ mode: "launch" }, csv, 400, RosterMessages.mode],
      [{ mode: "apply", mapping: "{not json" }, csv, 400, RosterMessages.mapping],
      [{ mode: "apply", mapping: '{"name":"Nope"}' }, csv, 400, RosterMessages.mappingColumn],
      [{ mode: "apply", mapping: '{"salary":"Dept"}' }, csv, 400, RosterMessages.mappingField],
      [{ mode: "apply", mapping: '{"email":"E-mail"}' }, csv, 400, RosterMessages.mappingName],
      [{ mode: "apply", invite: "maybe" }, csv, 400, RosterMessages.flag],
      [
        { mode: "apply", importId: "6b0f7c1e-1111-4111-8111-111111111111" },
        undefined,
        404,
        RosterMessages.importNotFound,
      ],
      [
        { mode: "preview" },
        { data: Buffer.from([0, 1, 2, 3, 0, 0]), filename: "x.bin" },
        415,
        RosterMessages.fileType,
      ],
      [
        { mode: "preview" },
        { data: Buffer.from("Name,Email\r\n"), filename: "e.csv" },
        400,
        RosterMessages.fileEmpty,
      ],
      [{ mode: "apply", stopOnErrors: "true" }, csv, 400, RosterMessages.hasErrors],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await upload(org.admin.client, fields, file);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await rosterTotal(org.admin.client)).toBe(3);
    // Spanish readers get the row errors in Spanish.
    expect(
      (await org.admin.client.request("PUT", "/api/profile/language", { language: "es" }))
        .statusCode,
    ).toBeLessThan(300);
    const es = await importFile(org.admin.client, { mode: "preview" }, csv);
    const rowError = es.rows.find((r) => r.row === 12)?.errors[0]?.message;
    expect(rowError).toBe("Esta no es una dirección de correo electrónico.");
    // Stewards may not import; members neither.
    expect((await upload(org.steward.client, { mode: "preview" }, csv)).statusCode).toBe(403);
    expect((await upload(org.member.client, { mode: "preview" }, csv)).statusCode).toBe(403);
  });

  it("keeps each organization's imports its own (attacker and victim)", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    const preview = await importFile(
      victim.admin.client,
      { mode: "preview" },
      { data: toCsv(messyRows(5)), filename: "v.csv" },
    );
    const stolen = await upload(attacker.admin.client, {
      mode: "apply",
      importId: preview.importId,
    });
    expect(stolen.statusCode).toBe(404);
    expect(await rosterTotal(attacker.admin.client)).toBe(3);
    expect(await rosterTotal(victim.admin.client)).toBe(3);
    // The same badge numbers import into both organizations.
    await importFile(
      attacker.admin.client,
      { mode: "apply" },
      { data: toCsv(messyRows(5)), filename: "a.csv" },
    );
    await importFile(victim.admin.client, { mode: "apply", importId: preview.importId });
    expect(await rosterTotal(victim.admin.client)).toBe(8);
    // Uploads are kept for their preview and apply: ten newer ones and this one is gone.
    for (let i = 0; i < 10; i++)
      await importFile(
        victim.admin.client,
        { mode: "preview" },
        { data: toCsv(messyRows(2)), filename: "n.csv" },
      );
    const gone = await upload(victim.admin.client, { mode: "apply", importId: preview.importId });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(RosterMessages.importNotFound);
  });
});

describe("invitations from the roster", () => {
  it("queues one invitation per person across two instances; resends, revokes, shows joined and bounced", async () => {
    const org = await createOrganization(t, "Invite Local");
    const tag = Date.now();
    const rows = Array.from({ length: 20 }, (_, i) => [
      `Invitee ${i}`,
      `invitee.${tag}.${i}@example.org`,
      `I-${i}`,
      "",
      "",
      "",
      "",
    ]);
    rows.push(["No Email", "", "I-99", "", "", "", ""]);
    const file = { data: toCsv(rows), filename: "invite.csv" };

    // A second server instance: its own app and pool over the same database.
    const pool = createAppPool(t.appDatabaseUrl, 5);
    const db2 = createKysely(pool);
    const second = await buildApp({ ...t.app.deps, db: db2 });
    await second.ready();
    try {
      const cookie = await mintSession(t.auth, org.admin.id);
      const other = new TestClient(second);
      other.setCookie(cookie.name, cookie.value);
      const answers = await Promise.all([
        upload(org.admin.client, { mode: "apply", invite: "true" }, file),
        upload(other, { mode: "apply", invite: "true" }, file),
        upload(org.admin.client, { mode: "apply", invite: "true" }, file),
      ]);
      for (const a of answers) expect(a.statusCode, a.body.slice(0, 300)).toBe(200);
      expect(answers.reduce((n, a) => n + a.json().invited, 0)).toBe(20);
      const again = await other.post("/api/roster/invitations", { action: "send" });
      expect(again.json()).toEqual({ changed: 0 });
    } finally {
      await second.close();
      await db2.destroy();
    }

    const outbox = async () =>
      (
        await t.db
          .selectFrom("mailOutbox")
          .select(["toAddress", "textBody"])
          .where("toAddress", "like", `invitee.${tag}.%`)
          .orderBy("id")
          .execute()
      ).map((m) => ({ to: m.toAddress, text: m.textBody }));
    const mails = await outbox();
    expect(mails).toHaveLength(20);
    expect(new Set(mails.map((m) => m.to)).size).toBe(20);
    const people = (await org.admin.client.get("/api/roster?q=invitee&limit=100")).json().items;
    expect(people.every((p: { invitation: string }) => p.invitation === "invited")).toBe(true);

    // Resend to one person: a new mail and a new link; the old link stops working.
    const first = people.find((p: { name: string }) => p.name === "Invitee 0");
    const resent = await org.steward.client.post("/api/roster/invitations", {
      action: "resend",
      ids: [first.id],
    });
    expect(resent.json()).toEqual({ changed: 1 });
    const all = await outbox();
    expect(all).toHaveLength(21);
    const link = (text: string) => /accept-invite\?token=([^\s]+)/.exec(text)?.[1] as string;
    const oldToken = decodeURIComponent(link(mails.find((m) => m.to.includes(".0@"))?.text ?? ""));
    const newToken = decodeURIComponent(link(all.at(-1)?.text ?? ""));
    expect(
      (await t.client().get(`/api/invitations/by-token/${encodeURIComponent(oldToken)}`))
        .statusCode,
    ).toBe(404);

    // Invitee 0 accepts: linked to their person, shown as joined.
    const account = await t.createSignedIn({ email: `invitee.${tag}.0@example.org` });
    const accepted = await account.client.post(
      `/api/invitations/by-token/${encodeURIComponent(newToken)}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const joined = (await org.admin.client.get(`/api/roster?q=I-0&limit=100`)).json().items;
    expect(joined.find((p: { id: string }) => p.id === first.id)).toMatchObject({
      invitation: "joined",
      hasAccount: true,
      userId: account.id,
    });

    // The outbox gave up on one mail: the roster says bounced.
    const bouncedId = people.find((p: { name: string }) => p.name === "Invitee 1").id;
    await withTenant(t.db, org.id, async (trx) => {
      const p = await trx
        .selectFrom("people")
        .select("invitationMailId")
        .where("organizationId", "=", org.id)
        .where("id", "=", bouncedId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("mailOutbox")
        .set({ status: "failed" })
        .where("id", "=", String(p.invitationMailId))
        .execute();
    });
    const bounced = (await org.admin.client.get("/api/roster?q=I-1&limit=100")).json().items;
    expect(bounced.find((p: { id: string }) => p.id === bouncedId).invitation).toBe("bounced");

    // Revoke everyone not yet joined: 19 withdrawn, their links dead, nobody left invited.
    const revoked = await org.admin.client.post("/api/roster/invitations", { action: "revoke" });
    expect(revoked.json()).toEqual({ changed: 19 });
    const after = (await org.admin.client.get("/api/roster?q=invitee&limit=100")).json().items;
    expect(after.filter((p: { invitation: string }) => p.invitation === "none")).toHaveLength(19);
    expect((await org.admin.client.get("/api/invitations")).json().items).toEqual([]);
    // Members cannot send invitations.
    expect(
      (await org.member.client.post("/api/roster/invitations", { action: "send" })).statusCode,
    ).toBe(403);
  });
});
