import { defineConfig } from "vitest/config";

// Two projects. "node": unit tests beside the code (src/**/*.test.ts) and the API and process
// tests in tests/, on one embedded PostgreSQL. "web": component tests (src/web/**/*.test.tsx)
// in jsdom, without the database, so `vitest run --project web` starts in seconds.
// Browser tests are Playwright's (tests/e2e, `npm run test:e2e`).
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
        extends: true,
        test: {
          name: "web",
          include: ["src/web/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/web/test/setup.ts"],
        },
      },
    ],
  },
});
