import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A measurement: a reset asked for an unknown email takes as long as one for a registered
 * account (no account is revealed by timing). Medians within 15 ms say nothing on a machine
 * whose both cores other test files load, so this file runs in the later Vitest group with no
 * other file beside it (vitest.config.ts), as the case file's lateness does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("password reset timing", () => {
  it("takes as long for an unknown email as for a registered one", async () => {
    const user = await t.createUser();
    const time = async (email: string) => {
      const started = performance.now();
      const res = await t
        .client()
        .post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`nobody-${i}-${Date.now()}@example.org`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
    // Both wait for the same floor; what is left is scheduling noise, not the account.
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(290);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(15);
  });
});
