import Fastify from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppInstance } from "../../src/server/app.ts";
import { createAppPool } from "../../src/server/db/connection.ts";
import { registerErrorHandling } from "../../src/server/plugins/errors.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A database too busy to answer in time is a 503 with Retry-After and a message that says to
 * try again, in the reader's language, never a 500 (issue 28): a real statement timeout on a
 * real route (the board, its table locked by the owner until the role's 3 s run out), and,
 * through the central error handler, a statement cancelled at its timeout and a pool with no
 * connection free in time.
 */
let t: TestApp;
let org: TestOrganization;
let owner: pg.Client;

const BUSY = "The server is too busy to answer this right now. Please try again in a few seconds.";
const BUSY_ES =
  "El servidor está demasiado ocupado para responder ahora. Inténtelo de nuevo en unos segundos.";

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t, "Busy Local");
  owner = new pg.Client({ connectionString: t.databaseUrl });
  await owner.connect();
}, 120_000);
afterAll(async () => {
  await owner.end();
  await t.close();
});

describe("a statement timeout", () => {
  it("answers the board 503 with Retry-After, and the board answers again once it clears", async () => {
    await owner.query("BEGIN");
    await owner.query("LOCK TABLE grievance_deadlines IN ACCESS EXCLUSIVE MODE");
    let res: Awaited<ReturnType<typeof org.steward.client.get>>;
    try {
      res = await org.steward.client.get("/api/deadlines?due=week");
    } finally {
      await owner.query("ROLLBACK");
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({ error: { code: "UNAVAILABLE", message: BUSY } });
    const after = await org.steward.client.get("/api/deadlines?due=week");
    expect(after.statusCode).toBe(200);
  });
});

describe("the error handler", () => {
  let app: AppInstance;
  let pool: pg.Pool;
  beforeAll(async () => {
    // One connection, given up on after 200 ms of waiting.
    pool = createAppPool(t.appDatabaseUrl, 1, 200);
    app = Fastify() as unknown as AppInstance;
    registerErrorHandling(app);
    app.get("/sleep", async () => {
      const client = await pool.connect();
      try {
        await client.query("SET statement_timeout = 50");
        await client.query("SELECT pg_sleep(2)");
      } finally {
        await client.query("RESET statement_timeout");
        client.release();
      }
      return { slept: true };
    });
    app.get("/query", async () => (await pool.query("SELECT 1 AS one")).rows[0]);
    app.get("/broken", async () => pool.query("SELECT * FROM no_such_table"));
    await app.ready();
    // Its one connection made now: the 200 ms wait then only ever counts waiting for it, not
    // logging in (which a busy machine can make slower than that).
    (await pool.connect()).release();
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it("answers a statement cancelled at its timeout (57014) with 503, in Spanish too", async () => {
    const en = await app.inject({ url: "/sleep" });
    expect(en.statusCode).toBe(503);
    expect(en.headers["retry-after"]).toBe("5");
    expect(en.json()).toEqual({ error: { code: "UNAVAILABLE", message: BUSY } });
    const es = await app.inject({ url: "/sleep", headers: { "accept-language": "es" } });
    expect(es.statusCode).toBe(503);
    expect(es.json()).toEqual({ error: { code: "UNAVAILABLE", message: BUSY_ES } });
  });

  it("answers a request that found no free connection in time with 503", async () => {
    const held = await pool.connect();
    try {
      const res = await app.inject({ url: "/query", headers: { "accept-language": "es" } });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual({ error: { code: "UNAVAILABLE", message: BUSY_ES } });
    } finally {
      held.release();
    }
    expect((await app.inject({ url: "/query" })).json()).toEqual({ one: 1 });
  });

  it("still answers any other database error with 500 and no details", async () => {
    const res = await app.inject({ url: "/broken" });
    expect(res.statusCode).toBe(500);
    expect(res.headers["retry-after"]).toBeUndefined();
    expect(res.json().error.code).toBe("INTERNAL");
    expect(res.body).not.toContain("no_such_table");
  });
});
