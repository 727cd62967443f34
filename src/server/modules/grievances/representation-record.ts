import type { TFunction } from "i18next";
import PDFDocument from "pdfkit";
import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import type { TGrievance } from "../../../shared/schemas/grievances.ts";
import type { TProcedure } from "../../../shared/schemas/procedure.ts";
import { weekdayDay, zonedTime } from "../../lib/i18n/days.ts";
import { defaultsIn, type Language, lineTextIn, translator } from "../../lib/i18n/index.ts";

/** What every section of the record writes with. */
interface Pen {
  doc: PDFKit.PDFDocument;
  t: TFunction;
  r: (key: string, values?: Record<string, unknown>) => string;
  day: (d: string) => string;
  when: (iso: string) => string;
  stored: (line: TextLine) => string;
  heading: (text: string) => void;
  line: (text: string, indent?: number) => void;
  none: () => void;
  limit: (l: { days: number; dayType: "business" | "calendar" } | null) => string;
}

type RecordInput = {
  organizationName: string;
  grievance: TGrievance;
  procedure: TProcedure;
  grievantCopy: boolean;
  generatedAt: Date;
  language: Language;
};

/**
 * The representation record (issue 34, product-decisions.md 36): what the local did for the
 * member, in one text-only PDF: the procedure followed, every deadline with its explanation and
 * whether it was met, every contact, question and reply with its clock, every decision with its
 * reason and the notice sent. Text only and bounded by one case's records (no attachment is
 * read), so it is drawn on the request thread like a small report, not in the case-file workers.
 * The grievant's copy (`grievantCopy`) leaves out internal summaries (product-decisions.md 28).
 */
export function renderRepresentationRecord(input: RecordInput): Promise<Buffer> {
  const { grievance: g, language } = input;
  const t = translator(language);
  const r = (key: string, values?: Record<string, unknown>) => t(`casefile:record.${key}`, values);
  const day = (d: string) => weekdayDay(language, d);
  // In the procedure's time zone, named (issue 30).
  const when = (iso: string) => zonedTime(language, iso, input.procedure.timeZone);
  const stored = lineTextIn(language);
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: 54, bottom: 60, left: 54, right: 54 },
    info: {
      Title: r("title", { id: g.id }),
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
  const line = (text: string, indent = 0) =>
    doc.font("Helvetica").fontSize(10).text(text, { indent, paragraphGap: 2 });
  const none = () => line(r("none"));
  const limit = (l: { days: number; dayType: "business" | "calendar" } | null) =>
    l ? r(`limits.${l.dayType}`, { count: l.days }) : r("noLimit");
  const w: Pen = {
    doc,
    t,
    r,
    day,
    when,
    stored,
    heading,
    line: (text, indent) => {
      line(text, indent);
    },
    none: () => {
      none();
    },
    limit,
  };
  doc.font("Helvetica").fontSize(11).text(input.organizationName);
  doc
    .moveDown(0.5)
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(r("title", { id: g.id }));
  doc.font("Helvetica").fontSize(12).text(g.subject);
  line(
    r(input.grievantCopy ? "grievantCopy" : "unionCopy", {
      time: when(input.generatedAt.toISOString()),
    }),
  );
  line(r("grievants", { names: g.grievants.map((x) => x.name).join(", ") || "-" }));
  writeProcedure(w, input);
  writeDeadlines(w, input);
  writeContacts(w, input);
  writeQuestions(w, input);
  writeDecisions(w, input);
  doc.end();
  return done;
}

/** The local's procedure: its limits and steps. */
function writeProcedure(w: Pen, input: RecordInput) {
  const { r, heading, line, limit } = w;
  const { procedure: p } = input;
  heading(r("procedure"));
  line(r("filingLimit", { limit: limit(p.filingLimit) }));
  for (const [i, s] of p.steps.entries()) {
    line(
      r("step", {
        n: i + 1,
        name: defaultsIn(input.language).step(s.name),
        response: limit(s.responseLimit),
        appeal: limit(s.appealLimit),
      }),
    );
  }
  line(r("contactLimit", { limit: limit(p.contactLimit) }));
  line(r("replyLimit", { limit: limit(p.replyLimit) }));
  line(
    p.internalAppeal
      ? r("internalAppeal", {
          text: p.internalAppeal.text,
          days: p.internalAppeal.days ?? "-",
        })
      : r("noInternalAppeal"),
  );
}

