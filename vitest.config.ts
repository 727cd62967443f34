import { defineConfig } from "vitest/config";

// Two projects. "node": unit tests beside the code (src/**/*.test.ts) and the API and process
// tests in tests/, on one embedded PostgreSQL. "web": component tests (src/web/**/*.test.tsx)
// in jsdom, without the database, so `vitest run --project web` starts in seconds.
// Browser tests are Playwright's (tests/e2e, `npm run test:e2e`).
// Measurements that need the machine to themselves (their files say why): a later group, after
// every other file, one file at a time. In `npm test` (scripts/test.mjs) the browser tests wait
// for Vitest, and lint, type check and build, started with it, are long done by then.
const ALONE = ["tests/api/case-file-isolation.test.ts", "tests/api/reset-timing.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API files spend most of their time waiting on PostgreSQL and the mail catcher: three
    // files at once on two cores took 123 s against 193 s with Vitest's default of one.
    maxWorkers: 3,
    fileParallelism: true,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["src/**/*.test.ts", "tests/api/**/*.test.ts", "tests/process/**/*.test.ts"],
          exclude: ALONE,
          globalSetup: ["tests/support/global-db.ts", "tests/support/global-server.ts"],
          pool: "forks",
          // Each file still gets a fresh app and database (startTestApp), so the module cache
          // can be shared: the server (Fastify, better-auth, pdfkit, sharp...) is imported once
          // per worker instead of once per file. Files that fake the clock or stub globals undo
          // it afterEach.
          isolate: false,
        },
      },
      {
        // The case file's cost to other requests is measured as /api/health's lateness (issue
        // 28): with two other test files loading both cores it measured the machine, not the
        // server. It runs after the others (a later group), alone, so it holds only what must
        // be alone (the lateness and the memory growth); the case file's other hostile-file
        // checks run with the others (case-file-attachments.test.ts, issue 35).
        extends: true,
        test: {
          name: "node-alone",
          include: ALONE,
          // One file at a time: each measures alone.
          fileParallelism: false,
          globalSetup: ["tests/support/global-db.ts", "tests/support/global-server.ts"],
          pool: "forks",
          sequence: { groupOrder: 1 },
          // Two hostile case files on one worker: 5 to 16 s here, more on a loaded machine.
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          include: ["src/web/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/web/test/setup.ts"],
          // Each file in a fresh process (Vitest's default): sharing one per worker took the 12
          // files from 26 s of CPU to 11, but better-auth's client ends its session store on a
          // timer a second after its last listener, which then fired in the next file's
          // environment and failed the run once (decision 023, 2026-11-26 evening).
        },
      },
    ],
  },
});
