import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { TFunction } from "i18next";
import { PDFDocument as PdfLibDocument, rgb, StandardFonts } from "pdf-lib";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { formatNumber } from "../../../shared/i18n/format.ts";
import { LOCALE_TAG } from "../../../shared/i18n/languages.ts";
import type { TGrievance, TOutcomeDetail } from "../../../shared/schemas/grievances.ts";
import { utcTime, weekdayDay } from "../../lib/i18n/days.ts";
import { type Language, storedTextIn, translator } from "../../lib/i18n/index.ts";
import { PdfStreamWriter } from "./pdf-stream.ts";

/**
 * An attachment: hashed beforehand (streamed through SHA-256, never held), and read whole only
 * when its turn comes to be appended (one at a time; each is at most 10 MB).
 */
export interface CaseFileAttachment {
  name: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  sha256: string;
  /** The bytes, or null when the stored file is gone. */
  read(): Promise<Buffer | null>;
}

export interface CaseFileInput {
  organizationName: string;
  grievance: TGrievance;
  attachments: CaseFileAttachment[];
  /** Internal notes are printed only when true (stewards and admins; product-decisions.md 28). */
  internal: boolean;
  generatedAt: Date;
  /** The labels' and dates' language: the reader's (who downloads it, or who serves it). */
  language: Language;
}

/** The grievance's outcome as the case file names it, in the reader's language. */
function outcomeLabel(t: TFunction, o: TOutcomeDetail): string {
  if (o.result === "merged")
    return o.mergedInto
      ? t("casefile:outcomes.mergedInto", { id: o.mergedInto })
      : t("casefile:outcomes.merged");
  return o.result ? t(`casefile:outcomes.${o.result}`) : t("casefile:outcomes.none");
}

