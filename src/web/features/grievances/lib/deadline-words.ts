/**
 * The words the grievance screens use for steps and deadlines, kept apart from the components
 * so that they are tested as plain functions. Dates are the organization's days ("YYYY-MM-DD");
 * the day arithmetic is the shared deadline engine's. The words come from the `grievances`
 * catalogue through the `t` a component passes (issue 22); without one, English.
 */
import i18next from "i18next";
import { daysBetween, shortDay } from "../../../../shared/deadline-engine/index.ts";
import { formatWeekdayDay } from "../../../../shared/i18n/format.ts";
import type { Language } from "../../../../shared/i18n/languages.ts";
import en from "../../../../shared/i18n/locales/en/grievances.json" with { type: "json" };
import type {
  TDeadlineKind,
  TDeadlineState,
  TNextDeadline,
} from "../../../../shared/schemas/grievances.ts";

/** A `t` of the `grievances` namespace (useTranslation("grievances").t). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

let english: Translate | undefined;
/** English words for callers without a translation at hand (plain-function tests). */
export const englishT: Translate = (key, options) => {
  if (!english) {
    const instance = i18next.createInstance();
    void instance.init({
      lng: "en",
      ns: ["grievances"],
      defaultNS: "grievances",
      resources: { en: { grievances: en } },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    english = instance.getFixedT("en", "grievances") as unknown as Translate;
  }
  return english(key, options);
};

/**
 * 'Tue 8 Dec' in `today`'s year, 'Mon 4 Jan 2027' in another (English, the engine's words);
 * in Spanish 'mar, 8 dic' and 'lun, 4 ene 2027' through Intl.
 */
export function dayLabel(day: string, today: string, language: Language = "en"): string {
  return formatWeekdayDay(language, day, { year: day.slice(0, 4) !== today.slice(0, 4) });
}

/** How many days an open deadline is overdue on `today` (0 when it is not). */
export function daysOverdue(d: { dueDate: string; state: TDeadlineState }, today: string): number {
  return d.state === "open" ? Math.max(0, daysBetween(d.dueDate, today)) : 0;
}

/** '1 day', '12 days'. */
export const dayCount = (n: number, t: Translate = englishT) => t("deadline.days", { count: n });

/** A grievance's age from its filing instant to `now`, in whole days: 'today', '1 day', '40 days'. */
export function age(filedIso: string, now: Date, t: Translate = englishT): string {
  const days = Math.floor((now.getTime() - new Date(filedIso).getTime()) / 86_400_000);
  return days <= 0 ? t("deadline.today") : dayCount(days, t);
}

/** 'Filing', 'Employer's answer'... */
export const kindLabel = (kind: TDeadlineKind, t: Translate = englishT) =>
  t(`deadline.kind.${kind}`);

/** 'Open', 'Met', 'Missed', 'Paused (on hold)'. */
export const stateLabel = (state: TDeadlineState, t: Translate = englishT) =>
  t(`deadline.state.${state}`);

/**
 * The running deadline in plain words, from its parts ('Waiting for the employer's answer,
 * due Tue 8 Dec'): in English the very sentence the server sends as `summary`
 * (product-decisions.md 28), in Spanish the same in Spanish.
 */
export function deadlineSummary(
  d: Pick<TNextDeadline, "kind" | "state" | "dueDate" | "daysOverdue">,
  language: Language = "en",
  t: Translate = englishT,
): string {
  const day = language === "en" ? shortDay(d.dueDate) : dayLabel(d.dueDate, d.dueDate, language);
  const days = dayCount(d.daysOverdue, t);
  if (d.state === "paused") return t("next.paused", { day });
  if (d.kind === "response")
    return d.daysOverdue > 0 ? t("next.responseLate", { day, days }) : t("next.response", { day });
  if (d.kind === "appeal")
    return d.daysOverdue > 0 ? t("next.appealLate", { day, days }) : t("next.appeal", { day });
  return t("next.filing", { day });
}

/**
 * The grievant's one paragraph about where their grievance stands (product-decisions.md 28):
 * 'At Step 2. Waiting for the employer's answer, due Tue 8 Dec. Your steward: Sam Steward.'
 * The deadline's sentence is `next.summary` (the server's, or `deadlineSummary`).
 */
export function grievantSummary(
  g: {
    status: string;
    stepName: string;
    next: { summary: string; daysOverdue: number } | null;
    held: boolean;
    assigneeName: string | null;
  },
  t: Translate = englishT,
): string {
  const sentences: string[] = [];
  if (g.status === "resolved") {
    sentences.push(t("summary.closed"));
  } else {
    sentences.push(t("summary.atStep", { step: g.stepName }));
    if (g.held) sentences.push(t("summary.onHold"));
    else if (g.next) {
      const summary = g.next.summary.replace(/\.$/, "");
      sentences.push(
        g.next.daysOverdue > 0
          ? t("summary.nextLate", { summary, days: dayCount(g.next.daysOverdue, t) })
          : t("summary.next", { summary }),
      );
    }
  }
  sentences.push(
    g.assigneeName ? t("summary.steward", { name: g.assigneeName }) : t("summary.noSteward"),
  );
  return sentences.join(" ");
}
