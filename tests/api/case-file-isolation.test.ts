import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  caseFileMemoryBudgetMb,
  DEFAULT_CASE_FILE_MEMORY_MB,
  defaultCaseFileWorkers,
} from "../../src/server/modules/grievances/case-file-pool.ts";
import { attachFile, fileGrievance, pdfPageCount, pdfText } from "../support/case-files.ts";
import { hugePng, inflateBombPdf, manyPagesPdf } from "../support/hostile-files.ts";
import { onCpuMs, requestThread, runQueueWaits, waitedBetween } from "../support/run-queue.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Issue 28: the case file is made in worker threads (lib/workers/pool.ts), so no attachment
 * stalls the server. What this file measures (/api/health's lateness, the process's memory)
 * is the server's alone, so it runs in a later Vitest group with no other file beside it
 * (vitest.config.ts). What a case file holds of hostile attachments, the per-organization
 * queue and a worker out of memory are checked in case-file-attachments.test.ts, with the
 * others.
 */
let t: TestApp;
let org: TestOrganization;

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t, "Isolation Local");
});
afterAll(() => t?.close());

describe("case files are made off the request thread", () => {
  it("two case files with a 7000 x 7000 16-bit PNG and a 10,000-page PDF at once: /api/health answers within 200 ms throughout and memory stays under the workers' limit", async () => {
    const huge = await fileGrievance(org.steward.client, "Photos of the posted schedule");
    const png = await hugePng();
    const pages = manyPagesPdf(10_000);
    expect(png.length).toBeLessThan(1024 * 1024);
    await attachFile(org.steward.client, huge.id, "schedule-photo.png", png);
    await attachFile(org.steward.client, huge.id, "ten-thousand-pages.pdf", pages);

    const rss = () => process.memoryUsage.rss();
    const baseline = rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss());
    }, 20);
    // /api/health every 50 ms on a schedule: a reply is late by the time since it was due, so
    // a blocked event loop (which also delays the timer) counts in full. Less only the time the
    // request thread and the database's backends (health asks PostgreSQL) stood ready while
    // other threads held the cores (their run-queue wait since the last reply, a little more
    // than since it was due): other processes loading the machine make replies late without
    // the server blocking; a case file made on the request thread is time on a core and counts
    // in full.
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    let backends: { pid: number }[] = [];
    const findBackends = async () => {
      const { rows } = await owner.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      backends = rows;
    };
    const waited = () => runQueueWaits([requestThread, ...backends]);
    const latencies: number[] = [];
    const waits: number[] = [];
    let worstSeen = "";
    let polling = true;
    const poller = (async () => {
      let due = performance.now();
      await findBackends();
      let waited0 = waited();
      let cpu0Ms = onCpuMs(requestThread);
      while (polling) {
        await sleep(Math.max(0, due - performance.now()));
        const res = await t.app.inject({ method: "GET", url: "/api/health" });
        expect(res.statusCode).toBe(200);
        const late = performance.now() - due;
        const wait = waitedBetween(waited0, waited());
        latencies.push(Math.max(0, late - wait));
        waits.push(wait);
        if (latencies.at(-1) === Math.max(...latencies))
          worstSeen = `late ${Math.round(late)} ms, run-queue wait ${Math.round(wait)} ms, request thread on a core ${Math.round(onCpuMs(requestThread) - cpu0Ms)} ms`;
        // Backends come and go with the pool: counted from the next reply on.
        await findBackends();
        waited0 = waited();
        cpu0Ms = onCpuMs(requestThread);
        due = Math.max(due + 50, performance.now() - 50);
      }
    })();
    // The request thread's own CPU time (Linux: its utime and stime, in 10 ms ticks), logged.
    const mainCpu = () => {
      const f = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1];
      const fields = f?.split(" ") ?? [];
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
    const cpu0 = mainCpu();
    const all0 = process.cpuUsage();
    const started = performance.now();
    const [steward, admin] = await Promise.all([
      org.steward.client.get(`/api/grievances/${huge.id}/case-file.pdf`),
      org.admin.client.get(`/api/grievances/${huge.id}/case-file.pdf`),
    ]);
    const took = performance.now() - started;
    const all = process.cpuUsage(all0);
    const cpu = `CPU: request thread ${mainCpu() - cpu0} ms, whole process ${Math.round((all.user + all.system) / 1000)} ms`;

    polling = false;
    await poller;
    await owner.end();
    clearInterval(sampler);

    const workers = defaultCaseFileWorkers();
    const growthMb = (peak - baseline) / 1024 / 1024;
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.floor((sorted.length - 1) * q)] ?? 0);
    const worst = Math.max(...latencies);
    console.info(
      `two case files (7000x7000 16-bit PNG + 10,000-page PDF) in ${Math.round(took)} ms on ${workers} worker(s): ` +
        `${latencies.length} health answers, late (less run-queue wait) median ${at(0.5)} ms, p95 ${at(0.95)} ms, worst ${Math.round(worst)} ms (${worstSeen}); ` +
        `run-queue wait ${Math.round(waits.reduce((a, b) => a + b, 0))} ms in all, worst ${Math.round(Math.max(...waits))} ms; ` +
        `RSS ${Math.round(baseline / 1048576)} MB -> peak ${Math.round(peak / 1048576)} MB (+${Math.round(growthMb)} MB); ${cpu}`,
    );
    expect(latencies.length).toBeGreaterThan(10);
    expect(worst).toBeLessThan(200);
    // The workers' JavaScript heaps are capped by resourceLimits and libvips reads the image line
    // by line: the process grows by no more than its workers' configured memory.
    expect(growthMb).toBeLessThan(caseFileMemoryBudgetMb(workers, DEFAULT_CASE_FILE_MEMORY_MB));

    for (const res of [steward, admin]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(/^attachment;/);
      const text = pdfText(res.rawPayload);
      expect(text).toContain("Attachment 1: schedule-photo.png");
      expect(text).toContain(
        "Pages 101 to 10,000 of this attachment are left out: the case file prints at most 100 pages of each attachment (10,000 pages in all).",
      );
      expect(text).toContain("Attachment 2 (ten-thousand-pages.pdf): pages");
      expect(text).toContain("100 of its 10,000 pages are printed.");
      expect(text.split("Page of many").length - 1).toBe(100);
      // Report, the image, the notice, 100 pages, the closing list.
      const n = pdfPageCount(res.rawPayload);
      expect(n).toBeGreaterThan(103);
      expect(n).toBeLessThan(110);
      expect(text).toContain(`Page ${n} of ${n}`);
    }
    // The image is reduced to a printed page: one 8-bit JPEG of at most 1050 x 1333 pixels.
    const list = spawnSync("pdfimages", ["-list", "-"], { input: steward.rawPayload });
    const rows = list.stdout
      .toString()
      .split("\n")
      .slice(2)
      .filter((l) => l.trim());
    expect(rows).toHaveLength(1);
    const [, , , width, height, color, , bpc, enc] = (rows[0] ?? "").trim().split(/\s+/);
    expect(Number(width)).toBeLessThanOrEqual(1050);
    expect(Number(height)).toBeLessThanOrEqual(1333);
    expect([color, bpc, enc]).toEqual(["rgb", "8", "jpeg"]);
  });

  it("keeps a PDF that inflates to 512 MB from growing the server: its page is printed, memory stays within the budget", async () => {
    const g = await fileGrievance(org.steward.client, "Inflate bomb");
    const bomb = inflateBombPdf(512);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await attachFile(org.steward.client, g.id, "bomb.pdf", bomb);
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 20);
    const res = await org.steward.client.get(`/api/grievances/${g.id}/case-file.pdf`);
    clearInterval(sampler);
    expect(res.statusCode).toBe(200);
    const growthMb = (peak - baseline) / 1024 / 1024;
    console.info(`a 512 MB inflate bomb: RSS +${Math.round(growthMb)} MB`);
    expect(growthMb).toBeLessThan(
      caseFileMemoryBudgetMb(defaultCaseFileWorkers(), DEFAULT_CASE_FILE_MEMORY_MB),
    );
    expect(pdfText(res.rawPayload)).toContain("Page beside the bomb");
  });
});
