import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Browser tests drive Debian's Chromium headless shell (Playwright's own browser download cannot
// work here). It is the same Blink as the full browser without its UI process, and the suite
// takes two thirds of the time (docs/decisions/023).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium is missing at ${CHROMIUM}: install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH. Browser tests never skip.`,
  );
}

// The global setup starts the server and a mail catcher on these ports; workers inherit them.
process.env.E2E_PORT ??= String(4100 + Math.floor(Math.random() * 800));
process.env.E2E_MAIL_HTTP_PORT ??= String(Number(process.env.E2E_PORT) + 1000);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // Three browsers on two cores: each test spends some time waiting on the server and the mail
  // catcher, and a third worker fills it (4.1 min with two, 3.0 with three: decision 023).
  workers: 3,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${process.env.E2E_PORT}`,
    // Less motion (src/web/styles.css): no spinner or dialog animation to render or to wait on.
    reducedMotion: "reduce",
    // An action waiting on an element that never comes fails in 20 s, not at the test's end
    // (a long journey's 5-minute budget once hid a missing field for all of it).
    actionTimeout: 20_000,
    // No trace: recording one for every test (to keep it only on failure) cost a sixth of the
    // suite's time. A failure still leaves its screenshot and the page's ARIA snapshot; run
    // `npx playwright test <file> --trace on` to record one while debugging.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