/** An amount in the organization's currency, in the reader's locale. */
function money(language: Language, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(LOCALE_TAG[language], { style: "currency", currency }).format(
      cents / 100,
    );
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
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

/** The report part (cover, timeline, answers, comments, notes, log, attachment list) by pdfkit. */
function renderReport(input: CaseFileInput): Promise<Buffer> {
  const { grievance: g, language } = input;
  const t = translator(language);
  const when = (iso: string) => utcTime(language, iso);
  const day = (d: string) => weekdayDay(language, d);
  const label = (key: string) => t(`casefile:fields.${key}`);
  const stored = storedTextIn(language);
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: 54, bottom: 60, left: 54, right: 54 },
    info: {
      Title: t("casefile:title", { id: g.id }),
      Author: input.organizationName,
      CreationDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8).font("Helvetica-Bold").fontSize(14).text(text).moveDown(0.3);
    doc.font("Helvetica").fontSize(10);
  };
  const field = (label: string, value: string) => {
    doc.font("Helvetica-Bold").fontSize(10).text(`${label}: `, { continued: true });
    doc.font("Helvetica").text(value || "-");
  };
  const para = (text: string, indent = 0) =>
    doc.font("Helvetica").fontSize(10).text(text, { indent, paragraphGap: 2 });

  // Cover.
  doc.font("Helvetica").fontSize(11).text(input.organizationName);
  doc
    .moveDown(0.5)
    .font("Helvetica-Bold")
    .fontSize(22)
    .text(t("casefile:title", { id: g.id }));
  doc.font("Helvetica").fontSize(14).text(g.subject).moveDown(1);
  field(label("grievance"), g.id);
  field(label("type"), t(`casefile:types.${g.type}`, { defaultValue: g.type }));
  field(
    label("grievants"),
    g.type === "policy"
      ? t("casefile:values.policyGrievants")
      : g.grievants.map((p) => p.name).join(", "),
  );
  field(label("articles"), g.articles.join("; ") || t("casefile:values.noArticles"));
  field(label("step"), g.step.name);
  field(label("status"), t(`casefile:statuses.${g.status}`, { defaultValue: g.status }));
  field(
    label("outcome"),
    g.outcome
      ? g.outcome.closedOn
        ? t("casefile:values.closed", {
            outcome: outcomeLabel(t, g.outcome),
            date: day(g.outcome.closedOn),
          })
        : outcomeLabel(t, g.outcome)
      : t("casefile:values.open"),
  );
  if (g.outcome?.summary) field(label("outcomeSummary"), g.outcome.summary);
  const remedy = g.outcome?.remedy;
  if (remedy) {
    const received = remedy.receivedAt
      ? remedy.confirmedBy
        ? t("casefile:remedy.receivedConfirmed", {
            time: when(remedy.receivedAt),
            name: remedy.confirmedBy.name,
          })
        : t("casefile:remedy.received", { time: when(remedy.receivedAt) })
      : remedy.overdue
        ? t("casefile:remedy.overdue")
        : t("casefile:remedy.notReceived");
    field(
      label("remedy"),
      t("casefile:remedy.line", {
        amount: money(language, remedy.amountCents, remedy.currency),
        description: remedy.description,
        date: day(remedy.dueDate),
        state: received,
      }),
    );
  }
  field(label("filed"), when(g.filedDate));
  field(
    label("incidentDate"),
    g.incidentDate ? day(g.incidentDate) : t("casefile:values.notGiven"),
  );
  field(label("steward"), g.assignee?.name ?? t("casefile:values.notAssigned"));
  if (g.relatedIds.length) field(label("related"), g.relatedIds.join(", "));
  if (g.filingLate) field(label("filing"), t("casefile:values.filedLate"));

  heading(t("casefile:headings.grievantDetails"));
  field(label("name"), g.name);
  field(label("badgeNumber"), g.badgeNumber);
  field(label("jobTitle"), g.jobTitle);
  field(label("department"), g.department);
  field(label("location"), g.location);
  heading(t("casefile:headings.description"));
  para(g.description);
  heading(t("casefile:headings.remedySought"));
  para(g.remedy);

  heading(t("casefile:headings.timeline"));
  if (g.deadlines.length === 0) {
    para(g.nextDeadline ? g.nextDeadline.summary : t("casefile:deadlines.none"));
  }
  for (const d of g.deadlines) {
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(
        t("casefile:deadlines.line", {
          step: d.step.name,
          kind: t(`casefile:deadlines.kinds.${d.kind}`, { defaultValue: d.kind }),
          date: day(d.dueDate),
          state: t(`casefile:deadlines.states.${d.state}`, { defaultValue: d.state }),
        }),
      );
    for (const line of d.explanation) para(`- ${stored(line)}`, 12);
    doc.moveDown(0.3);
  }
  if (g.hold)
    para(t("casefile:deadlines.hold", { date: day(g.hold.since), reason: g.hold.reason }));

  heading(t("casefile:headings.answers"));
  if (g.answers.length === 0) para(t("casefile:answers.none"));
  for (const a of g.answers) {
    doc.font("Helvetica-Bold").text(
      t("casefile:answers.line", {
        step: a.step.name,
        decision: t(`casefile:answers.decisions.${a.decision}`, { defaultValue: a.decision }),
        date: day(a.receivedOn),
      }),
    );
    if (a.text) para(stored(a.text), 12);
  }

  const oldestFirst = [...g.activityLog].reverse();
  const comments = oldestFirst.filter((e) => !e.internal && e.action.startsWith("Comment: "));
  const byline = (e: { user: string; role: string; time: string }) =>
    t("casefile:comments.byline", {
      user: e.user,
      role: t(`casefile:roles.${e.role}`, { defaultValue: e.role }),
      time: when(e.time),
    });
  heading(t("casefile:headings.comments"));
  if (comments.length === 0) para(t("casefile:comments.none"));
  for (const c of comments) {
    doc.font("Helvetica-Bold").text(byline(c));
    para(c.action.slice("Comment: ".length), 12);
  }

  if (input.internal) {
    const notes = oldestFirst.filter((e) => e.internal);
    heading(t("casefile:headings.internalNotes"));
    if (notes.length === 0) para(t("casefile:notes.none"));
    for (const n of notes) {
      doc.font("Helvetica-Bold").text(byline(n));
      para(stored(n.action), 12);
    }
  }

  heading(t("casefile:headings.activityLog"));
  for (const e of oldestFirst) {
    if (e.internal && !input.internal) continue;
    // The system's own entries (a deadline passing) are named in the reader's words.
    const who = e.role === "system" ? t("casefile:log.system") : e.user;
    para(`${when(e.time)}  ${who}: ${stored(e.action)}`);
  }

  heading(t("casefile:headings.attachments"));
  if (input.attachments.length === 0) para(t("casefile:attachments.none"));
  input.attachments.forEach((a, i) => {
    doc.font("Helvetica-Bold").text(`${i + 1}. ${a.name}`);
    para(
      t("casefile:attachments.info", {
        type: a.contentType,
        size: formatNumber(language, a.size),
        time: when(a.uploadedAt),
      }),
      12,
    );
    doc.font("Courier").fontSize(9).text(`SHA-256 ${a.sha256}`, { indent: 12 });
    doc.font("Helvetica").fontSize(10);
  });
  if (input.attachments.some((a) => appendable(a))) {
    para(t("casefile:attachments.follow"));
  }
  doc.end();
  return done;
}

