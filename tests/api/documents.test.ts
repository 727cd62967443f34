import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { makeDocx, makePdf, makeXlsx } from "../../src/server/lib/files/sample-files.ts";
import { DOCUMENT_MAX_BYTES, DocumentMessages } from "../../src/shared/schemas/documents.ts";
import { createOrganization, createTwoOrganizations } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";
import { multipart, uploadDocument } from "../support/uploads.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The files stored for an organization (disk driver: DATA_DIR/files/documents/<org>/). */
function storedFiles(organizationId: string): string[] {
  const dir = path.join(t.filesDir, "documents", organizationId);
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function upload(
  client: TestClient,
  input: { name: string; category: string; filename: string; data: Buffer; contentType?: string },
) {
  const res = await uploadDocument(client, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; fileType: string; contentType: string };
}

const pdf = (title = "Handbook") => makePdf(title, ["A line of text."]);
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } } })
    .png()
    .toBuffer();

describe("document library permissions", () => {
  it("lets admins and stewards upload, everyone list and open, only admins delete", async () => {
    const org = await createOrganization(t, "Permissions Local");
    const byAdmin = await upload(org.admin.client, {
      name: "Admin Policy",
      category: "Policies",
      filename: "policy.pdf",
      data: pdf(),
    });
    const bySteward = await upload(org.steward.client, {
      name: "Steward Form",
      category: "Forms",
      filename: "form.pdf",
      data: pdf("Form"),
    });

    const refused = await uploadDocument(org.member.client, {
      name: "Member Upload",
      category: "Forms",
      filename: "m.pdf",
      data: pdf(),
    });
    expect(refused.statusCode).toBe(403);
    expect(storedFiles(org.id)).toHaveLength(2);

    for (const person of [org.admin, org.steward, org.member]) {
      const list = await person.client.get("/api/documents");
      expect(list.statusCode).toBe(200);
      expect(list.json().total).toBe(2);
      const file = await person.client.get(`/api/documents/${byAdmin.id}/file`);
      expect(file.statusCode).toBe(200);
    }

    for (const person of [org.steward, org.member]) {
      const res = await person.client.request("DELETE", `/api/documents/${bySteward.id}`);
      expect(res.statusCode).toBe(403);
    }
    const deleted = await org.admin.client.request("DELETE", `/api/documents/${bySteward.id}`);
    expect(deleted.statusCode).toBe(204);
  });

  it("refuses signed-out visitors and people without an organization", async () => {
    const anonymous = t.client();
    expect((await anonymous.get("/api/documents")).statusCode).toBe(401);
    const loner = await t.createSignedIn();
    const client = loner.client;
    expect((await client.get("/api/documents")).statusCode).toBe(403);
  });

  it("starts a new organization with an empty library", async () => {
    const org = await createOrganization(t, "Empty Library Local");
    expect((await org.member.client.get("/api/documents")).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });
});

describe("uploads are checked by content", () => {
  let org: Awaited<ReturnType<typeof createOrganization>>;
  beforeAll(async () => {
    org = await createOrganization(t, "Content Check Local");
  });

  it("accepts PDF, Word, Excel and images, typed by what they are", async () => {
    const cases = [
      { filename: "a.pdf", data: pdf(), fileType: "pdf", contentType: "application/pdf" },
      {
        filename: "b.docx",
        data: makeDocx("Title", ["Body"]),
        fileType: "docx",
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      },
      {
        filename: "c.xlsx",
        data: makeXlsx("Sheet", [["a", "b"]]),
        fileType: "xlsx",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
      { filename: "d.png", data: await png(), fileType: "png", contentType: "image/png" },
      {
        filename: "e.JPEG",
        data: await sharp(await png())
          .jpeg()
          .toBuffer(),
        fileType: "jpg",
        contentType: "image/jpeg",
      },
    ];
    for (const c of cases) {
      // The browser's content type is ignored: what counts is the content.
      const doc = await upload(org.admin.client, {
        name: `File ${c.filename}`,
        category: "Forms",
        filename: c.filename,
        data: c.data,
        contentType: "text/html",
      });
      expect(doc).toMatchObject({ fileType: c.fileType, contentType: c.contentType });
      const file = await org.member.client.get(`/api/documents/${doc.id}/file`);
      expect(file.headers["content-type"]).toBe(c.contentType);
    }
  });

  it("answers 415 for a text file named .pdf, and for content that does not match its name", async () => {
    const before = storedFiles(org.id).length;
    const text = await uploadDocument(org.admin.client, {
      name: "Not a PDF",
      category: "Policies",
      filename: "report.pdf",
      contentType: "application/pdf",
      data: Buffer.from("This is plain text pretending to be a PDF.\n"),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: DocumentMessages.fileType,
    });

    const pictureAsPdf = await uploadDocument(org.admin.client, {
      name: "Picture",
      category: "Policies",
      filename: "scan.pdf",
      data: await png(),
    });
    expect(pictureAsPdf.statusCode).toBe(415);
    expect(pictureAsPdf.json().error.message).toBe(DocumentMessages.fileMismatch);

    for (const [filename, data] of [
      ["page.html", Buffer.from("<html><script>alert(1)</script></html>")],
      ["image.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
      ["fake.png", Buffer.from("\x89PNG\r\n\x1a\n but not really an image", "latin1")],
      ["tool.exe", Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1")],
    ] as const) {
      const res = await uploadDocument(org.admin.client, {
        name: filename,
        category: "Forms",
        filename,
        data,
      });
      expect(res.statusCode, filename).toBe(415);
    }
    expect(storedFiles(org.id).length).toBe(before);
  });

  it("answers 413 with a clear message for a file over 20 MB, storing nothing", async () => {
    const before = storedFiles(org.id).length;
    const big = Buffer.concat([pdf(), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const res = await uploadDocument(org.admin.client, {
      name: "Huge",
      category: "Contracts",
      filename: "huge.pdf",
      data: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: DocumentMessages.fileSize,
    });
    expect(storedFiles(org.id).length).toBe(before);
  });

  it("takes a file just under the limit (the 1 MB JSON body limit does not apply)", async () => {
    const padding = Buffer.alloc(DOCUMENT_MAX_BYTES - 4096, 0x41);
    const data = Buffer.concat([Buffer.from("%PDF-1.4\n%"), padding, Buffer.from("\n"), pdf()]);
    expect(data.length).toBeLessThanOrEqual(DOCUMENT_MAX_BYTES);
    const doc = await upload(org.admin.client, {
      name: "Big but fine",
      category: "Contracts",
      filename: "big.pdf",
      data,
    });
    const file = await org.member.client.get(`/api/documents/${doc.id}/file?download=1`);
    expect(file.rawPayload.length).toBe(data.length);
    expect(file.rawPayload.equals(data)).toBe(true);
  });

  it("explains missing or wrong fields", async () => {
    const noName = await uploadDocument(org.admin.client, {
      name: "   ",
      category: "Forms",
      filename: "a.pdf",
      data: pdf(),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toEqual({ name: DocumentMessages.nameRequired });

    const badCategory = await uploadDocument(org.admin.client, {
      name: "Doc",
      category: "Recipes",
      filename: "a.pdf",
      data: pdf(),
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().error.fields).toEqual({ category: DocumentMessages.category });

    const lineBreak = await uploadDocument(org.admin.client, {
      name: "Doc\r\nX-Evil: 1",
      category: "Forms",
      filename: "a.pdf",
      data: pdf(),
    });
    expect(lineBreak.statusCode).toBe(400);
    expect(lineBreak.json().error.message).toBe(DocumentMessages.nameControl);

    const noFile = await org.admin.client.raw({
      method: "POST",
      url: "/api/documents",
      ...multipart({ name: "Doc", category: "Forms" }),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(DocumentMessages.fileRequired);

    const json = await org.admin.client.post("/api/documents", { name: "Doc", category: "Forms" });
    expect(json.statusCode).toBe(415);
  });
});

describe("viewing and downloading", () => {
  it("returns the same bytes, inline for PDFs and as an attachment on request", async () => {
    const org = await createOrganization(t, "Download Local");
    const data = makePdf("Collective Agreement", ["Article 1", "Article 2"]);
    const doc = await upload(org.admin.client, {
      name: "Collective Agreement",
      category: "Contracts",
      filename: "cba.pdf",
      data,
    });
    const view = await org.member.client.get(`/api/documents/${doc.id}/file`);
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.equals(data)).toBe(true);
    expect(view.headers["content-type"]).toBe("application/pdf");
    expect(view.headers["content-length"]).toBe(String(data.length));
    expect(view.headers["x-content-type-options"]).toBe("nosniff");
    expect(view.headers["content-disposition"]).toBe(
      `inline; filename="Collective Agreement.pdf"; filename*=UTF-8''Collective%20Agreement.pdf`,
    );

    const download = await org.member.client.get(`/api/documents/${doc.id}/file?download=1`);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect(String(download.headers["content-disposition"])).toMatch(/^attachment; /);

    const sheet = await upload(org.admin.client, {
      name: "Rota",
      category: "Training",
      filename: "rota.xlsx",
      data: makeXlsx("Rota", [["Mon", "Tue"]]),
    });
    const office = await org.member.client.get(`/api/documents/${sheet.id}/file`);
    expect(String(office.headers["content-disposition"])).toMatch(
      /^attachment; filename="Rota.xlsx"/,
    );
  });

  it("sends a safe Content-Disposition for a hostile document name", async () => {
    const org = await createOrganization(t, "Hostile Name Local");
    const hostile = '../../etc/"passwd"; filename=evil.exe \\ résumé';
    const data = pdf("Hostile");
    const doc = await upload(org.admin.client, {
      name: hostile,
      category: "HR",
      filename: "../../x.pdf",
      data,
    });
    expect(doc.name).toBe(hostile);
    const res = await org.member.client.get(`/api/documents/${doc.id}/file?download=1`);
    expect(res.rawPayload.equals(data)).toBe(true);
    const header = String(res.headers["content-disposition"]);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(
      /^attachment; filename="[^"\\/]*\.pdf"; filename\*=UTF-8''[A-Za-z0-9\-_.!~%]+$/,
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? "";
    const decoded = decodeURIComponent(encoded);
    expect(decoded).not.toMatch(/[/\\]/);
    expect(decoded).toContain("résumé");
    expect(decoded.endsWith(".pdf")).toBe(true);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const org = await createOrganization(t, "Missing Local");
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "..%2F..%2Fetc"]) {
      expect((await org.member.client.get(`/api/documents/${id}/file`)).statusCode).toBe(404);
      expect((await org.admin.client.request("DELETE", `/api/documents/${id}`)).statusCode).toBe(
        404,
      );
    }
  });
});

describe("deleting", () => {
  it("removes the record and the stored file", async () => {
    const org = await createOrganization(t, "Delete Local");
    const keep = await upload(org.admin.client, {
      name: "Keep",
      category: "HR",
      filename: "keep.pdf",
      data: pdf(),
    });
    const doc = await upload(org.admin.client, {
      name: "Remove me",
      category: "HR",
      filename: "remove.pdf",
      data: pdf(),
    });
    expect(storedFiles(org.id)).toHaveLength(2);
    const { storageKey } = await withTenant(t.db, org.id, (trx) =>
      trx
        .selectFrom("documents")
        .select("storageKey")
        .where("id", "=", doc.id)
        .executeTakeFirstOrThrow(),
    );
    const file = path.join(t.filesDir, storageKey);
    expect(existsSync(file)).toBe(true);

    const res = await org.admin.client.request("DELETE", `/api/documents/${doc.id}`);
    expect(res.statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(storedFiles(org.id)).toHaveLength(1);
    expect((await org.member.client.get(`/api/documents/${doc.id}/file`)).statusCode).toBe(404);
    expect((await org.admin.client.request("DELETE", `/api/documents/${doc.id}`)).statusCode).toBe(
      404,
    );
    const list = (await org.member.client.get("/api/documents")).json();
    expect(list.items.map((d: { id: string }) => d.id)).toEqual([keep.id]);
    expect((await org.member.client.get(`/api/documents/${keep.id}/file`)).statusCode).toBe(200);
  });
});

describe("search, filter and pages", () => {
  let org: Awaited<ReturnType<typeof createOrganization>>;
  const names: [string, string][] = [
    ["Safety Handbook", "Safety"],
    ["Forklift Safety Checklist", "Safety"],
    ["Overtime Policy", "Policies"],
    ["Grievance Form", "Forms"],
    ["100% Attendance Award", "HR"],
  ];
  beforeAll(async () => {
    org = await createOrganization(t, "Search Local");
    for (const [name, category] of names) {
      await upload(org.steward.client, { name, category, filename: "f.pdf", data: pdf(name) });
    }
  });
  const list = async (qs: string) =>
    (await org.member.client.get(`/api/documents${qs}`)).json() as {
      items: { name: string; category: string; tagColor: string; uploadedBy: unknown }[];
      total: number;
      nextCursor: string | null;
    };

  it("lists newest first with category, tag colour, file type, uploader and times", async () => {
    const all = await list("");
    expect(all.total).toBe(5);
    expect(all.items.map((d) => d.name)).toEqual(names.map(([n]) => n).reverse());
    expect(all.items[0]).toMatchObject({
      name: "100% Attendance Award",
      category: "HR",
      tagColor: "gray",
      fileType: "pdf",
      uploadedBy: { id: org.steward.id, name: "Search Local Steward" },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const colors = Object.fromEntries(all.items.map((d) => [d.category, d.tagColor]));
    expect(colors).toEqual({ Safety: "red", Policies: "blue", Forms: "gray", HR: "gray" });
  });

  it("searches names case-insensitively, filters by category, and takes % literally", async () => {
    expect((await list("?q=SAFETY")).items.map((d) => d.name)).toEqual([
      "Forklift Safety Checklist",
      "Safety Handbook",
    ]);
    expect((await list("?q=lift%20saf")).items.map((d) => d.name)).toEqual([
      "Forklift Safety Checklist",
    ]);
    expect((await list("?category=Policies")).items.map((d) => d.name)).toEqual([
      "Overtime Policy",
    ]);
    expect((await list("?q=form&category=Forms")).total).toBe(1);
    expect((await list("?q=handbook&category=Forms")).total).toBe(0);
    expect((await list("?q=%25")).items.map((d) => d.name)).toEqual(["100% Attendance Award"]);
    expect((await list("?q=_")).total).toBe(0);
    expect((await list("?category=")).total).toBe(5);
    const bad = await org.member.client.get("/api/documents?category=Recipes");
    expect(bad.statusCode).toBe(400);
  });

  it("pages with an opaque cursor and no gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const qs: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const pageOf = await list(qs);
      expect(pageOf.total).toBe(5);
      expect(pageOf.items.length).toBeLessThanOrEqual(2);
      seen.push(...pageOf.items.map((d) => d.name));
      cursor = pageOf.nextCursor;
    } while (cursor);
    expect(seen).toEqual(names.map(([n]) => n).reverse());
    expect((await org.member.client.get("/api/documents?cursor=garbage")).statusCode).toBe(400);
  });
});

describe("tenancy", () => {
  it("keeps each organization's documents to itself, in the API and in the database", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    const secret = await upload(victim.admin.client, {
      name: "Victim Strategy",
      category: "Contracts",
      filename: "strategy.pdf",
      data: pdf("Strategy"),
    });
    await upload(attacker.admin.client, {
      name: "Attacker Notes",
      category: "Forms",
      filename: "notes.pdf",
      data: pdf("Notes"),
    });

    const attackerList = (await attacker.member.client.get("/api/documents?q=strategy")).json();
    expect(attackerList.total).toBe(0);
    expect((await attacker.admin.client.get(`/api/documents/${secret.id}/file`)).statusCode).toBe(
      404,
    );
    expect(
      (await attacker.admin.client.request("DELETE", `/api/documents/${secret.id}`)).statusCode,
    ).toBe(404);
    expect((await victim.member.client.get(`/api/documents/${secret.id}/file`)).statusCode).toBe(
      200,
    );
    expect(storedFiles(victim.id)).toHaveLength(1);

    // Row-level security alone: a query without any filter sees one organization only.
    const rows = await withTenant(t.db, attacker.id, (trx) =>
      trx.selectFrom("documents").select(["organizationId", "name"]).execute(),
    );
    expect(rows.map((r) => r.name)).toEqual(["Attacker Notes"]);
    expect(await t.db.selectFrom("documents").selectAll().execute()).toEqual([]);
    await expect(
      withTenant(t.db, attacker.id, (trx) =>
        trx
          .insertInto("documents")
          .values({
            organizationId: victim.id,
            name: "Planted",
            category: "Forms",
            fileType: "pdf",
            contentType: "application/pdf",
            size: 1,
            storageKey: `documents/${victim.id}/planted.pdf`,
            uploadedBy: null,
          })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});