/** Every deadline of the case, with how it was computed. */
function writeDeadlines(w: Pen, input: RecordInput) {
  const { doc, t, r, day, stored, heading, line, none } = w;
  const { grievance: g } = input;
  heading(r("deadlines"));
  if (g.deadlines.length === 0) none();
  for (const d of g.deadlines) {
    const state = t(`casefile:deadlines.states.${d.state}`);
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(
        t("casefile:deadlines.line", {
          step: defaultsIn(input.language).step(d.step.name),
          kind: t(`casefile:deadlines.kinds.${d.kind}`),
          date: day(d.dueDate),
          state: d.closedOn ? r("closedOn", { state, date: day(d.closedOn) }) : state,
        }),
      );
    for (const e of d.lines) line(stored(e), 12);
  }
}

/** Contacts with the grievants, the last one first. */
function writeContacts(w: Pen, input: RecordInput) {
  const { doc, r, day, heading, line, none } = w;
  const { grievance: g } = input;
  heading(r("contacts"));
  line(
    g.lastContact
      ? r("lastContact", {
          date: day(g.lastContact.date),
          channel: r(`channels.${g.lastContact.channel}`),
          n: g.daysSinceContact ?? 0,
        })
      : r("noContact"),
  );
  for (const c of g.grievantContacts)
    line(
      r(c.overdue ? "grievantOverdue" : "grievantClock", {
        name: c.name,
        n: c.daysSinceContact ?? 0,
      }),
      12,
    );
  if (g.contacts.length === 0) none();
  for (const c of g.contacts) {
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(
        r("contact", {
          date: day(c.date),
          channel: r(`channels.${c.channel}`),
          name: c.personName,
          by: c.recordedBy,
        }),
      );
    const summary = input.grievantCopy && c.internal ? null : c.summary;
    if (summary !== null) line(c.internal ? r("internalSummary", { text: summary }) : summary, 12);
  }
}

/** The grievants' questions and their replies. */
function writeQuestions(w: Pen, input: RecordInput) {
  const { doc, r, day, when, heading, line, none } = w;
  const { grievance: g } = input;
  heading(r("questions"));
  if (g.questions.length === 0) none();
  for (const q of g.questions) {
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(r("question", { name: q.askedBy, time: when(q.askedAt), due: day(q.replyDueOn) }));
    line(q.text, 12);
    if (q.reply) {
      const late = q.reply.at.slice(0, 10) > q.replyDueOn;
      line(r(late ? "replyLate" : "reply", { name: q.reply.by, time: when(q.reply.at) }), 12);
      line(q.reply.text, 24);
    } else line(r(q.overdue ? "unansweredLate" : "unanswered"), 12);
  }
}

/** The outcome and each decision notice sent. */
function writeDecisions(w: Pen, input: RecordInput) {
  const { doc, t, r, day, when, heading, line, none } = w;
  const { grievance: g } = input;
  heading(r("decisions"));
  if (g.notices.length === 0 && !g.outcome) none();
  if (g.outcome?.result)
    line(
      r("outcome", {
        outcome: t(`casefile:outcomes.${g.outcome.result}`, { defaultValue: g.outcome.result }),
        date: g.outcome.closedOn ? day(g.outcome.closedOn) : "-",
      }),
    );
  for (const n of g.notices) {
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(
        r(`notices.${n.kind}`, {
          step: defaultsIn(input.language).step(n.step),
          name: n.decidedBy,
        }),
      );
    line(r("reason", { text: n.reason }), 12);
    line(r("noticeSent", { time: when(n.sentAt) }), 12);
    if (n.appeal)
      line(
        r(n.appeal.dueOn ? "appealBy" : "appeal", {
          text: n.appeal.text,
          date: n.appeal.dueOn ? day(n.appeal.dueOn) : "",
        }),
        12,
      );
  }
}
