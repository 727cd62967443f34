import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import { EXPORTED_TABLES, NOT_EXPORTED } from "../../src/server/modules/exports/tables.ts";
import type { TOrganizationExport } from "../../src/shared/schemas/exports.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import {
  type MailTestApp,
  startTestApp,
  startTestAppWithMail,
  type TestClient,
} from "../support/test-app.ts";
import { multipart, uploadDocument } from "../support/uploads.ts";

/**
 * The organization export (issue 32, product-decisions.md 38): an admin's ZIP holds every
 * exported table's rows of that organization and none of another (counted against the
 * database), every stored file byte for byte, each grievance's case file with its internal
 * notes; only that organization's admins may start, follow or download it, and not once it
 * has expired. The clock is Monday 23 November 2026, 10:00 in New York.
 */
const clock = new Date("2026-11-23T15:00:00Z");
let t: MailTestApp;
let owner: pg.Client;
let org: TestOrganization;
let other: TestOrganization;
const SECRET = "Internal: the supervisor admitted the roster was skipped.";
/** Bytes of every file uploaded to `org`, by name. */
const uploaded = new Map<string, Buffer>();

async function fileGrievance(client: TestClient, subject: string) {
  const res = await client.post("/api/grievances", {
    subject,
    incidentDate: "2026-11-16",
    articles: ["Art. 12.3 Overtime"],
    name: "Jordan Lee",
    badgeNumber: "M-3003",
    jobTitle: "Machine Operator",
    department: "Manufacturing",
    location: "Main Office",
    description: "Scheduled overtime was given out of seniority order twice this month.",
    remedy: "Pay the missed overtime.",
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TGrievance;
}

async function attach(client: TestClient, id: string, filename: string, data: Buffer) {
  const res = await client.raw({
    method: "POST",
    url: `/api/grievances/${id}/attachments`,
    ...multipart({}, { filename, data }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}

/** The same kinds of records in each organization, so a leak would show in the counts. */
async function fill(o: TestOrganization, keep: boolean) {
  for (const subject of ["Overtime out of seniority order", "Unsafe ladder in bay 4"]) {
    const g = await fileGrievance(o.member.client, subject);
    await o.steward.client.post(`/api/grievances/${g.id}/comments`, {
      text: SECRET,
      internal: true,
    });
    await o.member.client.post(`/api/grievances/${g.id}/comments`, { text: "I have printouts." });
    await o.steward.client.post(`/api/grievances/${g.id}/response`, {
      receivedOn: "2026-11-23",
      decision: "denied",
      text: "Management followed the rotation.",
    });
    const pdf = makePdf(`Exhibit for ${subject}`, [o.name]);
    await attach(o.member.client, g.id, "roster.pdf", pdf);
    if (keep) uploaded.set(`${g.id}/roster.pdf`, pdf);
  }
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: keep ? "#336699" : "#996633" },
  })
    .png()
    .toBuffer();
  const doc = await uploadDocument(o.admin.client, {
    name: "Safety poster",
    category: "Safety",
    filename: "poster.png",
    data: png,
    contentType: "image/png",
  });
  if (doc.statusCode !== 201) throw new Error(doc.body);
  if (keep) uploaded.set("Safety_poster.png", png);
  await o.admin.client.post("/api/announcements", {
    title: "Meeting Thursday",
    content: "The general meeting is on Thursday at 6 pm.",
    category: "General",
  });
  await o.admin.client.post("/api/employer-contacts", {
    name: "Dana Ruiz",
    title: "HR Manager",
    email: `dana-${o.id.slice(0, 8)}@employer.test`,
  });
}

beforeAll(async () => {
  t = await startTestAppWithMail({ now: () => clock });
  owner = new pg.Client({ connectionString: t.databaseUrl });
  await owner.connect();
  org = await createOrganization(t, "Export Local 7");
  other = await createOrganization(t, "Other Local 9");
  await fill(org, true);
  await fill(other, false);
});
afterAll(async () => {
  await owner?.end();
  await t?.close();
});

async function waitReady(client: TestClient, id: string): Promise<TOrganizationExport> {
  const deadline = Date.now() + 25_000;
  const seen: number[] = [];
  while (Date.now() < deadline) {
    const res = await client.get(`/api/organization/exports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TOrganizationExport;
    seen.push(body.progress);
    if (body.state === "ready" || body.state === "failed") {
      // Progress only moves forward.
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      return body;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the export did not finish");
}

/** Every entry of a ZIP, read with a separate unzip library. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("organization export", () => {
  let entries: Map<string, Buffer>;
  let exportId: string;

  it("is refused to a steward, a member and another organization's admin", async () => {
    for (const client of [org.steward.client, org.member.client]) {
      expect((await client.post("/api/organization/exports")).statusCode).toBe(403);
    }
    const started = await org.admin.client.post("/api/organization/exports");
    expect(started.statusCode, started.body).toBe(202);
    exportId = (started.json() as { id: string }).id;
    // A double click answers the export under way, not a second one.
    const again = await org.admin.client.post("/api/organization/exports");
    expect((again.json() as { id: string }).id).toBe(exportId);
    // The other organization's admin: as if it did not exist.
    expect((await other.admin.client.get(`/api/organization/exports/${exportId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await other.admin.client.get(`/api/organization/exports/${exportId}/download`)).statusCode,
    ).toBe(404);
    expect((await org.steward.client.get(`/api/organization/exports/${exportId}`)).statusCode).toBe(
      403,
    );
    expect((await org.admin.client.get("/api/organization/exports/not-an-id")).statusCode).toBe(
      400,
    );
  });

  it("becomes ready, mails the admin, and downloads as a ZIP", async () => {
    const ready = await waitReady(org.admin.client, exportId);
    expect(ready).toMatchObject({ state: "ready", progress: 100 });
    expect(ready.url).toBe(`/api/organization/exports/${exportId}/download`);
    expect(ready.expiresAt).toBe(new Date(clock.getTime() + 7 * 24 * 3600 * 1000).toISOString());
    const mail = await t.waitForMail(org.admin.email);
    expect(mail.subject).toBe("Your export of Export Local 7 is ready");
    expect(mail.text).toContain("/organization-setup?tab=data");
    // Members and stewards may not download it; the admin may.
    for (const client of [org.steward.client, org.member.client]) {
      expect((await client.get(ready.url ?? "")).statusCode).toBe(403);
    }
    const res = await org.admin.client.raw({ method: "GET", url: ready.url ?? "" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    entries = await unzip(res.rawPayload);
    const listed = await org.admin.client.get("/api/organization/exports");
    expect((listed.json() as { items: TOrganizationExport[] }).items[0]?.id).toBe(exportId);
  });

  it("holds every table's rows of the organization and none of another, counted", async () => {
    const manifest = JSON.parse(entries.get("manifest.json")?.toString() ?? "{}");
    expect(manifest.problems).toEqual([]);
    for (const { table } of EXPORTED_TABLES) {
      const { rows } = await owner.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`,
        [org.id],
      );
      const json = JSON.parse(entries.get(`records/${table}.json`)?.toString() ?? "null") as {
        organization_id: string;
      }[];
      expect(json, table).toHaveLength(rows[0].n);
      expect(
        json.every((r) => r.organization_id === org.id),
        table,
      ).toBe(true);
      // The CSV has the same rows (a header, then one line per row: no field holds a newline here).
      const csv = entries.get(`records/${table}.csv`)?.toString() ?? "";
      expect(csv.trimEnd().split("\r\n"), table).toHaveLength(rows[0].n + 1);
      expect(csv.includes(other.id), table).toBe(false);
      expect(manifest.rows[table]).toBe(rows[0].n);
    }
    // Records of every kind the issue names are there (not empty tables that count as equal).
    for (const table of [
      "grievances",
      "grievance_events",
      "grievance_answers",
      "grievance_deadlines",
      "grievance_attachments",
      "documents",
      "announcements",
      "employer_contacts",
      "memberships",
      "grievance_procedures",
    ]) {
      expect(manifest.rows[table], table).toBeGreaterThan(0);
    }
    // Internal notes are the union's own data: they are in it.
    expect(entries.get("records/grievance_events.json")?.toString()).toContain(SECRET);
    // Members: this organization's four people, no one of the other.
    const members = JSON.parse(entries.get("records/members.json")?.toString() ?? "[]") as {
      email: string;
    }[];
    expect(members.map((m) => m.email).sort()).toEqual(
      [org.admin.email, org.steward.email, org.member.email].sort(),
    );
    expect(entries.get("records/organization.json")?.toString()).toContain(org.id);
    // No secret that proves something to the server.
    expect([...entries.keys()].some((k) => k.includes("token"))).toBe(false);
    for (const [name, data] of entries) {
      if (name.startsWith("records/"))
        expect(data.toString().includes("token_hash"), name).toBe(false);
      expect(data.toString("latin1").includes(other.id), name).toBe(false);
    }
  });

  it("holds every stored file byte for byte and each grievance's case file", async () => {
    const files = [...entries.keys()].filter((k) => k.startsWith("files/"));
    expect(files).toHaveLength(uploaded.size);
    for (const [name, data] of uploaded) {
      const [grievance, file] = name.includes("/") ? name.split("/") : [null, name];
      const found = files.find(
        (f) => f.endsWith(`-${file}`) && (grievance === null || f.includes(`/${grievance}/`)),
      );
      expect(found, name).toBeDefined();
      expect(sha(entries.get(found ?? "") ?? Buffer.alloc(0)), name).toBe(sha(data));
    }
    const { rows } = await owner.query("SELECT id FROM grievances WHERE organization_id = $1", [
      org.id,
    ]);
    for (const { id } of rows) {
      const pdf = entries.get(`case-files/${id}.pdf`);
      expect(pdf?.subarray(0, 5).toString(), id).toBe("%PDF-");
      const text = execFileSync("pdftotext", ["-", "-"], { input: pdf }).toString("utf8");
      expect(text.replace(/\s+/g, " ")).toContain(SECRET);
    }
  });

  it("leaves no tenant table undecided: each is exported or excluded with a reason", async () => {
    const { rows } = await owner.query<{ table_name: string }>(
      `SELECT c.table_name FROM information_schema.columns c
         JOIN information_schema.tables s USING (table_schema, table_name)
        WHERE c.table_schema = 'public' AND c.column_name = 'organization_id'
          AND s.table_type = 'BASE TABLE'`,
    );
    const decided = new Set([...EXPORTED_TABLES.map((e) => e.table), ...Object.keys(NOT_EXPORTED)]);
    expect(rows.map((r) => r.table_name).filter((name) => !decided.has(name))).toEqual([]);
    expect(EXPORTED_TABLES.filter((e) => e.table in NOT_EXPORTED)).toEqual([]);
  });

  it("can be taken by an organization made read-only (its plan ended), whose other writes are refused", async () => {
    await owner.query(
      "UPDATE organizations SET status = 'canceled', canceled_at = now() - interval '40 days' WHERE id = $1",
      [other.id],
    );
    const write = await other.admin.client.post("/api/announcements", {
      title: "Still here",
      content: "This should be refused.",
      category: "General",
    });
    expect(write.statusCode).toBe(403);
    const started = await other.admin.client.post("/api/organization/exports");
    expect(started.statusCode).toBe(202);
    const ready = await waitReady(other.admin.client, (started.json() as { id: string }).id);
    expect(ready.state).toBe("ready");
    expect((await other.member.client.post("/api/organization/exports")).statusCode).toBe(403);
  });

  it("fails cleanly, without taking the server down, when a stored file breaks mid-read", async () => {
    const disk = t.storage;
    const broken = await startTestApp({
      now: () => clock,
      storage: {
        ...disk,
        putStream: (key, data, type) => disk.putStream(key, data, type),
        async get(key) {
          const found = await disk.get(key);
          if (!found || !key.startsWith("documents/")) return found;
          // Half the file, then a read error (a disk or a bucket failing under the export).
          found.stream.destroy();
          return {
            size: found.size,
            stream: Readable.from(
              (async function* () {
                yield Buffer.alloc(1000);
                throw new Error("read error");
              })(),
            ),
          };
        },
      },
    });
    try {
      const local = await createOrganization(broken, "Broken Disk Local");
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer();
      const doc = await uploadDocument(local.admin.client, {
        name: "Poster",
        category: "Safety",
        filename: "poster.png",
        data: png,
        contentType: "image/png",
      });
      expect(doc.statusCode).toBe(201);
      const id = (await local.admin.client.post("/api/organization/exports")).json().id as string;
      const done = await waitReady(local.admin.client, id);
      expect(done).toMatchObject({ state: "failed", url: null });
      // No half ZIP is left in storage, and the next export can start.
      const brokenOwner = new pg.Client({ connectionString: broken.databaseUrl });
      await brokenOwner.connect();
      const { rows } = await brokenOwner.query(
        "SELECT state, storage_key FROM organization_exports WHERE organization_id = $1",
        [local.id],
      );
      await brokenOwner.end();
      expect(rows).toEqual([{ state: "failed", storage_key: null }]);
      // Its files are in the first app's folder (the broken storage wraps that disk).
      expect(readdirSync(path.join(t.filesDir, "exports", local.id))).toEqual([]);
      const next = await local.admin.client.post("/api/organization/exports");
      expect(next.statusCode).toBe(202);
      expect(next.json().id).not.toBe(id);
      expect((await waitReady(local.admin.client, next.json().id)).state).toBe("failed");
    } finally {
      await broken.close();
    }
  });

  it("refuses the link once it has expired, and the sweep deletes the file", async () => {
    await owner.query(
      "UPDATE organization_exports SET expires_at = '2026-11-01T00:00:00Z' WHERE id = $1",
      [exportId],
    );
    const res = await org.admin.client.get(`/api/organization/exports/${exportId}/download`);
    expect(res.statusCode).toBe(410);
    const shown = (await org.admin.client.get(`/api/organization/exports/${exportId}`)).json();
    expect(shown).toMatchObject({ state: "expired", url: null });
    const { sweepExpiredExports } = await import("../../src/server/modules/exports/index.ts");
    const { rows } = await owner.query(
      "SELECT storage_key FROM organization_exports WHERE id = $1",
      [exportId],
    );
    expect(await t.storage.get(rows[0].storage_key)).not.toBeNull();
    expect(
      await sweepExpiredExports({
        db: t.db,
        storage: t.storage,
        log: t.app.log as never,
      }),
    ).toBe(1);
    expect(await t.storage.get(rows[0].storage_key)).toBeNull();
  });
});
