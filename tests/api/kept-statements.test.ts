import { type Kysely, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompiledOnce } from "../../src/server/db/compiled-once.ts";
import { createKysely, type DB } from "../../src/server/db/connection.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { readAsTenant } from "../../src/server/db/tenant.ts";
import { createTwoOrganizations } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// Issue 35 (decision 038, third attempt): a CompiledOnce statement read through readAsTenant is
// a named prepared statement on each connection. What the driver sends is read off the one
// connection the pool holds: each Parse message's statement name.
let t: TestApp;
let pool: pg.Pool;
let db: DB;
const parsed: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  pool = new pg.Pool({ connectionString: t.appDatabaseUrl, max: 1 });
  pool.on("connect", (client) => {
    const connection = (client as unknown as { connection: pg.Connection }).connection;
    const parse = connection.parse.bind(connection);
    connection.parse = (query, more) => {
      parsed.push(query.name ?? "");
      return parse(query, more);
    };
  });
  db = createKysely(pool);
});
afterAll(async () => {
  await db.destroy();
  await t.close();
});

const organizationNames = new CompiledOnce(
  (k: Kysely<Database>, _shape: { size: number }, v: { like: string }) =>
    k.selectFrom("organizations").select("name").where("name", "like", v.like).orderBy("name"),
);

describe("kept statements", () => {
  it("are parsed once per connection, and row-level security still shows each organization only its own row", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    parsed.length = 0;
    // Past PostgreSQL's five custom plans, so a generic plan is in use for the later runs.
    for (let run = 0; run < 8; run++) {
      for (const org of [attacker, victim]) {
        const rows = await readAsTenant(db, org.id, (trx) =>
          organizationNames.execute(trx, { size: 1 }, { like: "%Local%" }),
        );
        expect(rows.map((r) => r.name)).toEqual([org.name]);
      }
    }
    const named = parsed.filter((n) => n.startsWith("co_"));
    expect(named).toHaveLength(1);
    expect(parsed.filter((n) => n === "uh_bind")).toHaveLength(1);
    expect(parsed.filter((n) => n === "")).toEqual([]);
  });

  it("are parsed afresh after a failed read, and the connection goes on", async () => {
    const { victim } = await createTwoOrganizations(t);
    const divided = new CompiledOnce((k: Kysely<Database>, _shape: object, v: { by: string }) =>
      k.selectNoFrom(sql<number>`1 / ${v.by}::int`.as("n")),
    );
    const run = (by: string) =>
      readAsTenant(db, victim.id, (trx) => divided.execute(trx, {}, { by }));
    expect(await run("1")).toEqual([{ n: 1 }]);
    parsed.length = 0;
    await expect(run("0")).rejects.toThrow(/division by zero/);
    expect(parsed).toEqual([]);
    // Not known whether anything was kept through the error: closed and parsed again.
    expect(await run("2")).toEqual([{ n: 0 }]);
    expect(parsed.filter((n) => n.startsWith("co_"))).toHaveLength(1);
    parsed.length = 0;
    expect(await run("1")).toEqual([{ n: 1 }]);
    expect(parsed).toEqual([]);
  });

  it("survive a table changed under them (a migration while this server runs): the read is sent again", async () => {
    const { victim } = await createTwoOrganizations(t);
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    try {
      await owner.query(`CREATE TABLE kept_probe (id int PRIMARY KEY, label text NOT NULL);
        INSERT INTO kept_probe VALUES (1, 'one')`);
      const appRole = decodeURIComponent(new URL(t.appDatabaseUrl).username);
      await owner.query(`GRANT SELECT ON kept_probe TO "${appRole}"`);
      const probe = new CompiledOnce((k: Kysely<Database>, _shape: object, v: { id: string }) =>
        k.selectNoFrom(
          sql<string>`(SELECT label FROM kept_probe WHERE id = ${v.id}::int)`.as("label"),
        ),
      );
      const read = () => readAsTenant(db, victim.id, (trx) => probe.execute(trx, {}, { id: "1" }));
      expect(await read()).toEqual([{ label: "one" }]);
      await owner.query("ALTER TABLE kept_probe ALTER COLUMN label TYPE varchar(20)");
      await owner.query("UPDATE kept_probe SET label = 'uno'");
      expect(await read()).toEqual([{ label: "uno" }]);
    } finally {
      await owner.query("DROP TABLE IF EXISTS kept_probe");
      await owner.end();
    }
  });
});
