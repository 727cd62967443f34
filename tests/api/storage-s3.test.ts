import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { EnvError, parseEnv } from "../../src/server/env.ts";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import { storageFromEnv } from "../../src/server/lib/storage/from-env.ts";
import { bucketUrl, s3Storage } from "../../src/server/lib/storage/s3.ts";
import type { Storage } from "../../src/server/lib/storage/storage.ts";
import { createOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { uploadDocument } from "../support/uploads.ts";

/**
 * The S3 driver against a real S3-compatible server on 127.0.0.1 (s3rver). s3rver checks the
 * access key id and the request shapes, but not the SigV4 signature itself.
 */
const BUCKET = "unionhall-files";
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
let server: S3rver;
let endpoint: string;
let dir: string;
let storage: Storage;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "unionhall-s3-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = s3Storage({ endpoint, bucket: BUCKET, region: "us-east-1", ...KEYS, retries: 0 });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the bucket holds under `key`, read with a client of its own. */
async function objectAt(key: string) {
  const client = new AwsClient({ ...KEYS, service: "s3", region: "us-east-1" });
  const res = await client.fetch(`${endpoint}/${BUCKET}/${key}`);
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
}

describe("the S3 storage driver", () => {
  it("puts, gets and deletes objects", async () => {
    const key = "documents/org-1/a1b2c3.pdf";
    await storage.put(key, Buffer.from("%PDF-1.4 hello"), "application/pdf");
    expect(await objectAt(key)).toEqual({
      status: 200,
      type: "application/pdf",
      body: "%PDF-1.4 hello",
    });
    const file = await storage.get(key);
    if (!file) throw new Error("the object was not found");
    expect(file.size).toBe(14);
    expect(await text(file.stream)).toBe("%PDF-1.4 hello");
    await storage.delete(key);
    expect((await objectAt(key)).status).toBe(404);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // deleting what is gone is fine
  });

  it("streams an upload of unknown length in parts (a 17 MB export) and reads it back whole", async () => {
    const key = "exports/org-1/streamed.zip";
    // Three parts: 8 MB, 8 MB and the rest; each chunk differs so a lost or repeated part shows.
    const chunks = Array.from({ length: 17 }, (_, i) => Buffer.alloc(1024 * 1024, i + 1));
    const expected = createHash("sha256").update(Buffer.concat(chunks)).digest("hex");
    const size = await storage.putStream(key, Readable.from(chunks), "application/zip");
    expect(size).toBe(17 * 1024 * 1024);
    const back = await storage.get(key);
    const hash = createHash("sha256");
    for await (const chunk of back?.stream ?? []) hash.update(chunk as Buffer);
    expect(hash.digest("hex")).toBe(expected);
    // An empty stream is still one (empty) object.
    expect(
      await storage.putStream("exports/org-1/empty.zip", Readable.from([]), "application/zip"),
    ).toBe(0);
    expect((await objectAt("exports/org-1/empty.zip")).status).toBe(200);
  });

  it("refuses unsafe keys before any request", async () => {
    await expect(storage.put("../etc/passwd", Buffer.from("x"), "text/plain")).rejects.toThrow(
      /Unsafe storage key/,
    );
  });

  it("reports the store's refusals", async () => {
    const stranger = s3Storage({
      endpoint,
      bucket: BUCKET,
      region: "us-east-1",
      accessKeyId: "NOT-A-KEY",
      secretAccessKey: "nope",
      retries: 0,
    });
    await expect(stranger.put("x/y.pdf", Buffer.from("x"), "application/pdf")).rejects.toThrow(
      /403 InvalidAccessKeyId/,
    );
    const missing = s3Storage({ endpoint, bucket: "no-such-bucket", region: "us-east-1", ...KEYS });
    await expect(missing.put("x/y.pdf", Buffer.from("x"), "application/pdf")).rejects.toThrow(
      /404 NoSuchBucket/,
    );
  });

  it("addresses AWS virtual-hosted style and other endpoints path style", () => {
    expect(bucketUrl({ bucket: "b", region: "eu-central-1" })).toBe(
      "https://b.s3.eu-central-1.amazonaws.com",
    );
    expect(bucketUrl({ endpoint: "https://minio.example.org/", bucket: "b", region: "x" })).toBe(
      "https://minio.example.org/b",
    );
    expect(
      bucketUrl({
        endpoint: "https://r2.example.org",
        bucket: "b",
        region: "auto",
        forcePathStyle: false,
      }),
    ).toBe("https://b.r2.example.org");
  });

  it("is chosen by STORAGE_DRIVER=s3, which needs a bucket and keys", async () => {
    const base = { DATA_DIR: dir, AUTH_SECRET: "x".repeat(40), STORAGE_DRIVER: "s3" };
    expect(() => parseEnv(base)).toThrow(EnvError);
    expect(() => parseEnv(base)).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
    const env = parseEnv({
      ...base,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    });
    const chosen = storageFromEnv(env);
    await chosen.put("probe/from-env.txt", Buffer.from("from env"), "text/plain");
    expect((await objectAt("probe/from-env.txt")).body).toBe("from env");
    expect(parseEnv({ DATA_DIR: dir, AUTH_SECRET: "x".repeat(40) }).STORAGE_DRIVER).toBe("disk");
  });
});

describe("the document library on S3", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ storage });
  });
  afterAll(() => t.close());

  it("uploads into the bucket, serves the same bytes, and deletes the object", async () => {
    const org = await createOrganization(t, "S3 Local");
    const data = makePdf("Stored in S3", ["One line."]);
    const res = await uploadDocument(org.admin.client, {
      name: "In the bucket",
      category: "Policies",
      filename: "bucket.pdf",
      data,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const { storageKey } = await withTenant(t.db, org.id, (trx) =>
      trx
        .selectFrom("documents")
        .select("storageKey")
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    );
    expect((await objectAt(storageKey)).status).toBe(200);

    const file = await org.member.client.get(`/api/documents/${id}/file?download=1`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);

    const del = await org.admin.client.request("DELETE", `/api/documents/${id}`);
    expect(del.statusCode).toBe(204);
    expect((await objectAt(storageKey)).status).toBe(404);
  });
});
