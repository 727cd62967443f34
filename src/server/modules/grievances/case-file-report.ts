import type { TFunction } from "i18next";
import PDFDocument from "pdfkit";
import { formatNumber } from "../../../shared/i18n/format.ts";
import { LOCALE_TAG } from "../../../shared/i18n/languages.ts";
import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import type { TGrievance, TOutcomeDetail } from "../../../shared/schemas/grievances.ts";
import { weekdayDay, zonedTime } from "../../lib/i18n/days.ts";
import { defaultsIn, type Language, lineTextIn, translator } from "../../lib/i18n/index.ts";

/** What the report lists of an attachment (its bytes are read only when its turn comes). */
export interface AttachmentMeta {
  name: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  sha256: string;
}

/** The report part's input: plain data, sent to the case-file worker. */
export interface ReportInput {
  organizationName: string;
  grievance: TGrievance;
  attachments: AttachmentMeta[];
  /** Internal notes are printed only when true (stewards and admins; product-decisions.md 28). */
  internal: boolean;
  generatedAt: Date;
  /** The labels' and dates' language: the reader's (who downloads it, or who serves it). */
  language: Language;
  /** The procedure's time zone: every time is printed in it, the zone named (issue 30). */
  timeZone: string;
  /**
   * Sections other modules write, already in the reader's language (the information
   * requests and their log, issue 33), printed before the attachments.
   */
  sections?: { heading: string; paragraphs: string[] }[];
}

/** PDFs and images are added as pages; other files (Word, Excel) are listed only. */
export const printable = (contentType: string) =>
  contentType === "application/pdf" || contentType.startsWith("image/");

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

/** What every section of the report writes with: the document and the reader's words. */
interface Writer {
  doc: PDFKit.PDFDocument;
  t: TFunction;
  language: Language;
  when: (iso: string) => string;
  day: (d: string) => string;
  label: (key: string) => string;
  stored: (line: TextLine) => string;
  /** The product's default step names and list entries in the reader's words (decision 039). */
  defaults: ReturnType<typeof defaultsIn>;
  heading: (text: string) => void;
  field: (label: string, value: string) => void;
  para: (text: string, indent?: number) => void;
}

/** In the procedure's time zone, named (issue 30). */
function writer(doc: PDFKit.PDFDocument, language: Language, timeZone: string): Writer {
  const t = translator(language);
  return {
    doc,
    t,
    language,
    when: (iso) => zonedTime(language, iso, timeZone),
    day: (d) => weekdayDay(language, d),
    label: (key) => t(`casefile:fields.${key}`),
    stored: lineTextIn(language),
    defaults: defaultsIn(language),
    heading: (text) => {
      if (doc.y > doc.page.height - 140) doc.addPage();
      doc.moveDown(0.8).font("Helvetica-Bold").fontSize(14).text(text).moveDown(0.3);
      doc.font("Helvetica").fontSize(10);
    },
    field: (label, value) => {
      doc.font("Helvetica-Bold").fontSize(10).text(`${label}: `, { continued: true });
      doc.font("Helvetica").text(value || "-");
    },
    para: (text, indent = 0) => {
      doc.font("Helvetica").fontSize(10).text(text, { indent, paragraphGap: 2 });
    },
  };
}

/** The report part (cover, timeline, answers, comments, notes, log, attachment list) by pdfkit. */
export function renderReport(input: ReportInput): Promise<Buffer> {
  const { grievance: g, language } = input;
  const t = translator(language);
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
  const w = writer(doc, language, input.timeZone);
  writeCover(w, input);
  writeDetails(w, g);
  writeTimeline(w, g);
  writeRecord(w, input);
  for (const section of input.sections ?? []) {
    w.heading(section.heading);
    for (const p of section.paragraphs) w.para(p);
  }
  writeAttachments(w, input);
  doc.end();
  return done;
}

type Grievance = ReportInput["grievance"];

/** The cover: the organization, the grievance's id and subject, and its key facts. */
function writeCover(w: Writer, input: ReportInput) {
  const { doc, t, when, day, label, field } = w;
  const g = input.grievance;
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
  field(label("step"), w.defaults.step(g.step.name));
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
  remedyField(w, g);
  field(label("filed"), when(g.filedDate));
  field(
    label("incidentDate"),
    g.incidentDate ? day(g.incidentDate) : t("casefile:values.notGiven"),
  );
  field(label("steward"), g.assignee?.name ?? t("casefile:values.notAssigned"));
  if (g.relatedIds.length) field(label("related"), g.relatedIds.join(", "));
  if (g.filingLate) field(label("filing"), t("casefile:values.filedLate"));
}

