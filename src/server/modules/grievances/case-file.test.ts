import { afterAll, describe, expect, it } from "vitest";
import type { TGrievance } from "../../../shared/schemas/grievances.ts";
import { AppError, RateLimitedError } from "../../lib/errors.ts";
import { WorkerPool } from "../../lib/workers/pool.ts";
import { caseFileChunks } from "./case-file.ts";

/**
 * What the case file answers when the workers cannot make it: a pool whose worker answers every
 * case-file task with an error (lib/workers/test-worker.ts knows none of them).
 */
const pool = new WorkerPool({
  entry: new URL("../../lib/workers/test-worker.ts", import.meta.url),
  workers: 1,
  memoryMb: 64,
  taskTimeoutMs: 10_000,
  perOrganization: 1,
  queuePerOrganization: 0,
});
afterAll(() => pool.close());

const input = {
  organizationId: "org-1",
  organizationName: "Local 1",
  grievance: { id: "G-2026-0001" } as TGrievance,
  attachments: [],
  internal: false,
  generatedAt: new Date("2026-11-26T10:00:00Z"),
  language: "en" as const,
  timeZone: "America/New_York",
};

describe("caseFileChunks", () => {
  it("answers 503 before the first byte when the report cannot be made, and gives its turn back", async () => {
    const first = caseFileChunks(pool, input).next();
    await expect(first).rejects.toBeInstanceOf(AppError);
    await expect(first).rejects.toMatchObject({ statusCode: 503, code: "UNAVAILABLE" });
    // The organization's one turn is free again: the next one is refused the same way, not 429.
    await expect(caseFileChunks(pool, input).next()).rejects.toMatchObject({ statusCode: 503 });
  });

  it("answers 429 with Retry-After when the organization's turn is taken and nobody may wait", async () => {
    const lease = await pool.admit("org-1");
    try {
      const refused = caseFileChunks(pool, input).next();
      await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
      await expect(refused).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 10 });
    } finally {
      lease.release();
    }
  });
});
