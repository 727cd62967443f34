import {
  type CompiledQuery,
  type DatabaseConnection,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from "kysely";
import { describe, expect, it } from "vitest";
import { CompiledOnce } from "./compiled-once.ts";

interface Db {
  t: { id: string; org: string; n: number };
}

/** A database that answers nothing and keeps what it was sent. */
function recording() {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    async executeQuery(query) {
      sent.push(query);
      return { rows: [] };
    },
    // biome-ignore lint/correctness/useYield: never streams
    async *streamQuery() {
      throw new Error("no streams");
    },
  };
  class Recording extends DummyDriver {
    override async acquireConnection() {
      return connection;
    }
  }
  const db = new Kysely<Db>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new Recording(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, sent };
}

type Values = { org: string; after: string | undefined; fetch: number };

describe("CompiledOnce", () => {
  it("builds a shape once and runs it with each call's values, constants kept", async () => {
    const { db, sent } = recording();
    let builds = 0;
    const pages = new CompiledOnce((k: Kysely<Db>, shape: { desc: boolean }, v: Values) => {
      builds += 1;
      let q = k
        .selectFrom("t")
        .select(sql<string>`to_char(now(), ${"YYYY"})`.as("year"))
        .where("org", "=", v.org);
      if (v.after !== undefined) q = q.where("id", shape.desc ? "<" : ">", v.after);
      return q.orderBy("id", shape.desc ? "desc" : "asc").limit(v.fetch);
    });
    await pages.execute(db, { desc: true }, { org: "a", after: undefined, fetch: 26 });
    const built = builds;
    await pages.execute(db, { desc: true }, { org: "b", after: undefined, fetch: 11 });
    await pages.execute(db, { desc: true }, { org: "c", after: "G-7", fetch: 26 });
    await pages.execute(db, { desc: true }, { org: "d", after: "G-9", fetch: 5 });
    expect(builds).toBe(built * 2); // one shape without a cursor, one with
    expect(sent.map((q) => q.parameters)).toEqual([
      ["YYYY", "a", 26],
      ["YYYY", "b", 11],
      ["YYYY", "c", "G-7", 26],
      ["YYYY", "d", "G-9", 5],
    ]);
    expect(sent[3]?.sql).toBe(sent[2]?.sql);
    expect(sent[3]?.sql).toContain('"id" < $3');
    await pages.execute(db, { desc: false }, { org: "e", after: "G-1", fetch: 5 });
    expect(sent[4]?.sql).toContain('"id" > $3');
  });

  it("refuses a value used other than as itself, every time, so no call's value is kept", async () => {
    const { db, sent } = recording();
    const transformed = new CompiledOnce((k: Kysely<Db>, _: null, v: { q: string }) =>
      k.selectFrom("t").selectAll().where("id", "like", `%${v.q}%`),
    );
    const inlined = new CompiledOnce((k: Kysely<Db>, _: null, v: { q: string }) =>
      k.selectFrom("t").selectAll().where("id", "=", sql.lit(v.q)),
    );
    const counted = new CompiledOnce((k: Kysely<Db>, _: null, v: { q: string }) =>
      k.selectFrom("t").selectAll().where("n", "=", v.q.length),
    );
    for (let i = 0; i < 2; i++) {
      await expect(transformed.execute(db, null, { q: "secret" })).rejects.toThrow(/made from/);
      await expect(inlined.execute(db, null, { q: "secret" })).rejects.toThrow(/SQL text/);
      await expect(counted.execute(db, null, { q: "secret" })).rejects.toThrow(/made from/);
    }
    expect(sent).toEqual([]);
  });
});
