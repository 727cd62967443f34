import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up } from "../../src/server/db/migrations/0250_default_labels.ts";
import { migrations } from "../../src/server/db/migrations/index.ts";
import { createTestDatabase } from "../support/database.ts";

/**
 * Migration 0250 (issue 31, decision 039) on a database from before it: a Spanish admin had
 * added 'Paso 4' with the Procedure tab's button and a French one 'Arbitrage', stored as typed
 * and copied into a case, its deadline, answer, notice and lines. They become the defaults
 * ('Step 4', 'Arbitration'); a name the local typed, a person who happens to be called
 * 'Paso 4', a comment and another organization's English stay exactly as they were.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let owner: pg.Client;
let org: string;

const step = (n: string, extra: Record<string, unknown> = {}) => ({
  name: n,
  responseLimit: { days: 10, dayType: "business" },
  appealLimit: { days: 10, dayType: "business" },
  ...extra,
});

/** Runs migration 0250 as the migrator does (it changes no schema, so the rows are as before). */
async function migrate() {
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  const k = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    await k.transaction().execute((trx) => up(trx));
  } finally {
    await k.destroy();
  }
}

beforeAll(async () => {
  // A database with the schema 0250 runs on (the template's: 0250 adds no table or column).
  db = await createTestDatabase();
  owner = new pg.Client({ connectionString: db.url });
  await owner.connect();
  org = (
    await owner.query(
      `INSERT INTO organizations (name, invite_code, plan) VALUES ('Old Local', 'OLDCODE250', 'pro') RETURNING id`,
    )
  ).rows[0].id as string;
});

afterAll(async () => {
  await owner?.end();
  await db?.drop();
});

const lineOf = (kind: string, params: unknown) => JSON.stringify({ kind, params });

describe("migration 0250 on step names stored in another language", () => {
  it("is registered", () => {
    expect(migrations["0250_default_labels"]?.up).toBe(up);
  });

  it("stores a default's words in any language as the default, everywhere, and nothing else", async () => {
    const steps = [
      step("Step 1", { onNoAnswer: { kind: "deemedDenied" } }),
      step("Comité de griefs"),
      step("Paso 3"),
      step("Paso 4"),
      step("Arbitrage", { appealLimit: null }),
    ];
    await owner.query(
      `INSERT INTO grievance_procedures (organization_id, filing_limit, steps)
       VALUES ($1, '{"days":30,"dayType":"calendar"}', $2)
       ON CONFLICT (organization_id) DO UPDATE SET steps = excluded.steps`,
      [org, JSON.stringify(steps)],
    );
    await owner.query(
      `INSERT INTO grievances (organization_id, id, name, badge_number, job_title, department,
         location, description, remedy, step_index, step_name)
       VALUES ($1, 'G-2026-0001', 'Ana Ruiz', 'B-1', 'x', 'Ventas', 'x', 'Overtime.', 'Pay it.', 3, 'Paso 4'),
              ($1, 'G-2026-0002', 'Luc Roy', 'B-2', 'x', 'x', 'x', 'Overtime.', 'Pay it.', 1, 'Comité de griefs')`,
      [org],
    );
    const escalated = lineOf("escalatedTo", { step: { index: 3, name: "Paso 4" } });
    const named = lineOf("escalatedTo", { step: { index: 1, name: "Comité de griefs" } });
    // A person called like a step (an id first in jsonb's order) and a typed comment.
    const person = lineOf("assigned", { to: { id: "u1", name: "Paso 4" } });
    const comment = lineOf("comment", { text: "Paso 4" });
    for (const [grievance, line, text] of [
      ["G-2026-0001", escalated, null],
      ["G-2026-0002", named, null],
      ["G-2026-0001", person, null],
      ["G-2026-0001", comment, "Paso 4"],
    ])
      await owner.query(
        `INSERT INTO grievance_events (organization_id, grievance_id, actor_name, actor_role, kind, text, line)
         VALUES ($1, $2, 'Sam', 'steward', 'comment', $3, $4)`,
        [org, grievance, text, line],
      );
    const explanation = [
      lineOf("line.computed", {
        heading: { kind: "response", step: { index: 3, name: "Paso 4" } },
        limit: { days: 10, dayType: "business" },
        day: "2026-12-01",
        from: "appealed",
      }),
      lineOf("line.due", { day: "2026-12-15" }),
    ];
    await owner.query(
      `INSERT INTO grievance_deadlines (organization_id, grievance_id, step_index, step_name, kind,
         due_date, explanation, limit_days, day_type, time_zone)
       VALUES ($1, 'G-2026-0001', 3, 'Paso 4', 'response', '2026-12-15', $2::jsonb, 10, 'business', 'America/New_York')`,
      [org, `[${explanation.join(",")}]`],
    );
    await owner.query(
      `INSERT INTO grievance_answers (organization_id, grievance_id, step_index, step_name,
         received_on, decision, text)
       VALUES ($1, 'G-2026-0001', 2, 'Paso 3', '2026-11-30', 'denied', 'Paso 3 denied.')`,
      [org],
    );
    await owner.query(
      `INSERT INTO grievance_notices (organization_id, grievance_id, kind, reason, step_name, decided_by_name)
       VALUES ($1, 'G-2026-0002', 'withdrawn', 'No case.', 'Arbitrage', 'Sam')`,
      [org],
    );

    await migrate();

    const one = async (q: string) => (await owner.query(q, [org])).rows;
    const procedure = await one(
      `SELECT steps FROM grievance_procedures WHERE organization_id = $1`,
    );
    expect(procedure[0].steps).toEqual([
      steps[0],
      steps[1],
      { ...steps[2], name: "Step 3" },
      { ...steps[3], name: "Step 4" },
      { ...steps[4], name: "Arbitration" },
    ]);
    expect(
      await one(
        `SELECT id, step_name, department FROM grievances WHERE organization_id = $1 ORDER BY id`,
      ),
    ).toEqual([
      { id: "G-2026-0001", step_name: "Step 4", department: "Ventas" },
      { id: "G-2026-0002", step_name: "Comité de griefs", department: "x" },
    ]);
    const events = await one(
      `SELECT line, text FROM grievance_events WHERE organization_id = $1 ORDER BY id`,
    );
    expect(events).toEqual([
      { line: JSON.parse(escalated.replace("Paso 4", "Step 4")), text: null },
      { line: JSON.parse(named), text: null },
      { line: JSON.parse(person), text: null },
      { line: JSON.parse(comment), text: "Paso 4" },
    ]);
    const deadline = await one(
      `SELECT step_name, explanation FROM grievance_deadlines WHERE organization_id = $1`,
    );
    expect(deadline[0].step_name).toBe("Step 4");
    expect(deadline[0].explanation[0].params.heading.step).toEqual({ index: 3, name: "Step 4" });
    expect(deadline[0].explanation[1]).toEqual(JSON.parse(explanation[1] ?? ""));
    expect(
      await one(`SELECT step_name, text FROM grievance_answers WHERE organization_id = $1`),
    ).toEqual([{ step_name: "Step 3", text: "Paso 3 denied." }]);
    expect(
      await one(`SELECT step_name, reason FROM grievance_notices WHERE organization_id = $1`),
    ).toEqual([{ step_name: "Arbitration", reason: "No case." }]);
  });
});
