import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { PDFDocument as PdfLibDocument, rgb, StandardFonts } from "pdf-lib";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { formatDay } from "../../../shared/procedure/index.ts";
import type { TGrievance } from "../../../shared/schemas/grievances.ts";
import { formatMoney } from "./outcome-detail.ts";

/** An attachment with its bytes, read once: hashed for the list, appended when it is a PDF or an image. */
export interface CaseFileAttachment {
  name: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  data: Buffer;
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

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

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
    doc
      .font("Courier")
      .fontSize(9)
      .text(`SHA-256 ${sha256(a.data)}`, { indent: 12 });
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
 * The whole case file: the report by pdfkit, then PDF attachments' pages copied in and images
 * placed one to a page by pdf-lib, then a footer on every page with the page number and the
 * generation time. An attachment that cannot be read as a PDF gets a page saying so.
 */
export async function buildCaseFile(input: CaseFileInput): Promise<Uint8Array> {
  const report = await renderReport(input);
  const out = await PdfLibDocument.load(report);
  const font = await out.embedFont(StandardFonts.Helvetica);
  const bold = await out.embedFont(StandardFonts.HelveticaBold);
  const labels: (string | null)[] = out.getPages().map(() => null);
  for (const [i, a] of input.attachments.entries()) {
    if (!appendable(a)) continue;
    const label = `Attachment ${i + 1}: ${a.name}`;
    try {
      if (a.contentType === "application/pdf") {
        const src = await PdfLibDocument.load(a.data, { ignoreEncryption: true });
        const pages = await out.copyPages(src, src.getPageIndices());
        for (const p of pages) {
          out.addPage(p);
          labels.push(label);
        }
      } else {
        const png =
          a.contentType === "image/png" || a.contentType === "image/jpeg"
            ? a.data
            : await sharp(a.data).png().toBuffer();
        const image =
          a.contentType === "image/jpeg" ? await out.embedJpg(png) : await out.embedPng(png);
        const page = out.addPage([612, 792]);
        page.drawText(safe(label), { x: 54, y: 740, size: 12, font: bold });
        const scaled = image.scaleToFit(504, 640);
        page.drawImage(image, {
          x: 54 + (504 - scaled.width) / 2,
          y: 80 + (640 - scaled.height),
          width: scaled.width,
          height: scaled.height,
        });
        labels.push(label);
      }
    } catch {
      const page = out.addPage([612, 792]);
      page.drawText(safe(label), { x: 54, y: 740, size: 12, font: bold });
      page.drawText("This file could not be read as a PDF or an image; see its SHA-256 above.", {
        x: 54,
        y: 715,
        size: 10,
        font,
      });
      labels.push(label);
    }
  }
  const pages = out.getPages();
  const generated = `Generated ${when(input.generatedAt.toISOString())}`;
  pages.forEach((page, i) => {
    const { width } = page.getSize();
    const label = labels[i];
    const left = safe(`${input.grievance.id} case file${label ? ` - ${label}` : ""}`).slice(0, 90);
    const right = `${generated} - Page ${i + 1} of ${pages.length}`;
    page.drawText(left, { x: 36, y: 22, size: 8, font, color: rgb(0.35, 0.35, 0.35) });
    page.drawText(right, {
      x: width - 36 - font.widthOfTextAtSize(right, 8),
      y: 22,
      size: 8,
      font,
      color: rgb(0.35, 0.35, 0.35),
    });
  });
  return out.save();
}

/** pdf-lib's standard fonts write WinAnsi only: anything else becomes '?'. */
const safe = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");
