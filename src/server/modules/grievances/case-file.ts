import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { formatNumber } from "../../../shared/i18n/format.ts";
import { AppError, RateLimitedError } from "../../lib/errors.ts";
import { translator } from "../../lib/i18n/index.ts";
import { type Lease, PoolFull, WorkerFailed, type WorkerPool } from "../../lib/workers/pool.ts";
import type { AttachmentPart, CaseFileTask, Footer } from "./case-file-parts.ts";
import { type AttachmentMeta, printable, type ReportInput } from "./case-file-report.ts";
import { type PartOut, PdfStreamWriter } from "./pdf-stream.ts";

/** Pages printed of one attachment, and of all attachments of one case file. */
export const PAGES_PER_ATTACHMENT = 100;
export const PAGES_PER_FILE = 500;

/**
 * An attachment: hashed beforehand (streamed through SHA-256, never held), and read whole only
 * when its turn comes to be appended (one at a time; each is at most 10 MB).
 */
export interface CaseFileAttachment extends AttachmentMeta {
  /** The bytes, or null when the stored file is gone. */
  read(): Promise<Buffer | null>;
}

export interface CaseFileInput extends Omit<ReportInput, "attachments"> {
  organizationId: string;
  attachments: CaseFileAttachment[];
}

/** The SHA-256 of a stored file, read as a stream. */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Reads a stored file whole (attachments are at most 10 MB each). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A copy in an ArrayBuffer of its own, which can be handed to a worker. */
function ownCopy(data: Buffer): Uint8Array {
  const copy = new Uint8Array(data.length);
  copy.set(data);
  return copy;
}

/**
 * The whole case file as a stream of chunks (issues 19 and 28). The request thread only reads
 * the grievance and the stored files and joins the parts; each part is drawn and written out in
 * a worker of `pool` (case-file-parts.ts): the report by pdfkit, then each PDF attachment's
 * pages (at most PAGES_PER_ATTACHMENT, PAGES_PER_FILE in all, active content removed) and each
 * image reduced to a printed page, one attachment at a time, each sent before the next is read.
 * An attachment the worker cannot read, or whose worker runs out of time or memory, gets a
 * page saying so and the file goes on. A closing list names every attachment: printed on which
 * pages, or left out and why.
 *
 * The organization's turn is taken first: a full queue answers 429, and a report the worker
 * could not build 503, both before the first byte (the first chunk holds the report).
 */
export async function* caseFileChunks(
  pool: WorkerPool,
  input: CaseFileInput,
): AsyncGenerator<Uint8Array> {
  let lease: Lease;
  try {
    lease = await pool.admit(input.organizationId);
  } catch (error) {
    if (error instanceof PoolFull)
      throw new RateLimitedError(
        "Case files for your organization are already being made. Please try again in a few seconds.",
        10,
      );
    throw error;
  }
  try {
    yield* build(lease, input);
  } catch (error) {
    // The report, a notice or the closing list the workers could not make (the pool closing,
    // a worker over time on pages of text): the file cannot be made. Before the first byte
    // (the report) this is the answer's status; later it ends the stream.
    if (error instanceof WorkerFailed) throw unavailable();
    throw error;
  } finally {
    lease.release();
  }
}

const unavailable = () =>
  new AppError(
    503,
    "UNAVAILABLE",
    "The case file could not be made just now. Please try again in a minute.",
  );

/** What the closing list says of an attachment a worker printed (pages `firstPage` to `lastPage`). */
function printedNote(
  language: CaseFileInput["language"],
  named: { n: number; name: string },
  firstPage: number,
  lastPage: number,
  result: AttachmentPart,
): string {
  const t = translator(language);
  const num = (n: number) => formatNumber(language, n);
  const pages = { ...named, from: num(firstPage), to: num(lastPage) };
  if (result.unreadable)
    return `${t("casefile:closing.unreadable", pages)} ${t(`casefile:attachments.why.${result.unreadable}`)}`;
  const notes = [
    t(firstPage === lastPage ? "casefile:closing.printedOne" : "casefile:closing.printed", pages),
  ];
  if (result.printed < result.total)
    notes.push(
      t("casefile:closing.pagesLeftOut", {
        printed: num(result.printed),
        total: num(result.total),
      }),
    );
  if (result.removed.length > 0)
    notes.push(
      t("casefile:closing.activeRemoved", {
        kinds: result.removed.map((k) => t(`casefile:attachments.kinds.${k}`)).join(", "),
      }),
    );
  return notes.join(" ");
}

