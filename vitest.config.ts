import { defineConfig } from "vitest/config";

// Unit tests sit beside the code (src/**/*.test.ts); API and process tests in tests/.
// Browser tests are Playwright's (tests/e2e, `npm run test:e2e`).
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "tests/api/**/*.test.ts", "tests/process/**/*.test.ts"],
    globalSetup: ["tests/support/global-db.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: true,
    // Each file still gets a fresh app and database (startTestApp), so the module cache can be
    // shared: importing the server (Fastify, better-auth, pdfkit, sharp...) once per worker
    // instead of once per file. Files that fake the clock or stub globals undo it afterEach.
    isolate: false,
    // API files spend most of their time waiting on PostgreSQL and the mail catcher: three
    // files at once on two cores took 123 s against 193 s with Vitest's default of one.
    maxWorkers: 3,
  },
});
