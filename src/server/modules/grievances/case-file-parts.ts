import type { TFunction } from "i18next";
import { PDFDocument as PdfLibDocument, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { formatNumber } from "../../../shared/i18n/format.ts";
import { zonedTime } from "../../lib/i18n/days.ts";
import { type Language, translator } from "../../lib/i18n/index.ts";
import type { TaskResult } from "../../lib/workers/serve-tasks.ts";
import { type ReportInput, renderNotice, renderReport } from "./case-file-report.ts";
import { type ActiveKind, findActiveContent, stripActiveContent } from "./pdf-active-content.ts";
import { type PartOut, type PartStart, serializePart } from "./pdf-stream.ts";

/**
 * The case file's heavy work, done in the case-file worker (case-file-worker.ts), one part per
 * task: the report, one attachment, or a notice. Each part is drawn with its footers and
 * written out as bytes for its place in the file (pdf-stream.ts); the request thread only
 * joins the parts and writes the file's end.
 */

/** The largest image an attachment may be (the upload limit, lib/files/upload-guards.ts). */
const MAX_IMAGE_PIXELS = 50_000_000;
/** An image's box on the page (points) and the pixels a print of it needs (150 dpi). */
const IMAGE_BOX = { width: 504, height: 640 };
const IMAGE_PIXELS = { width: 1050, height: 1333 };

export interface Footer {
  grievanceId: string;
  generatedAt: Date;
  language: Language;
  /** The procedure's time zone, in which the generation time is printed (issue 30). */
  timeZone: string;
}

export type CaseFileTask =
  | { kind: "report"; input: ReportInput; start: PartStart; last: boolean }
  | {
      kind: "attachment";
      data: Uint8Array;
      contentType: string;
      n: number;
      name: string;
      /** Pages of it that may be printed (the per-attachment and the per-file caps). */
      maxPages: number;
      /** The per-attachment cap, for the note. */
      perAttachment: number;
      footer: Footer;
      start: PartStart;
    }
  | {
      kind: "notice";
      /** The attachment it stands for, named in the footer; null for the closing list. */
      n: number | null;
      name: string | null;
      heading: string;
      lines: string[];
      footer: Footer;
      start: PartStart;
      last: boolean;
    };

type Unreadable = "damaged" | "noPages" | "encrypted";

export interface AttachmentPart {
  part: PartOut;
  /** Pages of the attachment printed (notice pages not counted), and how many it has. */
  printed: number;
  total: number;
  removed: ActiveKind[];
  /** Why nothing of it is printed (the part is then a notice). */
  unreadable: Unreadable | null;
}

export async function runCaseFileTask(
  task: CaseFileTask,
): Promise<TaskResult<PartOut | AttachmentPart>> {
  if (task.kind === "report") {
    const doc = await PdfLibDocument.load(await renderReport(task.input));
    const footer = {
      grievanceId: task.input.grievance.id,
      generatedAt: task.input.generatedAt,
      language: task.input.language,
      timeZone: task.input.timeZone,
    };
    const part = await finish(doc, footer, null, task.start, task.last);
    return { result: part, transfer: [part.bytes.buffer as ArrayBuffer] };
  }
  if (task.kind === "notice") {
    const doc = await PdfLibDocument.load(await renderNotice(task.heading, task.lines));
    const label = task.n === null ? null : attachmentLabel(task.footer.language, task.n, task.name);
    const part = await finish(doc, task.footer, label, task.start, task.last);
    return { result: part, transfer: [part.bytes.buffer as ArrayBuffer] };
  }
  const result = await attachmentPart(task);
  return { result, transfer: [result.part.bytes.buffer as ArrayBuffer] };
}

const attachmentLabel = (language: Language, n: number, name: string | null) =>
  translator(language)("casefile:attachments.label", { n, name });

/** One attachment as its part: a PDF's pages (capped, active content removed) or an image. */
async function attachmentPart(
  task: Extract<CaseFileTask, { kind: "attachment" }>,
): Promise<AttachmentPart> {
  const { language } = task.footer;
  const t = translator(language);
  const label = attachmentLabel(language, task.n, task.name);
  const unreadable = async (why: Unreadable): Promise<AttachmentPart> => {
    const doc = await PdfLibDocument.load(
      await renderNotice(label, [
        t("casefile:attachments.unreadable"),
        t(`casefile:attachments.why.${why}`),
      ]),
    );
    return {
      part: await finish(doc, task.footer, label, task.start, false),
      printed: 0,
      total: 0,
      removed: [],
      unreadable: why,
    };
  };

  if (task.contentType !== "application/pdf") {
    let jpeg: Buffer;
    try {
      jpeg = await printableImage(task.data);
    } catch {
      return unreadable("damaged");
    }
    const doc = await PdfLibDocument.create();
    const image = await doc.embedJpg(jpeg);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.addPage([612, 792]);
    page.drawText(safe(label), { x: 54, y: 740, size: 12, font: bold });
    const scaled = image.scaleToFit(IMAGE_BOX.width, IMAGE_BOX.height);
    page.drawImage(image, {
      x: 54 + (IMAGE_BOX.width - scaled.width) / 2,
      y: 80 + (IMAGE_BOX.height - scaled.height),
      width: scaled.width,
      height: scaled.height,
    });
    const part = await finish(doc, task.footer, label, task.start, false);
    return { part, printed: 1, total: 1, removed: [], unreadable: null };
  }

  let src: PdfLibDocument;
  let total: number;
  try {
    src = await PdfLibDocument.load(task.data, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
    total = src.getPageCount();
  } catch {
    return unreadable("damaged");
  }
  // pdf-lib cannot decrypt: the pages would print as noise.
  if (src.isEncrypted) return unreadable("encrypted");
  // A file whose page tree could not be parsed (a 100,000-deep array, say) loads with no page.
  if (total === 0) return unreadable("noPages");
  const kept = Math.min(total, task.maxPages);
  const removed = findActiveContent(src);
  const doc = await PdfLibDocument.create();
  try {
    const pages = await doc.copyPages(
      src,
      Array.from({ length: kept }, (_, i) => i),
    );
    for (const p of pages) doc.addPage(p);
    stripActiveContent(doc);
  } catch {
    return unreadable("damaged");
  }
  const notes: string[] = [];
  const kinds = removed.map((k) => t(`casefile:attachments.kinds.${k}`)).join(", ");
  if (removed.length > 0)
    notes.push(t("casefile:attachments.activeRemoved", { n: task.n, name: task.name, kinds }));
  if (kept < total)
    notes.push(
      t(
        kept < task.perAttachment
          ? "casefile:attachments.pagesLeftOutFile"
          : "casefile:attachments.pagesLeftOut",
        {
          from: formatNumber(language, kept + 1),
          to: formatNumber(language, total),
          total: formatNumber(language, total),
          max: formatNumber(language, task.perAttachment),
        },
      ),
    );
  if (notes.length > 0) {
    const notice = await PdfLibDocument.load(await renderNotice(label, notes));
    const copied = await doc.copyPages(notice, notice.getPageIndices());
    copied.forEach((p, i) => {
      doc.insertPage(i, p);
    });
  }
  const part = await finish(doc, task.footer, label, task.start, false);
  return { part, printed: kept, total, removed, unreadable: null };
}

/**
 * An image reduced to what a printed page needs: at most 1050 x 1333 pixels (the image box at
 * 150 dpi), 8-bit sRGB, on white, as JPEG. libvips reads it line by line (sequentialRead) and
 * refuses more pixels than an upload may have, so a 7000 x 7000 16-bit PNG never sits whole in
 * memory (pdf-lib's own PNG decoder took 6.8 s and 700 MB for it on the request thread).
 */
function printableImage(data: Uint8Array): Promise<Buffer> {
  return sharp(data, {
    limitInputPixels: MAX_IMAGE_PIXELS,
    sequentialRead: true,
    animated: false,
    failOn: "error",
  })
    .rotate()
    .resize({
      width: IMAGE_PIXELS.width,
      height: IMAGE_PIXELS.height,
      fit: "inside",
      withoutEnlargement: true,
    })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Draws the footers on a part's pages and writes it out: grievance id, the attachment on its
 * pages, generation time and 'Page N' ('Page N of N' on the file's last page).
 */
async function finish(
  doc: PdfLibDocument,
  footer: Footer,
  label: string | null,
  start: PartStart,
  last: boolean,
): Promise<PartOut> {
  const t: TFunction = translator(footer.language);
  const generated = t("casefile:footer.generated", {
    time: zonedTime(footer.language, footer.generatedAt.toISOString(), footer.timeZone),
  });
  const caseFile = t("casefile:footer.caseFile", { id: footer.grievanceId });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const n = start.firstPage + i;
    const isLast = last && i === pages.length - 1;
    const { width } = page.getSize();
    const left = safe(`${caseFile}${label ? ` - ${label}` : ""}`).slice(0, 90);
    const pageNumber = isLast
      ? t("casefile:footer.pageOf", { n, total: n })
      : t("casefile:footer.page", { n });
    const right = safe(`${generated} - ${pageNumber}`);
    page.drawText(left, { x: 36, y: 22, size: 8, font, color: rgb(0.35, 0.35, 0.35) });
    page.drawText(right, {
      x: width - 36 - font.widthOfTextAtSize(right, 8),
      y: 22,
      size: 8,
      font,
      color: rgb(0.35, 0.35, 0.35),
    });
  });
  await doc.flush();
  return serializePart(doc, start);
}

/** pdf-lib's standard fonts write WinAnsi only: anything else becomes '?'. */
const safe = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");
