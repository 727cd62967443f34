/**
 * `npm run bench:import -- [--rows N] [--json FILE]`: how long a roster import of N rows
 * (default 10,000) takes on this machine (issue 29: preview under 10 s, apply under 30 s), as
 * a user meets it: HTTP multipart requests to the app over its application role, in a
 * throwaway embedded PostgreSQL (or TEST_DATABASE_URL's server). Measures, in order: the
 * preview of a messy CSV, its apply, the same file applied again (all unchanged), a sync
 * preview of a file missing 1% of the people, the XLSX of the same rows previewed, and the
 * apply of the first file with invitations for everyone with an email; then a grievance history
 * of one row per tenth person (preview, apply, apply again). Figures, not
 * assertions: the decision record and the README quote them.
 */
import { randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import ExcelJS from "exceljs";
import pg from "pg";
import pino from "pino";
import { buildApp } from "../src/server/app.ts";
import {
  createAppPool,
  createKysely,
  ensureDatabase,
  provisionAppLogin,
} from "../src/server/db/connection.ts";
import { startEmbeddedPostgres } from "../src/server/db/embedded.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { createAuth } from "../src/server/lib/auth/auth.ts";
import { createUserWithPassword } from "../src/server/lib/auth/users.ts";
import { startEventHub } from "../src/server/lib/events/hub.ts";
import { diskStorage } from "../src/server/lib/storage/storage.ts";
import { addMember } from "../src/server/lib/tenancy/memberships.ts";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: process.env.BENCH_ROWS ?? "10000" },
    json: { type: "string" },
  },
});
const ROWS = Number(args.rows);
const log = pino({ level: "warn" });
const HEADERS = [
  "Full Name",
  "E-mail",
  "Emp #",
  "Dept",
  "Work Location",
  "Classification",
  "Hire Date",
  "Phone",
];
const DEPARTMENTS = ["Assembly", "Paint Shop", "Shipping", "Maintenance", "Quality Control"];

function rows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `Worker ${String(i).padStart(5, "0")}`,
    i % 5 === 0 ? "" : `worker.${i}@example.org`,
    `E${100000 + i}`,
    DEPARTMENTS[i % DEPARTMENTS.length] as string,
    `Plant ${i % 7}`,
    i % 3 ? "Machine Operator" : "Forklift Driver",
    `${(i % 12) + 1}/${(i % 28) + 1}/20${String(10 + (i % 14))}`,
    `555-${String(i % 10000).padStart(4, "0")}`,
  ]);
}
const csv = (data: string[][]) =>
  Buffer.from([HEADERS, ...data].map((r) => r.join(",")).join("\r\n"));

