import { CamelCasePlugin, type QueryResult, type UnknownRow } from "kysely";
import { describe, expect, it } from "vitest";
import { CachedCamelCasePlugin } from "./camel-case-rows.ts";

const transform = (plugin: CamelCasePlugin, rows: UnknownRow[]) =>
  plugin.transformResult({
    queryId: { queryId: "q" },
    result: { rows } as QueryResult<UnknownRow>,
  });

const row = () => ({
  id: "G-2026-0001",
  badge_number: "B-1",
  filed_at: new Date("2026-11-26T10:00:00Z"),
  step_index: 2,
  held_on: null,
  file_blob: Buffer.from("x"),
  assignee: { id: "u1", full_name: "Ana Ruiz" },
  deadline: { due_date: "2026-12-08", history: [{ from_date: "2026-12-01", by_user: "u2" }] },
  tags: ["a", { tag_name: "b" }],
  line2_x: 1,
  bare: Object.assign(Object.create(null), { some_key: 1 }),
});

describe("CachedCamelCasePlugin", () => {
  it("answers what Kysely's CamelCasePlugin answers, keys cached or not", async () => {
    const ours = new CachedCamelCasePlugin();
    const theirs = new CamelCasePlugin();
    for (let i = 0; i < 3; i++) {
      const [a, b] = await Promise.all([
        transform(ours, [row(), row()]),
        transform(theirs, [row(), row()]),
      ]);
      expect(a).toEqual(b);
      expect(a.rows[0]?.filedAt).toBeInstanceOf(Date);
      expect(a.rows[0]).toMatchObject({ badgeNumber: "B-1", assignee: { fullName: "Ana Ruiz" } });
    }
  });

  it("never turns a JSON column's __proto__ key into an object's prototype", async () => {
    const hostile = JSON.parse('{"params": {"__proto__": {"is_admin": true}}}');
    const { rows } = await transform(new CachedCamelCasePlugin(), [hostile]);
    const params = rows[0]?.params as Record<string, unknown>;
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect((params as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    // Kysely's camelCase of "__proto__" is "_Proto": an own key like any other.
    expect(params._Proto).toEqual({ isAdmin: true });
  });
});
