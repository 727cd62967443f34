import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import { assertSafeKey, type Storage } from "./storage.ts";

export interface S3Options {
  /** `https://s3.eu-central-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`, MinIO's URL... Without it: AWS S3 in `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO, most S3-compatible servers) rather than `bucket.endpoint/key`. */
  forcePathStyle?: boolean;
  /** Requests retried on 5xx and 429 with backoff. */
  retries?: number;
}

class S3Error extends Error {}

/** Multipart uploads send parts of this size (S3's least is 5 MB, except the last). */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2...), for
 * several server instances sharing one store. Requests are signed with AWS Signature V4;
 * uploads carry their SHA-256 so the store verifies what it received.
 */
export function s3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: "s3",
    region: options.region,
    retries: options.retries ?? 3,
  });
  const base = bucketUrl(options);
  const url = (key: string) => {
    assertSafeKey(key);
    return `${base}/${key}`;
  };

  async function fail(response: Response, action: string, key: string): Promise<never> {
    const body = await response.text().catch(() => "");
    const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? response.statusText;
    throw new S3Error(`S3 ${action} ${key} failed: ${response.status} ${code}`);
  }

  return {
    async put(key, data, contentType) {
      const response = await client.fetch(url(key), {
        method: "PUT",
        body: new Uint8Array(data),
        headers: {
          "content-type": contentType,
          "x-amz-content-sha256": createHash("sha256").update(data).digest("hex"),
        },
      });
      if (!response.ok) await fail(response, "put", key);
      await response.arrayBuffer();
    },
    /**
     * A multipart upload of parts of PART_BYTES, one in memory at a time; an upload that
     * fails is aborted, so no half object is left behind (nor billed parts).
     */
    async putStream(key, data, contentType) {
      const target = url(key);
      const created = await client.fetch(`${target}?uploads`, {
        method: "POST",
        headers: { "content-type": contentType },
      });
      if (!created.ok) await fail(created, "start upload of", key);
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await created.text())?.[1];
      if (!uploadId) throw new S3Error(`S3 start upload of ${key} answered no UploadId`);
      const query = (extra: string) => `${target}?${extra}uploadId=${encodeURIComponent(uploadId)}`;
      const etags: string[] = [];
      let size = 0;
      const sendPart = async (part: Buffer) => {
        const response = await client.fetch(query(`partNumber=${etags.length + 1}&`), {
          method: "PUT",
          body: new Uint8Array(part),
          headers: { "x-amz-content-sha256": createHash("sha256").update(part).digest("hex") },
        });
        if (!response.ok) await fail(response, "upload part of", key);
        await response.arrayBuffer();
        etags.push(response.headers.get("etag") ?? "");
        size += part.length;
      };
      try {
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        for await (const chunk of data) {
          pending.push(chunk as Buffer);
          pendingBytes += (chunk as Buffer).length;
          if (pendingBytes >= PART_BYTES) {
            const part = Buffer.concat(pending);
            pending = [];
            pendingBytes = 0;
            await sendPart(part);
          }
        }
        // S3 wants at least one part; the last may be smaller than 5 MB.
        if (pendingBytes > 0 || etags.length === 0) await sendPart(Buffer.concat(pending));
        const body = `<CompleteMultipartUpload>${etags
          .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
          .join("")}</CompleteMultipartUpload>`;
        const done = await client.fetch(query(""), {
          method: "POST",
          body,
          headers: { "content-type": "application/xml" },
        });
        const answer = await done.text();
        // S3 may answer 200 with an error in the body when completing.
        if (!done.ok || answer.includes("<Error>"))
          throw new S3Error(`S3 complete upload of ${key} failed: ${done.status}`);
        return size;
      } catch (error) {
        await client
          .fetch(query(""), { method: "DELETE" })
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const response = await client.fetch(url(key), { method: "GET" });
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok || !response.body) return fail(response, "get", key);
      const size = Number(response.headers.get("content-length"));
      return {
        stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        size: Number.isFinite(size) ? size : 0,
      };
    },
    async delete(key) {
      const response = await client.fetch(url(key), { method: "DELETE" });
      // S3 answers 204 whether or not the object existed; some servers answer 404.
      if (!response.ok && response.status !== 404) await fail(response, "delete", key);
      await response.arrayBuffer();
    },
  };
}

/** The URL objects live under, without a trailing slash. */
export function bucketUrl(
  options: Pick<S3Options, "endpoint" | "bucket" | "region" | "forcePathStyle">,
) {
  const bucket = encodeURIComponent(options.bucket);
  if (!options.endpoint) return `https://${bucket}.s3.${options.region}.amazonaws.com`;
  const endpoint = new URL(options.endpoint);
  const path = endpoint.pathname.replace(/\/$/, "");
  if (options.forcePathStyle ?? true) return `${endpoint.origin}${path}/${bucket}`;
  return `${endpoint.protocol}//${bucket}.${endpoint.host}${path}`;
}