async function xlsx(data: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Roster");
  sheet.addRow(HEADERS);
  for (const r of data) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function form(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set("file", new Blob([new Uint8Array(file.data)]), file.name);
  return body;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "unionhall-bench-import-"));
  chmodSync(dir, 0o755);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    let serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      const embedded = await startEmbeddedPostgres(path.join(dir, "pg"), log);
      serverUrl = embedded.url;
      cleanups.push(embedded.stop);
    }
    const url = await ensureDatabase(serverUrl, `bench_import_${Date.now()}`);
    await migrateToLatest(url);
    const pool = createAppPool(await provisionAppLogin(url, randomUUID()), 10);
    pool.on("error", () => undefined);
    const db = createKysely(pool);
    cleanups.push(() => db.destroy());
    const appUrl = "http://localhost:3000";
    const auth = createAuth({
      appUrl,
      secret: randomUUID() + randomUUID(),
      pool,
      db,
      log,
      isProduction: false,
      rateLimitPerMinute: 1_000_000,
    });
    const events = await startEventHub(url, log);
    cleanups.push(() => events.close());
    const app = await buildApp({
      env: { APP_URL: appUrl, isProduction: false },
      db,
      auth,
      log,
      storage: diskStorage(path.join(dir, "files")),
      events,
    });
    cleanups.push(() => app.close());

    const organizationId = randomUUID();
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query("SELECT set_config('app.organization_id', $1, false)", [organizationId]);
    // No seat limit applies to the bench's plan row: the invitations measure the work, not the plan.
    await owner.query(
      `INSERT INTO organizations (id, name, invite_code, plan, billing_cycle, status, trial_ends_at, setup_completed)
       VALUES ($1, 'Bench Local', 'BENCH23456', 'enterprise', 'monthly', 'active', NULL, true)`,
      [organizationId],
    );
    await owner.end();
    const admin = await createUserWithPassword(auth, {
      email: "bench@example.org",
      password: "Bench-Pass-2026",
      name: "Bench Admin",
      accountType: "admin",
    });
    await addMember(db, { organizationId, userId: admin.id, role: "admin" });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl },
      body: JSON.stringify({ email: "bench@example.org", password: "Bench-Pass-2026" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const results: { step: string; rows: number; seconds: number; counts: unknown }[] = [];
    const measure = async (
      step: string,
      fields: Record<string, string>,
      file: { name: string; data: Buffer },
    ) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/roster/import`, {
        method: "POST",
        headers: { cookie, origin: appUrl },
        body: form(fields, file),
      });
      const seconds = (performance.now() - started) / 1000;
      const body = (await res.json()) as { counts?: unknown; invited?: number; error?: unknown };
      if (res.status !== 200)
        throw new Error(`${step}: ${res.status} ${JSON.stringify(body.error)}`);
      results.push({
        step,
        rows: ROWS,
        seconds,
        counts: { ...(body.counts as object), invited: body.invited },
      });
      console.log(
        `${step.padEnd(34)} ${seconds.toFixed(2).padStart(7)} s  ${JSON.stringify(body.counts)}${body.invited ? ` invited ${body.invited}` : ""}`,
      );
    };

    const all = rows(ROWS);
    const file = { name: "roster.csv", data: csv(all) };
    console.log(
      `Roster import of ${ROWS.toLocaleString("en-US")} rows (${(file.data.length / 1e6).toFixed(1)} MB CSV)`,
    );
    await measure("preview (CSV, empty roster)", { mode: "preview" }, file);
    await measure("apply (CSV)", { mode: "apply" }, file);
    await measure("apply again (all unchanged)", { mode: "apply" }, file);
    const missing = all.filter((_, i) => i % 100 !== 0).map((r) => [...r]);
    for (const i of [1, 2, 3]) (missing[i] as string[])[3] = "Warehouse";
    await measure(
      "sync preview (1% missing)",
      { mode: "preview", sync: "true" },
      { name: "sync.csv", data: csv(missing) },
    );
    const book = { name: "roster.xlsx", data: await xlsx(all) };
    await measure(
      `preview (XLSX, ${(book.data.length / 1e6).toFixed(1)} MB)`,
      { mode: "preview" },
      book,
    );
    await measure("apply with invitations", { mode: "apply", invite: "true" }, file);

    // The grievance history: one row per tenth person, a fifth of them closed.
    const HISTORY = [
      "Grievance #",
      "Grievant",
      "Date Filed",
      "Step",
      "Status",
      "Outcome",
      "Closed",
      "Description",
    ];
    const history = Array.from({ length: Math.ceil(ROWS / 10) }, (_, i) => {
      const closed = i % 5 === 0;
      const month = String((i % 10) + 1).padStart(2, "0");
      return [
        `H-${i}`,
        `E${100000 + i * 10}`,
        `2026-${month}-0${(i % 9) + 1}`,
        `Step ${(i % 3) + 1}`,
        closed ? "Closed" : "Open",
        closed ? "Settled" : "",
        closed ? `2026-${month}-2${i % 9}` : "",
        "Overtime given out of seniority order.",
      ];
    });
    const historyFile = {
      name: "history.csv",
      data: Buffer.from([HISTORY, ...history].map((r) => r.join(",")).join("\n")),
    };
    const grievances = async (step: string, mode: string) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/grievances/import`, {
        method: "POST",
        headers: { cookie, origin: appUrl },
        body: form({ mode }, historyFile),
      });
      const seconds = (performance.now() - started) / 1000;
      const body = (await res.json()) as { counts?: unknown; error?: unknown };
      if (res.status !== 200)
        throw new Error(`${step}: ${res.status} ${JSON.stringify(body.error)}`);
      results.push({ step, rows: history.length, seconds, counts: body.counts });
      console.log(
        `${step.padEnd(34)} ${seconds.toFixed(2).padStart(7)} s  ${JSON.stringify(body.counts)}`,
      );
    };
    console.log(`Grievance history of ${history.length.toLocaleString("en-US")} rows`);
    await grievances("history preview", "preview");
    await grievances("history apply", "apply");
    await grievances("history apply again", "apply");
    if (args.json)
      writeFileSync(args.json, `${JSON.stringify({ rows: ROWS, results }, null, 2)}\n`);
  } finally {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
