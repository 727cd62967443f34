import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { PDFDocument as PdfLibDocument, rgb, StandardFonts } from "pdf-lib";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { formatDay } from "../../../shared/procedure/index.ts";
import type { TGrievance } from "../../../shared/schemas/grievances.ts";
import { formatMoney } from "./outcome-detail.ts";
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
}

const KIND: Record<string, string> = {
  filing: "Filing limit",
  response: "Employer's answer",
  appeal: "Union's appeal",
  remedy: "Remedy payment",
};
const TYPE: Record<string, string> = {
  individual: "Individual",
  group: "Group",
  policy: "Policy",
};

/** The SHA-256 of a stored file, read as a stream. */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Reads a stored file whole (attachments are at most 10 MB each). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The report part (cover, timeline, answers, comments, notes, log, attachment list) by pdfkit. */
function renderReport(input: CaseFileInput): Promise<Buffer> {
  const { grievance: g } = input;
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: 54, bottom: 60, left: 54, right: 54 },
    info: {
      Title: `Case file ${g.id}`,
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
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(22).text(`Case file ${g.id}`);
  doc.font("Helvetica").fontSize(14).text(g.subject).moveDown(1);
  field("Grievance", g.id);
  field("Type", TYPE[g.type] ?? g.type);
  field(
    "Grievants",
    g.type === "policy"
      ? "None (policy grievance for the local)"
      : g.grievants.map((p) => p.name).join(", "),
  );
  field("Articles", g.articles.join("; ") || "None cited");
  field("Step", g.step.name);
  field("Status", g.status);
  field(
    "Outcome",
    g.outcome
      ? `${g.outcome.label}${g.outcome.closedOn ? `, closed ${formatDay(g.outcome.closedOn)}` : ""}`
      : "Open",
  );
  if (g.outcome?.summary) field("Outcome summary", g.outcome.summary);
  const remedy = g.outcome?.remedy;
  if (remedy) {
    field(
      "Remedy",
      `${formatMoney(remedy.amountCents, remedy.currency)} (${remedy.description}), due ${formatDay(remedy.dueDate)}; ${
        remedy.receivedAt
          ? `received ${when(remedy.receivedAt)}${remedy.confirmedBy ? `, confirmed by ${remedy.confirmedBy.name}` : ""}`
          : remedy.overdue
            ? "Remedy overdue"
            : "not yet received"
      }`,
    );
  }
  field("Filed", when(g.filedDate));
  field("Incident date", g.incidentDate ? formatDay(g.incidentDate) : "Not given");
  field("Steward", g.assignee?.name ?? "Not assigned");
  if (g.relatedIds.length) field("Related grievances", g.relatedIds.join(", "));
  if (g.filingLate) field("Filing", "Filed after the filing limit");

  heading("Grievant's details");
  field("Name", g.name);
  field("Badge number", g.badgeNumber);
  field("Job title", g.jobTitle);
  field("Department", g.department);
  field("Location", g.location);
  heading("Description");
  para(g.description);
  heading("Remedy sought");
  para(g.remedy);

  heading("Step timeline and deadlines");
  if (g.deadlines.length === 0) {
    para(g.nextDeadline ? g.nextDeadline.summary : "No deadline is running.");
  }
  for (const d of g.deadlines) {
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(`${d.step.name}: ${KIND[d.kind] ?? d.kind}, due ${formatDay(d.dueDate)} (${d.state})`);
    for (const line of d.explanation) para(`- ${line}`, 12);
    doc.moveDown(0.3);
  }
  if (g.hold) para(`On hold since ${formatDay(g.hold.since)}: ${g.hold.reason}`);

  heading("Employer answers");
  if (g.answers.length === 0) para("No answer recorded.");
  for (const a of g.answers) {
    doc
      .font("Helvetica-Bold")
      .text(`${a.step.name}: ${a.decision}, received ${formatDay(a.receivedOn)}`);
    if (a.text) para(a.text, 12);
  }

  const oldestFirst = [...g.activityLog].reverse();
  const comments = oldestFirst.filter((e) => !e.internal && e.action.startsWith("Comment: "));
  heading("Comments");
  if (comments.length === 0) para("No comments.");
  for (const c of comments) {
    doc.font("Helvetica-Bold").text(`${c.user} (${c.role}), ${when(c.time)}`);
    para(c.action.slice("Comment: ".length), 12);
  }

  if (input.internal) {
    const notes = oldestFirst.filter((e) => e.internal);
    heading("Internal notes (stewards and admins only)");
    if (notes.length === 0) para("No internal notes.");
    for (const n of notes) {
      doc.font("Helvetica-Bold").text(`${n.user} (${n.role}), ${when(n.time)}`);
      para(n.action, 12);
    }
  }

  heading("Activity log");
  for (const e of oldestFirst) {
    if (e.internal && !input.internal) continue;
    para(`${when(e.time)}  ${e.user}: ${e.action}`);
  }

  heading("Attachments");
  if (input.attachments.length === 0) para("No attachments.");
  input.attachments.forEach((a, i) => {
    doc.font("Helvetica-Bold").text(`${i + 1}. ${a.name}`);
    para(
      `${a.contentType}, ${a.size.toLocaleString("en-US")} bytes, added ${when(a.uploadedAt)}`,
      12,
    );
    doc.font("Courier").fontSize(9).text(`SHA-256 ${a.sha256}`, { indent: 12 });
    doc.font("Helvetica").fontSize(10);
  });
  if (input.attachments.some((a) => appendable(a))) {
    para("PDF and image attachments follow as pages, in this order.");
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
  const generated = `Generated ${when(input.generatedAt.toISOString())}`;
  const appended = input.attachments
    .map((a, i) => ({ a, label: `Attachment ${i + 1}: ${a.name}` }))
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
      const left = safe(`${input.grievance.id} case file${label ? ` - ${label}` : ""}`).slice(
        0,
        90,
      );
      const right = `${generated} - Page ${n}${last ? ` of ${n}` : ""}`;
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
    yield* emit(await attachmentPages(a, label), label, i === lastPart - 1);
  }
  yield* out.end({
    title: `Case file ${input.grievance.id}`,
    author: input.organizationName,
    createdAt: input.generatedAt,
  });
}

/** One attachment as its own small document: a PDF's pages, an image's page, or a notice. */
async function attachmentPages(a: CaseFileAttachment, label: string): Promise<PdfLibDocument> {
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
    page.drawText("This file could not be read as a PDF or an image; see its SHA-256 above.", {
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
