import PDFDocument from "pdfkit";
import type { TInformationRequest } from "../../../shared/schemas/information-requests.ts";
import { weekdayDay, zonedTime } from "../../lib/i18n/days.ts";
import { type Language, translator } from "../../lib/i18n/index.ts";

/** The timeline lines a letter prints at most. */
export const LETTER_LOG_LINES = 60;

/**
 * The follow-up letter of an overdue request (issue 33): the local's letterhead (its name),
 * the items still missing, and the request's timeline from its log. A page or two of text,
 * made with pdfkit directly: no attachment is read or decoded, so it needs no worker thread.
 */
export function renderFollowUpLetter(a: {
  organizationName: string;
  grievance: { id: string; subject: string };
  request: TInformationRequest;
  today: string;
  generatedAt: Date;
  language: Language;
}): Promise<Buffer> {
  const t = translator(a.language);
  const day = (d: string) => weekdayDay(a.language, d);
  const r = a.request;
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: 54, bottom: 60, left: 64, right: 64 },
    info: {
      Title: t("casefile:information.letterTitle", { id: a.grievance.id }),
      Author: a.organizationName,
      CreationDate: a.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(16).text(a.organizationName);
  doc.moveDown(0.2).font("Helvetica").fontSize(10).fillColor("#444").text(day(a.today));
  doc.fillColor("black").moveDown(1.2).fontSize(11);
  if (r.contact) doc.text(`${r.contact.name} <${r.contact.email}>`).moveDown(0.8);
  doc
    .font("Helvetica-Bold")
    .text(t("casefile:information.letterRe", { id: a.grievance.id, subject: a.grievance.subject }));
  doc.moveDown(0.8).font("Helvetica");
  doc.text(
    t("casefile:information.letterBody", {
      served: r.servedOn ? day(r.servedOn) : "",
      due: day(r.dueDate),
    }),
  );
  const missing = r.items.filter((i) => i.state === "pending" || i.state === "partial");
  doc.moveDown(0.8).font("Helvetica-Bold").text(t("casefile:information.missing"));
  doc.font("Helvetica");
  missing.forEach((item, i) => {
    const partly = item.state === "partial" ? ` (${t("casefile:information.partial")})` : "";
    doc.text(`${i + 1}. ${item.text}${partly}`, { indent: 12 });
  });
  doc.moveDown(0.8).text(t("casefile:information.letterAsk"));
  doc.moveDown(1).font("Helvetica-Bold").text(t("casefile:information.timeline"));
  doc.font("Helvetica").fontSize(10);
  // Bounded, so the letter stays a short job on the request thread (decision record 030):
  // the latest entries; the case file has the whole log.
  const lines = timelineLines(r, a.language);
  if (lines.length > LETTER_LOG_LINES)
    doc.text(t("casefile:information.earlier", { count: lines.length - LETTER_LOG_LINES }), {
      indent: 12,
    });
  for (const line of lines.slice(-LETTER_LOG_LINES)) doc.text(line, { indent: 12 });
  doc.end();
  return done;
}

/** The request's log as lines ('Tue 1 Dec 2026 15:00 UTC: served by link on Pat Morgan'). */
export function timelineLines(
  r: TInformationRequest,
  language: Language,
  /** The procedure's: a case file prints its times there, the zone named (issue 30). */
  timeZone = "UTC",
): string[] {
  const t = translator(language);
  const items = new Map(r.items.map((i, n) => [i.id, `${n + 1}`]));
  return (r.log ?? []).map((e) => {
    const what = t(`casefile:information.log.${e.kind}`, {
      actor: e.actor,
      via: e.via ? t(`casefile:information.via.${e.via}`) : "",
      item: e.itemId ? (items.get(e.itemId) ?? "") : "",
      state: e.state ? t(`casefile:information.states.${e.state}`) : "",
      day: e.onDay ? weekdayDay(language, e.onDay) : "",
      file: e.fileName ?? "",
      sha256: e.sha256 ?? "",
      interpolation: { escapeValue: false },
    });
    const note = e.note && e.kind === "answer" ? `: ${e.note}` : "";
    return `${zonedTime(language, e.at, timeZone)}: ${what}${note}`;
  });
}