const appendable = (a: CaseFileAttachment) =>
  a.contentType === "application/pdf" || a.contentType.startsWith("image/");

/**
 * The whole case file as a stream of chunks (issue 19): the report by pdfkit (text, built in
 * memory, then written out), then each PDF attachment's pages copied in and each image placed
 * on a page by pdf-lib, one attachment at a time, each written out before the next is read
 * (pdf-stream.ts). Every page gets a footer: the grievance id, the attachment on appended
 * pages, the generation time and 'Page N' ('Page N of N' on the last: the total is known only
 * there). An attachment that cannot be read as a PDF or an image gets a page saying so.
 */
export async function* caseFileChunks(input: CaseFileInput): AsyncGenerator<Uint8Array> {
  const out = new PdfStreamWriter();
  const { language } = input;
  const t = translator(language);
  const generated = t("casefile:footer.generated", {
    time: utcTime(language, input.generatedAt.toISOString()),
  });
  const caseFile = t("casefile:footer.caseFile", { id: input.grievance.id });
  const appended = input.attachments
    .map((a, i) => ({ a, label: t("casefile:attachments.label", { n: i + 1, name: a.name }) }))
    .filter(({ a }) => appendable(a));
  const lastPart = appended.length;

  /** Footers on a part's pages, then the part written out. */
  async function* emit(doc: PdfLibDocument, label: string | null, isLast: boolean) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const pages = doc.getPages();
    pages.forEach((page, i) => {
      const n = out.pageCount + i + 1;
      const last = isLast && i === pages.length - 1;
      const { width } = page.getSize();
      const left = safe(`${caseFile}${label ? ` - ${label}` : ""}`).slice(0, 90);
      const pageNumber = last
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
    yield* out.part(doc);
  }

  yield out.header();
  const report = await PdfLibDocument.load(await renderReport(input));
  yield* emit(report, null, lastPart === 0);
  for (const [i, { a, label }] of appended.entries()) {
    yield* emit(await attachmentPages(a, label, t), label, i === lastPart - 1);
  }
  yield* out.end({
    title: t("casefile:title", { id: input.grievance.id }),
    author: input.organizationName,
    createdAt: input.generatedAt,
  });
}

/** One attachment as its own small document: a PDF's pages, an image's page, or a notice. */
async function attachmentPages(
  a: CaseFileAttachment,
  label: string,
  t: TFunction,
): Promise<PdfLibDocument> {
  const doc = await PdfLibDocument.create();
  try {
    const data = await a.read();
    if (!data) throw new Error("gone");
    if (a.contentType === "application/pdf") {
      const src = await PdfLibDocument.load(data, { ignoreEncryption: true });
      for (const p of await doc.copyPages(src, src.getPageIndices())) doc.addPage(p);
    } else {
      const png =
        a.contentType === "image/png" || a.contentType === "image/jpeg"
          ? data
          : await sharp(data).png().toBuffer();
      const image =
        a.contentType === "image/jpeg" ? await doc.embedJpg(png) : await doc.embedPng(png);
      const bold = await doc.embedFont(StandardFonts.HelveticaBold);
      const page = doc.addPage([612, 792]);
      page.drawText(safe(label), { x: 54, y: 740, size: 12, font: bold });
      const scaled = image.scaleToFit(504, 640);
      page.drawImage(image, {
        x: 54 + (504 - scaled.width) / 2,
        y: 80 + (640 - scaled.height),
        width: scaled.width,
        height: scaled.height,
      });
    }
    return doc;
  } catch {
    const notice = await PdfLibDocument.create();
    const font = await notice.embedFont(StandardFonts.Helvetica);
    const bold = await notice.embedFont(StandardFonts.HelveticaBold);
    const page = notice.addPage([612, 792]);
    page.drawText(safe(label), { x: 54, y: 740, size: 12, font: bold });
    page.drawText(safe(t("casefile:attachments.unreadable")), {
      x: 54,
      y: 715,
      size: 10,
      font,
    });
    return notice;
  }
}

/** pdf-lib's standard fonts write WinAnsi only: anything else becomes '?'. */
const safe = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");
