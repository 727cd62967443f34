import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";
import { multipart } from "../support/uploads.ts";

/**
 * The case file (issue 19), read back with pdftotext (Debian's poppler-utils; .ci/run installs
 * it). The clock is Monday 23 November 2026, 10:00 in New York.
 */
const clock = new Date("2026-11-23T15:00:00Z");
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  org = await createOrganization(t, "Case File Local");
  other = await createOrganization(t, "Other Case Local");
});
afterAll(() => t.close());

async function file(client: TestClient) {
  const res = await client.post("/api/grievances", {
    subject: "Overtime out of seniority order",
    incidentDate: "2026-11-16",
    articles: ["Art. 12.3 Overtime", "Art. 7 Seniority"],
    name: "Jordan Lee",
    badgeNumber: "M-3003",
    jobTitle: "Machine Operator",
    department: "Manufacturing",
    location: "Main Office",
    description: "Scheduled overtime was given out of seniority order twice this month.",
    remedy: "Pay the missed overtime and follow the seniority list.",
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TGrievance;
}

async function attach(client: TestClient, id: string, filename: string, data: Buffer) {
  const body = multipart({}, { filename, data });
  const res = await client.raw({
    method: "POST",
    url: `/api/grievances/${id}/attachments`,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}

/** The PDF's text, whitespace collapsed (pdfkit wraps long lines). */
function textOf(pdf: Buffer): string {
  const text = execFileSync("pdftotext", ["-", "-"], { input: pdf }).toString("utf8");
  return text.replace(/\s+/g, " ");
}
const flat = (s: string) => s.replace(/\s+/g, " ");

const SECRET = "Internal: the plant manager admitted the list was ignored.";

describe("case file", () => {
  let g: TGrievance;
  let exhibit: Buffer;

  beforeAll(async () => {
    g = await file(org.member.client);
    await org.steward.client.post(`/api/grievances/${g.id}/comments`, {
      text: SECRET,
      internal: true,
    });
    await org.member.client.post(`/api/grievances/${g.id}/comments`, {
      text: "I have the schedule printouts.",
    });
    await org.steward.client.post(`/api/grievances/${g.id}/response`, {
      receivedOn: "2026-11-23",
      decision: "denied",
      text: "Management followed the rotation.",
    });
    exhibit = makePdf("Exhibit A", ["Overtime roster for November"]);
    await attach(org.member.client, g.id, "roster.pdf", exhibit);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#336699" },
    })
      .png()
      .toBuffer();
    await attach(org.steward.client, g.id, "photo.png", png);
  });

  it("gives stewards the whole case: cover, every deadline's explanation, answers, notes, hashes, appended pages", async () => {
    const res = await org.steward.client.get(`/api/grievances/${g.id}/case-file.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`case-file-${g.id}.pdf`);
    const text = textOf(res.rawPayload);
    const detail = (await org.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(text).toContain(`Case file ${g.id}`);
    expect(text).toContain("Case File Local");
    expect(text).toContain("Art. 12.3 Overtime; Art. 7 Seniority");
    expect(text).toContain("Type: Individual");
    expect(text).toContain("Grievants: Case File Local Member");
    expect(detail.deadlines.length).toBeGreaterThanOrEqual(3);
    for (const d of detail.deadlines)
      for (const line of d.explanation) expect(text).toContain(flat(line));
    expect(text).toContain("Management followed the rotation.");
    expect(text).toContain("I have the schedule printouts.");
    expect(text).toContain(SECRET);
    expect(text).toContain(createHash("sha256").update(exhibit).digest("hex"));
    // The appended attachment page, and the image page.
    expect(text).toContain("Overtime roster for November");
    expect(text).toContain("Attachment 2: photo.png");
    // Every page numbered; the last says the total (streamed: known only there).
    // Times in the organization's time zone (the procedure's), the zone named (issue 30).
    expect(text).toMatch(/Generated 2026-11-23 10:00 EST - Page 1(?!\d| of)/);
    expect(text).toContain("Filed: 2026-11-23 10:00 EST");
    expect(text).not.toContain("UTC");
    // A well-formed file: poppler finds its cross-reference table without complaint.
    const info = spawnSync("pdfinfo", ["-"], { input: res.rawPayload });
    expect(info.stderr.toString()).toBe("");
    const pages = Number(info.stdout.toString().match(/Pages:\s+(\d+)/)?.[1]);
    expect(pages).toBeGreaterThan(2);
    expect(text).toMatch(new RegExp(`Page ${pages - 1}(?!\\d| of)`));
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it("never puts an internal note in the grievant's copy", async () => {
    const res = await org.member.client.get(`/api/grievances/${g.id}/case-file.pdf`);
    expect(res.statusCode).toBe(200);
    const text = textOf(res.rawPayload);
    expect(text).toContain(`Case file ${g.id}`);
    expect(text).toContain("Art. 12.3 Overtime");
    expect(text).toContain("Overtime roster for November");
    expect(text).not.toContain("plant manager");
    expect(text).not.toContain("Internal notes");
  });

  it("answers 404 to another organization", async () => {
    expect((await other.admin.client.get(`/api/grievances/${g.id}/case-file.pdf`)).statusCode).toBe(
      404,
    );
  });

  it("prints every time in the procedure's time zone, named, in the reader's language (issue 30)", async () => {
    const local = await createOrganization(t, "Pacific Case Local");
    const procedure = (await local.admin.client.get("/api/organization/procedure")).json();
    const put = await local.admin.client.request("PUT", "/api/organization/procedure", {
      ...procedure,
      timeZone: "America/Los_Angeles",
    });
    expect(put.statusCode, put.body).toBe(200);
    const g = await file(local.member.client);
    const english = textOf(
      (await local.steward.client.get(`/api/grievances/${g.id}/case-file.pdf`)).rawPayload,
    );
    // 15:00 UTC is 07:00 in Los Angeles: the cover, the log and the footer say so (the log
    // keeps the database's own time of the filing).
    expect(english).toContain("Filed: 2026-11-23 07:00 PST");
    expect(english).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d PST System: Grievance filed/);
    expect(english).toMatch(/Generated 2026-11-23 07:00 PST - Page 1/);
    expect(english).not.toContain("UTC");
    const language = { language: "es" };
    expect(
      (await local.steward.client.request("PUT", "/api/profile/language", language)).statusCode,
    ).toBe(204);
    const spanish = textOf(
      (await local.steward.client.get(`/api/grievances/${g.id}/case-file.pdf`)).rawPayload,
    );
    expect(spanish).toContain("23 nov 2026, 7:00 a.m. PST");
    expect(spanish).not.toMatch(/UTC/);
  });

  it("streams a case file with 20 attachments, each appended (the time is logged, not asserted)", async () => {
    const big = await file(org.member.client);
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#a0b0c0" },
    })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < 20; i++) {
      const data =
        i % 2 === 0
          ? makePdf(
              `Exhibit ${i + 1}`,
              Array.from({ length: 30 }, (_, n) => `Line ${n + 1} of exhibit ${i + 1}`),
            )
          : photo;
      await attach(
        org.steward.client,
        big.id,
        i % 2 === 0 ? `exhibit-${i + 1}.pdf` : `photo-${i + 1}.jpg`,
        data,
      );
    }
    const started = performance.now();
    const res = await org.steward.client.get(`/api/grievances/${big.id}/case-file.pdf`);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const text = textOf(res.rawPayload);
    expect(text).toContain("Line 30 of exhibit 19");
    expect(text).toContain("Attachment 20: photo-20.jpg");
    expect(text).toContain("Line 1 of exhibit 1");
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    console.info(
      `case file with 20 attachments: ${Math.round(took)} ms, ${res.rawPayload.length} bytes`,
    );
  });
});
