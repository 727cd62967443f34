import { readdirSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import { UPLOAD_LIMIT, UploadMessages } from "../../src/server/lib/files/upload-guards.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";
import { multipart, uploadDocument } from "../support/uploads.ts";

/** Uploads (issue 13): no orphans, a storage quota, a rate limit, no pixel bombs. */
let t: TestApp;
let org: TestOrganization;
let grievanceId = "";
beforeAll(async () => {
  t = await startTestApp({ env: { ORG_STORAGE_QUOTA_MB: 1 } });
  org = await createOrganization(t, "Upload Local");
  const filed = await org.member.client.post("/api/grievances", {
    name: "Pat Doe",
    badgeNumber: "B-1",
    jobTitle: "Other",
    department: "Other",
    location: "Other",
    description: "A description long enough",
    remedy: "A remedy long enough",
  });
  grievanceId = filed.json().id;
});
afterAll(() => t.close());

/** A real PNG whose header says 16000 x 16000 (256 megapixels) in a few hundred bytes. */
async function pixelBomb(): Promise<Buffer> {
  const png = await sharp({
    create: { width: 1, height: 1, channels: 3, background: "#ffffff" },
  })
    .png()
    .toBuffer();
  const out = Buffer.from(png);
  out.writeUInt32BE(16_000, 16);
  out.writeUInt32BE(16_000, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29); // IHDR's CRC over type and data
  return out;
}

const attach = (client: TestClient, filename: string, data: Buffer) =>
  client.raw({
    method: "POST",
    url: `/api/grievances/${grievanceId}/attachments`,
    ...multipart({}, { filename, data }),
  });

const storedFiles = () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [e.name],
    );
  return walk(t.filesDir).length;
};

describe("uploads", () => {
  it("refuses images over 50 megapixels as documents and as attachments", async () => {
    const bomb = await pixelBomb();
    expect(bomb.length).toBeLessThan(1000);
    const asDocument = await uploadDocument(org.admin.client, {
      name: "Bomb",
      category: "Forms",
      filename: "bomb.png",
      data: bomb,
    });
    expect(asDocument.statusCode).toBe(413);
    expect(asDocument.json().error.message).toBe(UploadMessages.tooManyPixels);
    const asAttachment = await attach(org.member.client, "bomb.png", bomb);
    expect(asAttachment.statusCode).toBe(413);
    expect(storedFiles()).toBe(0);
  });

  it("leaves no file behind when the attachment cannot be recorded", async () => {
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    await owner.query(`
      CREATE FUNCTION refuse_attachment() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
      CREATE TRIGGER refuse BEFORE INSERT ON grievance_attachments
        FOR EACH ROW EXECUTE FUNCTION refuse_attachment();`);
    try {
      const before = storedFiles();
      const res = await attach(org.member.client, "notes.pdf", await makePdf("Notes", ["x"]));
      expect(res.statusCode).toBe(500);
      expect(storedFiles()).toBe(before);
    } finally {
      await owner.query(
        "DROP TRIGGER refuse ON grievance_attachments; DROP FUNCTION refuse_attachment();",
      );
      await owner.end();
    }
  });

  it("keeps each organization within its storage quota", async () => {
    const big = Buffer.from(
      await makePdf(
        "Big",
        Array.from({ length: 6000 }, (_, i) => `Line ${i} ${"x".repeat(90)}`),
      ),
    );
    expect(big.length).toBeGreaterThan(520_000);
    const first = await attach(org.member.client, "big.pdf", big);
    expect(first.statusCode).toBe(201);
    const second = await uploadDocument(org.admin.client, {
      name: "Second big",
      category: "Forms",
      filename: "big.pdf",
      data: big,
    });
    expect(second.statusCode).toBe(413);
    expect(second.json().error.message).toBe(UploadMessages.quota);
    const other = await createOrganization(t, "Other Upload Local");
    const elsewhere = await uploadDocument(other.admin.client, {
      name: "Theirs",
      category: "Forms",
      filename: "big.pdf",
      data: big,
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("limits how many uploads one person sends in a short time", async () => {
    const person = (await createOrganization(t, "Busy Upload Local")).admin.client;
    const statuses: number[] = [];
    for (let i = 0; i <= UPLOAD_LIMIT.max; i++) {
      // Not even multipart: each still counts, before any body is read.
      const res = await person.raw({ method: "POST", url: "/api/documents" });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, UPLOAD_LIMIT.max).every((s) => s === 415)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);
});
