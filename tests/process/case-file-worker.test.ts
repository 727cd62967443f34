import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, inject, it } from "vitest";
import { WorkerPool } from "../../src/server/lib/workers/pool.ts";
import type {
  AttachmentPart,
  CaseFileTask,
} from "../../src/server/modules/grievances/case-file-parts.ts";
import { type PartOut, PdfStreamWriter } from "../../src/server/modules/grievances/pdf-stream.ts";
import { hugePng, manyPagesPdf } from "../support/hostile-files.ts";

/**
 * The case-file worker as it ships (issue 28): `npm run build:server` writes it beside the
 * server (tests/support/global-server.ts builds the same into dist/test-server), and the built
 * server starts it from there. Here the built worker file does real work: a PDF's pages, an
 * image, a notice.
 */
const bundle = inject("serverBundle");
const workerFile = path.join(path.dirname(bundle), "case-file-worker.js");
const pool = new WorkerPool({
  entry: pathToFileURL(workerFile),
  workers: 1,
  memoryMb: 256,
  taskTimeoutMs: 30_000,
  perOrganization: 1,
  queuePerOrganization: 0,
});
afterAll(() => pool.close());

const footer = {
  grievanceId: "G-2026-0001",
  generatedAt: new Date(),
  language: "es" as const,
  timeZone: "America/Chicago",
};

describe("the built case-file worker", () => {
  it("is started by the built server from beside it", () => {
    expect(readFileSync(bundle, "utf8")).toContain('"./case-file-worker.js"');
  });

  it("copies a PDF's pages, reduces an image and writes a notice, in the reader's language", async () => {
    const lease = await pool.admit("org");
    const out = new PdfStreamWriter();
    const chunks = [out.header()];
    try {
      const pdf = new Uint8Array(manyPagesPdf(3));
      const pages = await lease.run<AttachmentPart>(
        {
          kind: "attachment",
          data: pdf,
          contentType: "application/pdf",
          n: 1,
          name: "exhibit.pdf",
          maxPages: 2,
          perAttachment: 2,
          footer,
          start: out.start(),
        } satisfies CaseFileTask,
        [pdf.buffer],
      );
      expect([pages.printed, pages.total, pages.unreadable]).toEqual([2, 3, null]);
      chunks.push(out.accept(pages.part));
      const png = new Uint8Array(await hugePng(2000));
      const image = await lease.run<AttachmentPart>(
        {
          kind: "attachment",
          data: png,
          contentType: "image/png",
          n: 2,
          name: "photo.png",
          maxPages: 2,
          perAttachment: 2,
          footer,
          start: out.start(),
        } satisfies CaseFileTask,
        [png.buffer],
      );
      expect(image.printed).toBe(1);
      chunks.push(out.accept(image.part));
      const notice = await lease.run<PartOut>({
        kind: "notice",
        n: null,
        name: null,
        heading: "Adjuntos",
        lines: ["Una línea de aviso."],
        footer,
        start: out.start(),
        last: true,
      } satisfies CaseFileTask);
      chunks.push(out.accept(notice));
    } finally {
      lease.release();
    }
    chunks.push(...out.end({ title: "Expediente", author: "Local", createdAt: new Date() }));
    const file = Buffer.concat(chunks);
    const info = spawnSync("pdfinfo", ["-"], { input: file });
    expect(info.stderr.toString()).toBe("");
    // The notice of the page left out, two pages, the image, the closing notice.
    expect(info.stdout.toString()).toMatch(/Pages:\s+5\n/);
    const text = execFileSync("pdftotext", ["-", "-"], { input: file })
      .toString("utf8")
      .replace(/\s+/g, " ");
    expect(text).toContain("Adjunto 1: exhibit.pdf");
    expect(text).toContain("Las páginas 3 a 3 de este adjunto quedan fuera");
    expect(text.split("Page of many").length - 1).toBe(2);
    expect(text).toContain("Adjunto 2: photo.png");
    expect(text).toContain("Una línea de aviso.");
    expect(text).toContain("Página 5 de 5");
  }, 60_000);
});
