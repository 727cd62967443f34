import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import { GrievanceMessages } from "../../src/shared/schemas/grievances.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import { type MailTestApp, startTestAppWithMail, type TestClient } from "../support/test-app.ts";
import { uploadDocument } from "../support/uploads.ts";

let t: MailTestApp;
let org: TestOrganization;

beforeAll(async () => {
  t = await startTestAppWithMail();
  org = await createOrganization(t, "Grievance Local");
});
afterAll(() => t.close());

const year = new Date().getUTCFullYear();
const validGrievance = (overrides: Record<string, unknown> = {}) => ({
  name: "Jordan Lee",
  badgeNumber: "M-3003",
  jobTitle: "Machine Operator",
  department: "Manufacturing",
  location: "Main Office",
  description: "Scheduled overtime was given out of seniority order twice this month.",
  remedy: "Pay the missed overtime and follow the seniority list.",
  ...overrides,
});

async function file(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post("/api/grievances", validGrievance(overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as {
    id: string;
    status: string;
    activityLog: { action: string; user: string }[];
  };
}

function upload(
  client: TestClient,
  url: string,
  body: Buffer,
  filename: string,
  type = "application/pdf",
) {
  const boundary = "----grievance-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.raw({
    method: "POST",
    url,
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

describe("filing", () => {
  it.each([
    [{ name: "J" }, GrievanceMessages.fullName],
    [{ name: undefined }, GrievanceMessages.fullName],
    [{ badgeNumber: "" }, GrievanceMessages.badgeNumber],
    [{ jobTitle: "" }, GrievanceMessages.jobTitle],
    [{ department: " " }, GrievanceMessages.department],
    [{ location: "" }, GrievanceMessages.location],
    [{ description: "too short" }, GrievanceMessages.description],
    [{ remedy: "short" }, GrievanceMessages.remedy],
    [{ jobTitle: "Astronaut" }, GrievanceMessages.notInList.jobTitle],
    [{ department: "Moon Base" }, GrievanceMessages.notInList.department],
    [{ location: "Mars" }, GrievanceMessages.notInList.location],
  ])("refuses %j with 400 and the spec's message, filing nothing", async (override, message) => {
    const before = (await org.admin.client.get("/api/grievances")).json().total;
    const res = await org.member.client.post("/api/grievances", validGrievance(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await org.admin.client.get("/api/grievances")).json().total).toBe(before);
  });

  it("files with status new, the next id of the organization, and System's first log entry", async () => {
    const other = await createOrganization(t, "Numbering Local");
    const a = await file(other.member.client);
    const b = await file(other.steward.client, { name: "Sam Steward" });
    expect(a.id).toBe(`G-${year}-0001`);
    expect(b.id).toBe(`G-${year}-0002`);
    expect(a.status).toBe("new");
    expect(a.activityLog).toEqual([
      expect.objectContaining({ user: "System", action: "Grievance filed by Jordan Lee." }),
    ]);
  });

  it("gives unique ids to grievances filed at the same moment", async () => {
    const busy = await createOrganization(t, "Busy Local");
    const ids = await Promise.all(
      Array.from({ length: 12 }, () => file(busy.member.client).then((g) => g.id)),
    );
    expect(new Set(ids).size).toBe(12);
  });
});

describe("listing", () => {
  it("members see the grievances they filed; stewards and admins see all", async () => {
    const o = await createOrganization(t, "Visibility Local");
    const other = await addPerson(t, o.id, "member");
    await file(o.member.client, { name: "Alice Able" });
    await file(other.client, { name: "Bob Baker" });
    const mine = (await o.member.client.get("/api/grievances")).json();
    expect(mine.items.map((g: { name: string }) => g.name)).toEqual(["Alice Able"]);
    expect((await o.steward.client.get("/api/grievances")).json().total).toBe(2);
    expect((await o.admin.client.get("/api/grievances")).json().total).toBe(2);
    // A member can't open someone else's grievance: it is "not found".
    const bobs = (await other.client.get("/api/grievances")).json().items[0].id;
    expect((await o.member.client.get(`/api/grievances/${bobs}`)).statusCode).toBe(404);
    expect((await o.steward.client.get(`/api/grievances/${bobs}`)).statusCode).toBe(200);
  });

  it("searches only the organization's grievances, and for a member only their own", async () => {
    const o = await createOrganization(t, "Searching Local");
    const elsewhere = await createOrganization(t, "Elsewhere Local");
    await file(elsewhere.member.client, { name: "Quinn Searchable" });
    const mine = await file(o.member.client, { name: "Quinn Searchable" });
    const other = await addPerson(t, o.id, "member");
    await file(other.client, { name: "Quinn Searchable" });
    const found = async (client: TestClient, query: string) => {
      const res = (await client.get(`/api/grievances?${query}`)).json();
      return { ids: res.items.map((g: { id: string }) => g.id), total: res.total };
    };
    expect((await found(o.steward.client, "q=quinn")).total).toBe(2);
    expect(await found(o.member.client, "q=quinn")).toEqual({ ids: [mine.id], total: 1 });
    expect(await found(o.steward.client, "q=quinn&status=resolved")).toEqual({ ids: [], total: 0 });
    expect((await found(elsewhere.steward.client, "q=quinn")).total).toBe(1);
    // Every page of a search knows the whole total.
    const first = (await o.steward.client.get("/api/grievances?q=quinn&limit=1")).json();
    expect(first).toMatchObject({ total: 2, nextCursor: expect.any(String) });
    const second = (
      await o.steward.client.get(`/api/grievances?q=quinn&limit=1&cursor=${first.nextCursor}`)
    ).json();
    expect(second.total).toBe(2);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    const csv = await o.steward.client.get("/api/grievances/export.csv?q=quinn");
    expect(csv.body.split("\r\n").filter((line) => line.includes("Quinn"))).toHaveLength(2);
  });

  it("counts a broad search up to 1,000 and pages its newest matches; refuses terms under 3 characters", async () => {
    const o = await createOrganization(t, "Broad Search Local");
    // 1,200 matches of 'quarry' (one in three of the rows), filed a minute apart, and a few
    // narrow ones: the first page must be the newest matches either way.
    await withTenant(t.db, o.id, (trx) =>
      sql`INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title,
            department, location, description, remedy, status, filed_at)
          SELECT ${o.id}::uuid, 'G-2000-' || lpad(n::text, 7, '0'), ${o.member.id},
                 CASE WHEN n % 3 = 0 THEN 'Quarry Worker ' || n ELSE 'Other Person ' || n END,
                 'B-' || n, 'Operator', CASE WHEN n = 7 THEN 'Zymurgy' ELSE 'Production' END,
                 'Main Office', 'Described.', 'Remedy.',
                 CASE WHEN n % 2 = 0 THEN 'pending' ELSE 'new' END,
                 timestamptz '2025-01-01' + n * interval '1 minute'
          FROM generate_series(1, 3600) AS n`.execute(trx),
    );
    const get = async (query: string) =>
      (await o.steward.client.get(`/api/grievances?${query}`)).json() as {
        items: { id: string; name: string; filedDate: string }[];
        nextCursor: string | null;
        total: number;
        totalIsCapped: boolean;
      };
    const newestFirst = (a: { filedDate: string }, b: { filedDate: string }) =>
      b.filedDate.localeCompare(a.filedDate);

    const broad = await get("q=quarry");
    expect(broad).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(broad.items).toHaveLength(25);
    expect(broad.items[0]?.name).toBe("Quarry Worker 3600");
    expect([...broad.items].sort(newestFirst)).toEqual(broad.items);
    const next = await get(`q=quarry&cursor=${broad.nextCursor}`);
    expect(next.items[0]?.name).toBe(`Quarry Worker ${3600 - 25 * 3}`);
    expect(next.totalIsCapped).toBe(true);

    // Under the cap the count is exact and the page the same newest-first order.
    const pending = await get("q=quarry&status=pending&limit=100");
    expect(pending).toMatchObject({ total: 600, totalIsCapped: false });
    expect(pending.items[0]?.name).toBe("Quarry Worker 3600");
    expect(pending.items.every((g) => Number(g.name.split(" ").at(-1)) % 6 === 0)).toBe(true);
    expect(await get("q=zymurgy")).toMatchObject({ total: 1, totalIsCapped: false });
    // A member's search reads only their own grievances (all of these are the member's).
    const mine = await (await o.member.client.get("/api/grievances?q=quarry")).json();
    expect(mine).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(mine.items[0]?.name).toBe("Quarry Worker 3600");

    const short = await o.steward.client.get("/api/grievances?q=qu");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain(GrievanceMessages.searchTooShort);
    expect((await o.steward.client.get("/api/grievances?q=")).statusCode).toBe(200);
  });

  it("pages grievances filed within one millisecond one by one (the cursor keeps microseconds)", async () => {
    const o = await createOrganization(t, "Microsecond Local");
    // Five filed in the same millisecond: a cursor rounded to it would skip the other four.
    await withTenant(t.db, o.id, (trx) =>
      sql`INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title,
            department, location, description, remedy, status, filed_at)
          SELECT ${o.id}::uuid, 'G-2001-000' || n, ${o.member.id}, 'Micro Second ' || n, 'B-' || n,
                 'Operator', 'Production', 'Main Office', 'Described.', 'Remedy.', 'new',
                 timestamptz '2025-03-01 10:00:00.123' + (6 - n) * interval '1 microsecond'
          FROM generate_series(1, 5) AS n`.execute(trx),
    );
    const walk = async (query: string) => {
      const ids: string[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const res = await o.steward.client.get(
          `/api/grievances?${query}&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
        );
        expect(res.statusCode).toBe(200);
        const body = res.json() as { items: { id: string }[]; nextCursor: string | null };
        ids.push(...body.items.map((g) => g.id));
        cursor = body.nextCursor;
      }
      return ids;
    };
    const newestFirst = [1, 2, 3, 4, 5].map((n) => `G-2001-000${n}`);
    expect(await walk("sort=filed")).toEqual(newestFirst);
    expect(await walk("sort=filed&order=asc")).toEqual([...newestFirst].reverse());
    expect(await walk("q=micro")).toEqual(newestFirst);
    // A cursor of another sort, or a day that does not exist, is a 400 and not a 500.
    const badDay = Buffer.from(JSON.stringify(["2026-02-30", "G-2001-0001"])).toString("base64url");
    expect(
      (await o.steward.client.get(`/api/grievances?sort=deadline&cursor=${badDay}`)).statusCode,
    ).toBe(400);
    expect(
      (await o.steward.client.get(`/api/grievances?sort=filed&cursor=${badDay}`)).statusCode,
    ).toBe(400);
  });

  it("searches name, badge number and department ignoring case, filters by status, and pages by cursor", async () => {
    const o = await createOrganization(t, "Search Local");
    await file(o.member.client, { name: "Carmen Diaz", badgeNumber: "B-100", department: "Sales" });
    await file(o.member.client, {
      name: "Dev Patel",
      badgeNumber: "X-9",
      department: "Quality Control",
    });
    const escalated = await file(o.member.client, {
      name: "Eve Long",
      badgeNumber: "Z-1",
      department: "IT",
    });
    await o.steward.client.post(`/api/grievances/${escalated.id}/status`, { status: "escalated" });
    const search = async (q: string) =>
      (await o.steward.client.get(`/api/grievances?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((g: { name: string }) => g.name);
    expect(await search("carmen")).toEqual(["Carmen Diaz"]);
    expect(await search("b-100")).toEqual(["Carmen Diaz"]);
    expect(await search("QUALITY")).toEqual(["Dev Patel"]);
    expect(await search("%%%")).toEqual([]);
    const byStatus = (await o.steward.client.get("/api/grievances?status=escalated")).json();
    expect(byStatus.items.map((g: { id: string }) => g.id)).toEqual([escalated.id]);

    const first = (await o.steward.client.get("/api/grievances?limit=2")).json();
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await o.steward.client.get(`/api/grievances?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((g: { id: string }) => g.id)).size).toBe(
      3,
    );
    expect((await o.steward.client.get("/api/grievances?cursor=garbage")).statusCode).toBe(400);
    expect((await o.steward.client.get("/api/grievances?status=lost")).statusCode).toBe(400);
    expect((await o.steward.client.get("/api/grievances?limit=1000")).statusCode).toBe(400);
  });
});

describe("status changes (product-decisions.md 18 and 25)", () => {
  const cases: [string[], string, number][] = [
    [[], "pending", 200],
    [[], "escalated", 200],
    // One way to close: with an outcome (issue 30); a bare status change to resolved is refused.
    [[], "resolved", 400],
    [["pending"], "escalated", 200],
    [["pending"], "resolved", 400],
    [["pending"], "pending", 409],
    // Escalate appeals to the next step: Step 3, then Arbitration, the last, with no appeal.
    [["escalated"], "escalated", 200],
    [["escalated", "escalated"], "escalated", 200],
    [["escalated", "escalated", "escalated"], "escalated", 409],
    [["escalated"], "resolved", 400],
    [["escalated"], "pending", 409],
    [["resolved"], "escalated", 409],
    [["resolved"], "resolved", 400],
    [["resolved"], "pending", 409],
  ];
  it.each(cases)("from %j to %s answers %i", async (path, target, expected) => {
    const g = await file(org.member.client);
    for (const step of path)
      if (step === "resolved")
        await org.steward.client.post(`/api/grievances/${g.id}/close`, {
          outcome: "withdrawn",
          reason: "The grievant agreed after we talked it through.",
          summary: "Withdrawn.",
        });
      else await org.steward.client.post(`/api/grievances/${g.id}/status`, { status: step });
    const res = await org.steward.client.post(`/api/grievances/${g.id}/status`, {
      status: target,
      note: "Checked with HR",
    });
    expect(res.statusCode).toBe(expected);
    if (expected === 400)
      expect(res.json().error.message).toBe(
        "Close the grievance with its outcome: a grievance is not resolved without one.",
      );
    if (expected === 200) {
      const steps = ["Step 2", "Step 3", "Arbitration"];
      const label =
        target === "pending"
          ? "Marked as pending"
          : `Escalated to ${steps[path.filter((s) => s === "escalated").length]}`;
      expect(res.json().activityLog[0]).toMatchObject({
        action: `${label}: Checked with HR`,
        role: "steward",
      });
    }
  });

  it("members cannot change a status; the submitter is told by email", async () => {
    const g = await file(org.member.client);
    expect(
      (await org.member.client.post(`/api/grievances/${g.id}/status`, { status: "resolved" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await org.admin.client.post(`/api/grievances/${g.id}/status`, { status: "bogus" }))
        .statusCode,
    ).toBe(400);
    await org.admin.client.post(`/api/grievances/${g.id}/close`, {
      outcome: "withdrawn",
      reason: "The grievant agreed after we talked it through.",
      summary: "Withdrawn.",
    });
    const mail = (await t.mailsTo(org.member.email)).find(
      (m) => m.subject === `Update on your grievance ${g.id}`,
    );
    expect(mail?.text).toContain("Closed at Step 1: Withdrawn.");
  });
});

describe("comments", () => {
  it("must not be blank; a member comments only on their own; stewards on any", async () => {
    const g = await file(org.member.client);
    const blank = await org.member.client.post(`/api/grievances/${g.id}/comments`, { text: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(GrievanceMessages.commentBlank);
    const own = await org.member.client.post(`/api/grievances/${g.id}/comments`, {
      text: "I have the schedule.",
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().activityLog[0].action).toBe("Comment: I have the schedule.");

    const stranger = await addPerson(t, org.id, "member");
    expect(
      (await stranger.client.post(`/api/grievances/${g.id}/comments`, { text: "Me too" }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await org.steward.client.post(`/api/grievances/${g.id}/comments`, {
          text: "Meeting Tuesday.",
        })
      ).statusCode,
    ).toBe(201);
    const mails = await t.mailsTo(org.member.email);
    expect(mails.some((m) => m.text.includes("Comment: Meeting Tuesday."))).toBe(true);
  });
});

describe("attachments", () => {
  it("stores a real PDF, refuses a renamed text file (415) and a huge file (413), and serves the same bytes", async () => {
    const g = await file(org.member.client);
    const ok = await upload(
      org.member.client,
      `/api/grievances/${g.id}/attachments`,
      PDF,
      'schedule "final"\r\n.pdf',
    );
    expect(ok.statusCode).toBe(201);
    const att = ok.json();
    expect(att).toMatchObject({ type: "application/pdf", size: PDF.length });
    const fake = await upload(
      org.member.client,
      `/api/grievances/${g.id}/attachments`,
      Buffer.from("just text"),
      "evil.pdf",
    );
    expect(fake.statusCode).toBe(415);
    const huge = await upload(
      org.member.client,
      `/api/grievances/${g.id}/attachments`,
      Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]),
      "big.pdf",
    );
    expect(huge.statusCode).toBe(413);

    const download = await org.steward.client.raw({
      method: "GET",
      url: `/api/grievances/${g.id}/attachments/${att.id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, PDF)).toBe(0);
    const disposition = String(download.headers["content-disposition"]);
    expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[\r\n]/);
    const detail = (await org.member.client.get(`/api/grievances/${g.id}`)).json();
    expect(detail.attachments).toHaveLength(1);
    expect(detail.activityLog[0].action).toMatch(/^Attached /);

    const stranger = await addPerson(t, org.id, "member");
    expect(
      (
        await stranger.client.raw({
          method: "GET",
          url: `/api/grievances/${g.id}/attachments/${att.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await upload(stranger.client, `/api/grievances/${g.id}/attachments`, PDF, "x.pdf"))
        .statusCode,
    ).toBe(404);
  });
});

describe("export and activity", () => {
  it("exports the filtered list as CSV for stewards and admins only, formulas neutralised", async () => {
    const o = await createOrganization(t, "Export Local");
    await file(o.member.client, {
      name: "=cmd|' /C calc'!A0",
      description: "Danger in a spreadsheet cell here.",
    });
    const res = await o.steward.client.get("/api/grievances/export.csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body).toContain(`"'=cmd|' /C calc'!A0"`);
    expect((await o.member.client.get("/api/grievances/export.csv")).statusCode).toBe(403);
    const filtered = await o.steward.client.get("/api/grievances/export.csv?status=resolved");
    expect(filtered.body.trim().split("\r\n")).toHaveLength(1);
  });

  it("lists recent activity newest first, members only about their own", async () => {
    const o = await createOrganization(t, "Activity Local");
    const g = await file(o.member.client, { name: "Fay Gomez" });
    await o.steward.client.post(`/api/grievances/${g.id}/status`, {
      status: "pending",
      note: "Waiting for payroll records from the company",
    });
    const other = await addPerson(t, o.id, "member");
    await file(other.client, { name: "Hidden Person" });
    const mine = (await o.member.client.get("/api/activity?limit=3")).json().items;
    expect(mine.map((i: { action: string }) => i.action)).toEqual([
      "Marked as pending: Waiting for payroll records from the company",
      "Grievance filed by Fay Gomez.",
    ]);
    const all = (await o.steward.client.get("/api/activity?limit=3")).json().items;
    expect(all[0].action).toBe("Grievance filed by Hidden Person.");
  });
});

describe("dashboard stats", () => {
  it("keeps the steward's counts equal to the rows through concurrent changes", async () => {
    const o = await createOrganization(t, "Counted Local");
    const filed = await Promise.all(Array.from({ length: 8 }, () => file(o.member.client)));
    // Concurrent status changes and comments (a comment touches the row, not its status).
    const targets = ["pending", "escalated", "resolved", "pending"] as const;
    await Promise.all(
      filed.flatMap((g, i) => [
        targets[i % targets.length] === "resolved"
          ? o.steward.client.post(`/api/grievances/${g.id}/close`, {
              outcome: "withdrawn",
              reason: "The grievant agreed after we talked it through.",
              summary: "Withdrawn.",
            })
          : o.steward.client.post(`/api/grievances/${g.id}/status`, {
              status: targets[i % targets.length],
            }),
        o.steward.client.post(`/api/grievances/${g.id}/comments`, { text: "Seen" }),
      ]),
    );
    await o.steward.client.post(`/api/grievances/${filed[1]?.id}/close`, {
      outcome: "withdrawn",
      reason: "The grievant agreed after we talked it through.",
      summary: "Withdrawn.",
    });
    const counted = await withTenant(t.db, o.id, async (trx) => {
      const { rows } = await sql<{ status: string; n: number }>`
        SELECT status, count(*)::int AS n FROM grievances GROUP BY status`.execute(trx);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    });
    expect(counted).toEqual({ pending: 4, resolved: 3, escalated: 1 });
    expect((await o.steward.client.get("/api/dashboard-stats")).json()).toMatchObject({
      totalGrievances: 8,
      pendingGrievances: 4,
      resolvedGrievances: 3,
      escalatedGrievances: 1,
    });
    // The list's totals come from the same counts while no search narrows them.
    const total = async (query: string) =>
      (await o.steward.client.get(`/api/grievances${query}`)).json().total;
    expect(await total("")).toBe(8);
    expect(await total("?status=pending")).toBe(4);
    expect(await total("?status=new")).toBe(0);
    // The app role reads the counts but cannot write them.
    await expect(
      withTenant(t.db, o.id, (trx) =>
        sql`UPDATE grievance_status_counts SET resolved_count = 0`.execute(trx),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it("counts in SQL what each person may see, with the organization's name", async () => {
    const o = await createOrganization(t, "Stats Local");
    const a = await file(o.member.client);
    const b = await file(o.member.client);
    const other = await addPerson(t, o.id, "member");
    await file(other.client);
    await o.steward.client.post(`/api/grievances/${a.id}/close`, {
      outcome: "withdrawn",
      reason: "The grievant agreed after we talked it through.",
      summary: "Withdrawn.",
    });
    await o.steward.client.post(`/api/grievances/${b.id}/status`, { status: "escalated" });
    for (const title of ["Meeting Thursday", "Vote Friday"])
      await o.admin.client.post("/api/announcements", {
        title,
        content: "All welcome.",
        category: "General",
      });
    await uploadDocument(o.admin.client, {
      name: "Contract",
      category: "Contracts",
      filename: "contract.pdf",
      data: makePdf("Contract", ["Article 1."]),
    });
    const steward = (await o.steward.client.get("/api/dashboard-stats")).json();
    expect(steward).toMatchObject({
      totalGrievances: 3,
      resolvedGrievances: 1,
      pendingGrievances: 0,
      escalatedGrievances: 1,
      organizationName: "Stats Local",
    });
    expect(steward.documents).toBe(1);
    expect(steward.announcements).toBe(2);
    const member = (await o.member.client.get("/api/dashboard-stats")).json();
    expect(member).toMatchObject({
      totalGrievances: 2,
      resolvedGrievances: 1,
      escalatedGrievances: 1,
    });
  });
});
