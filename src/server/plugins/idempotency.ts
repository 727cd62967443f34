import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { AppInstance } from "../app.ts";
import type { DB } from "../db/connection.ts";
import { withTenant } from "../db/tenant.ts";
import { AppError } from "../lib/errors.ts";

/** A key: 1 to 200 visible ASCII characters (no spaces, no controls). */
const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;
const HEADER = "idempotency-key";

interface Claim {
  organizationId: string;
  userId: string;
  key: string;
  body?: unknown;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

/**
 * Nothing sent twice (issue 30): a signed-in POST with an `Idempotency-Key` header claims
 * (organization, user, key) before its handler runs. The first request's 2xx answer is stored
 * before it leaves; the same key within 24 hours answers that stored answer and runs nothing;
 * the same key with another body answers 422; a request arriving while the first is still
 * being processed answers 409 (the claim commits before the effect, so the second request
 * cannot wait on it). A failed first request frees its key for a retry.
 */
export function registerIdempotency(app: AppInstance, db: DB): void {
  app.decorateRequest("idempotency", null);

  app.addHook("preHandler", async (request, reply) => {
    if (request.method !== "POST") return;
    const raw = request.headers[HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw.join(",") : raw;
    if (!KEY_SHAPE.test(key)) {
      throw new AppError(
        400,
        "VALIDATION_FAILED",
        "The Idempotency-Key header must be 1 to 200 visible ASCII characters.",
      );
    }
    // Only a member's writes are kept: the key belongs to an organization and a user.
    if (!request.user || !request.tenant) return;
    const claim = {
      organizationId: request.tenant.organizationId,
      userId: request.user.id,
      key,
    };
    const fingerprint = fingerprintOf(request);
    const found = await withTenant(db, claim.organizationId, async (trx) => {
      // Sweep on write: this organization's keys older than 24 hours go first.
      await sql`DELETE FROM idempotency_keys
        WHERE organization_id = ${claim.organizationId}
          AND created_at < now() - interval '24 hours'`.execute(trx);
      const inserted = await sql`INSERT INTO idempotency_keys
          (organization_id, user_id, key, fingerprint)
        VALUES (${claim.organizationId}, ${claim.userId}, ${key}, ${fingerprint})
        ON CONFLICT DO NOTHING`.execute(trx);
      if (Number(inserted.numAffectedRows ?? 0) > 0) return null;
      const { rows } = await sql<{ fingerprint: string; status: number | null; body: unknown }>`
        SELECT fingerprint, status, body FROM idempotency_keys
        WHERE organization_id = ${claim.organizationId} AND user_id = ${claim.userId}
          AND key = ${key}`.execute(trx);
      return rows[0] ?? { fingerprint, status: null, body: null };
    });
    if (found === null) {
      request.idempotency = claim;
      return;
    }
    if (found.fingerprint !== fingerprint) {
      throw new AppError(
        422,
        "VALIDATION_FAILED",
        "This Idempotency-Key was already used for a different request. Use a new key for new content.",
      );
    }
    if (found.status === null) {
      throw new AppError(409, "CONFLICT", "This request is already being processed.");
    }
    reply.header("idempotent-replayed", "true");
    return reply.code(found.status).send(found.body ?? undefined);
  });

  // The answer's object, before the route's schema serializes it: replayed through that same
  // serializer, the stored answer reads as the first one did.
  app.addHook("preSerialization", async (request, _reply, payload) => {
    if (request.idempotency) request.idempotency.body = payload;
    return payload;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    await withTenant(db, claim.organizationId, (trx) =>
      ok
        ? sql`UPDATE idempotency_keys
            SET status = ${reply.statusCode},
                body = ${claim.body === undefined ? null : JSON.stringify(claim.body)}::jsonb
            WHERE organization_id = ${claim.organizationId} AND user_id = ${claim.userId}
              AND key = ${claim.key}`.execute(trx)
        : // Nothing was created: the key is free for the retry.
          sql`DELETE FROM idempotency_keys
            WHERE organization_id = ${claim.organizationId} AND user_id = ${claim.userId}
              AND key = ${claim.key}`.execute(trx),
    );
    return payload;
  });
}

/**
 * What a key was first used for: the route, its parameters and its body. A multipart upload's
 * fields and file are read by its handler (streamed, after this hook), and its length varies
 * with the boundary each sender picks: its route and parameters stand for it.
 */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.isMultipart() ? "multipart" : (request.body ?? null);
  return createHash("sha256")
    .update(JSON.stringify([request.routeOptions.url, request.params ?? null, body]))
    .digest("hex");
}
