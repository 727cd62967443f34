import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ENDPOINTS = [
  "/api/auth/sign-up/email",
  "/api/auth/sign-in/email",
  "/api/auth/send-verification-email",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
];

/** Invalid for every endpoint: must be a 4xx. */
const BAD_BODIES: unknown[] = [
  {},
  [],
  "just a string",
  42,
  null,
  { email: 5, password: 5, name: 5 },
  { email: ["a@b.org"], password: { $ne: 1 }, name: [] },
  { token: { a: 1 }, newPassword: 12345678 },
];
/** Odd but possibly acceptable to some endpoint (extra fields are ignored): never a 5xx. */
const ODD_BODIES: unknown[] = [
  { email: "a@b.org", password: "x".repeat(100_000), name: "Pat" },
  { email: "' OR 1=1 --@x.org", password: "Valid-Pass-42", name: "Robert'); DROP TABLE users;--" },
  { email: "a@b.org", password: "Valid-Pass-42", name: "Pat", accountType: ["admin"] },
];

describe("bad input to the auth endpoints", () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint} answers every malformed body with a 4xx, never a 5xx`, async () => {
      for (const body of BAD_BODIES) {
        const res = await t.client().post(endpoint, body);
        expect(
          res.statusCode,
          `${endpoint} ${JSON.stringify(body).slice(0, 80)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${endpoint} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(
          500,
        );
      }
      for (const body of ODD_BODIES) {
        const res = await t.client().post(endpoint, body);
        expect(res.statusCode, `${endpoint} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(
          500,
        );
      }
    });
  }

  it("refuses a cookie POST from a foreign origin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        cookie: "x=1",
      },
      payload: JSON.stringify({ email: "a@b.org", password: "Valid-Pass-42" }),
    });
    expect(res.statusCode).toBe(403);
  });

  it("still has a users table after the injection attempts", async () => {
    const n = await t.db
      .selectFrom("users")
      .select(t.db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBeGreaterThanOrEqual(0);
  });
});