/** The remedy agreed on closing, and whether it was paid. */
function remedyField(w: Writer, g: Grievance) {
  const { t, language, when, day, label, field } = w;
  const remedy = g.outcome?.remedy;
  if (!remedy) return;
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

/** The grievant's details, the description and the remedy sought. */
function writeDetails(w: Writer, g: Grievance) {
  const { t, label, heading, field, para, defaults } = w;
  heading(t("casefile:headings.grievantDetails"));
  field(label("name"), g.name);
  field(label("badgeNumber"), g.badgeNumber);
  field(label("jobTitle"), defaults.entry("jobTitles", g.jobTitle));
  field(label("department"), defaults.entry("departments", g.department));
  field(label("location"), defaults.entry("locations", g.location));
  heading(t("casefile:headings.description"));
  para(g.description);
  heading(t("casefile:headings.remedySought"));
  para(g.remedy);
}

/** The deadlines with their explanations, a hold, and the employer's answers. */
function writeTimeline(w: Writer, g: Grievance) {
  const { doc, t, day, stored, heading, para } = w;
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
          step: w.defaults.step(d.step.name),
          kind: t(`casefile:deadlines.kinds.${d.kind}`, { defaultValue: d.kind }),
          date: day(d.dueDate),
          state: t(`casefile:deadlines.states.${d.state}`, { defaultValue: d.state }),
        }),
      );
    for (const line of d.lines) para(`- ${stored(line)}`, 12);
    doc.moveDown(0.3);
  }
  if (g.hold)
    para(t("casefile:deadlines.hold", { date: day(g.hold.since), reason: g.hold.reason }));

  heading(t("casefile:headings.answers"));
  if (g.answers.length === 0) para(t("casefile:answers.none"));
  for (const a of g.answers) {
    doc.font("Helvetica-Bold").text(
      t("casefile:answers.line", {
        step: w.defaults.step(a.step.name),
        decision: t(`casefile:answers.decisions.${a.decision}`, { defaultValue: a.decision }),
        date: day(a.receivedOn),
      }),
    );
    if (a.line) para(stored(a.line), 12);
    else if (a.text) para(a.text, 12);
  }
}

/** Comments, internal notes (for stewards and admins only) and the activity log, oldest first. */
function writeRecord(w: Writer, input: ReportInput) {
  const { doc, t, when, stored, heading, para } = w;
  const g = input.grievance;
  const oldestFirst = [...g.activityLog].reverse();
  const comments = oldestFirst.filter((e) => !e.internal && e.line.kind === "comment");
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
    para(c.line.kind === "comment" ? c.line.params.text : "", 12);
  }

  if (input.internal) {
    const notes = oldestFirst.filter((e) => e.internal);
    heading(t("casefile:headings.internalNotes"));
    if (notes.length === 0) para(t("casefile:notes.none"));
    for (const n of notes) {
      doc.font("Helvetica-Bold").text(byline(n));
      para(stored(n.line), 12);
    }
  }

  heading(t("casefile:headings.activityLog"));
  for (const e of oldestFirst) {
    if (e.internal && !input.internal) continue;
    // The system's own entries (a deadline passing) are named in the reader's words.
    const who = e.role === "system" ? t("casefile:log.system") : e.user;
    para(`${when(e.time)}  ${who}: ${stored(e.line)}`);
  }
}

/** The attachments' list: name, type, size, time and checksum of each. */
function writeAttachments(w: Writer, input: ReportInput) {
  const { doc, t, language, when, heading, para } = w;
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
    if (!printable(a.contentType)) para(t("casefile:attachments.notPrinted"), 12);
  });
  if (input.attachments.some((a) => printable(a.contentType))) {
    para(t("casefile:attachments.follow"));
  }
}

/**
 * A page (or more, when the lines run over) of plain notices: an attachment that could not be
 * read, what was removed from or left out of one, and the closing list of every attachment.
 */
export function renderNotice(heading: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: 54, bottom: 60, left: 54, right: 54 },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(12).text(heading).moveDown(0.5);
  doc.font("Helvetica").fontSize(10);
  for (const line of lines) doc.text(line, { paragraphGap: 4 });
  doc.end();
  return done;
}