async function* build(lease: Lease, input: CaseFileInput): AsyncGenerator<Uint8Array> {
  const { language } = input;
  const t = translator(language);
  const num = (n: number) => formatNumber(language, n);
  const out = new PdfStreamWriter();
  const footer: Footer = {
    grievanceId: input.grievance.id,
    generatedAt: input.generatedAt,
    language,
    timeZone: input.timeZone,
  };
  const header = out.header();
  const report = await lease.run<PartOut>({
    kind: "report",
    input: {
      ...input,
      attachments: input.attachments.map(({ read: _, ...meta }) => meta),
    },
    start: out.start(),
    last: input.attachments.length === 0,
  } satisfies CaseFileTask);
  yield Buffer.concat([header, out.accept(report)]);

  /** What the closing list says of each attachment. */
  const summary: string[] = [];
  let budget = PAGES_PER_FILE;
  for (const [i, a] of input.attachments.entries()) {
    const n = i + 1;
    const named = { n, name: a.name };
    if (!printable(a.contentType)) {
      summary.push(t("casefile:closing.notPrinted", named));
      continue;
    }
    if (budget <= 0) {
      summary.push(t("casefile:closing.fileFull", { ...named, max: num(PAGES_PER_FILE) }));
      continue;
    }
    const firstPage = out.pageCount + 1;
    const data = await a.read();
    let result: AttachmentPart | null = null;
    let failed: WorkerFailed["reason"] | "gone" | null = data ? null : "gone";
    if (data) {
      const bytes = ownCopy(data);
      try {
        result = await lease.run<AttachmentPart>(
          {
            kind: "attachment",
            data: bytes,
            contentType: a.contentType,
            n,
            name: a.name,
            maxPages: Math.min(PAGES_PER_ATTACHMENT, budget),
            perAttachment: PAGES_PER_ATTACHMENT,
            footer,
            start: out.start(),
          } satisfies CaseFileTask,
          [bytes.buffer as ArrayBuffer],
        );
      } catch (error) {
        if (!(error instanceof WorkerFailed)) throw error;
        failed = error.reason;
      }
    }
    if (result) {
      yield out.accept(result.part);
      budget -= result.printed;
      summary.push(printedNote(language, named, firstPage, out.pageCount, result));
      continue;
    }
    // The worker died, ran out of memory or time, or the stored file is gone.
    const why = t(`casefile:attachments.why.${failed ?? "crashed"}`, {
      seconds: num(Math.round(lease.timeoutMs / 1000)),
    });
    const notice = await lease.run<PartOut>({
      kind: "notice",
      n,
      name: a.name,
      heading: t("casefile:attachments.label", named),
      lines: [t("casefile:attachments.unreadable"), why],
      footer,
      start: out.start(),
      last: false,
    } satisfies CaseFileTask);
    yield out.accept(notice);
    summary.push(
      `${t("casefile:closing.unreadable", { ...named, from: num(firstPage), to: num(out.pageCount) })} ${why}`,
    );
  }
  if (input.attachments.length > 0) {
    const closing = await lease.run<PartOut>({
      kind: "notice",
      n: null,
      name: null,
      heading: t("casefile:closing.heading"),
      lines: summary,
      footer,
      start: out.start(),
      last: true,
    } satisfies CaseFileTask);
    yield out.accept(closing);
  }
  yield* out.end({
    title: t("casefile:title", { id: input.grievance.id }),
    author: input.organizationName,
    createdAt: input.generatedAt,
  });
}

/**
 * The chunks again with the first one (already taken) in front. Ending it early (the client
 * went away) ends the build too, so its turn and its worker are given back.
 */
export function resumed(
  first: IteratorResult<Uint8Array>,
  chunks: AsyncGenerator<Uint8Array>,
): AsyncIterable<Uint8Array> {
  let sent = first.done === true;
  return {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        if (!sent) {
          sent = true;
          return first;
        }
        return chunks.next();
      },
      return: async () => {
        await chunks.return(undefined);
        return { done: true, value: undefined };
      },
    }),
  };
}
