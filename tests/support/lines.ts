import i18next from "i18next";
import type { Computed } from "../../src/shared/deadline-engine/index.ts";
import { CATALOGUES } from "../../src/shared/i18n/catalogues.ts";
import { LANGUAGES, type Language } from "../../src/shared/i18n/languages.ts";
import { type LineContext, renderLine, type Translate } from "../../src/shared/i18n/render-line.ts";
import type { TextLine, TLineFrom, TLineHeading } from "../../src/shared/i18n/text-lines.ts";

/**
 * Stored lines read back in tests (issue 31): the `grievances` catalogue of every language
 * through i18next, as the browser and the server load it.
 */
const i18n = i18next.createInstance();
void i18n.init({
  lng: "en",
  resources: Object.fromEntries(
    LANGUAGES.map((l) => [l, { grievances: CATALOGUES[l].grievances }]),
  ),
  ns: ["grievances"],
  defaultNS: "grievances",
  initAsync: false,
  interpolation: { escapeValue: false },
});

export const tOf = (language: Language) =>
  i18n.getFixedT(language, "grievances") as unknown as Translate;

export const lineIn =
  (language: Language, extra: Partial<LineContext> = {}) =>
  (l: TextLine) =>
    renderLine(l, { language, t: tOf(language), ...extra });

export const english = lineIn("en");

/** A computed due date with its explanation in English, as the engine used to answer it. */
export const inEnglish = (c: Computed) => ({
  dueDate: c.dueDate,
  explanation: c.explanation.map(english),
});

/** Lines given as English text (earlier lines a test passes back to the engine). */
export const asLines = (texts: readonly (string | TextLine)[]): TextLine[] =>
  texts.map((t) => (typeof t === "string" ? { kind: "text", params: { text: t } } : t));

/** A heading in the engine's English words, as a line's parameter. */
export function heading(text: string): TLineHeading {
  const m = /^(Employer answer to|Union appeal to) (.+)$/.exec(text);
  if (m?.[2]) {
    const step = { index: Number(/\d+/.exec(m[2])?.[0] ?? 1) - 1, name: m[2] };
    return { kind: m[1] === "Union appeal to" ? "appeal" : "response", step };
  }
  if (text === "Filing limit") return { kind: "filing" };
  if (text === "Deadline") return { kind: "deadline" };
  throw new Error(`no heading ${text}`);
}

const FROM: Record<string, TLineFrom> = {
  filed: "filed",
  incident: "incident",
  "answer received": "answerReceived",
  appealed: "appealed",
};
export const fromLabel = (text: string): TLineFrom => {
  const f = FROM[text];
  if (!f) throw new Error(`no label ${text}`);
  return f;
};
