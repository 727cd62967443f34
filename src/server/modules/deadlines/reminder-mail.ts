import type { TFunction } from "i18next";
import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import type { TLimit } from "../../../shared/schemas/procedure.ts";
import type { DeadlineKind, ReminderKind } from "../../db/schema.ts";
import { weekdayDay } from "../../lib/i18n/days.ts";
import { defaultsIn, type Language, lineTextIn, translator } from "../../lib/i18n/index.ts";
import { layout, type MailContent } from "../../lib/mail/templates.ts";

export interface ReminderItem {
  grievanceId: string;
  subject: string;
  stepName: string;
  kind: DeadlineKind;
  dueDate: string;
  reminder: ReminderKind;
  /** How the date was counted, as stored with the deadline. */
  explanation: TextLine[];
  /** Nobody is assigned: every steward and admin gets it. */
  unassigned: boolean;
}

export interface QuietCase {
  grievanceId: string;
  subject: string;
  days: number;
}

/** The open cases past the local's contact limit (issue 34), and that limit. */
export interface QuietCases {
  limit: TLimit;
  cases: QuietCase[];
}

const WHEN: Record<ReminderKind, (t: TFunction) => string> = {
  three_days: (t) => t("mail:deadline.inDays", { n: 3 }),
  one_day: (t) => t("mail:deadline.tomorrow"),
  due_today: (t) => t("mail:deadline.today"),
};

/** 'G-2026-0042 Step 2: employer answer due'. */
const title = (t: TFunction, language: Language, i: ReminderItem) =>
  t("mail:deadline.title", {
    id: i.grievanceId,
    step: defaultsIn(language).step(i.stepName),
    what: t(`mail:deadline.kinds.${i.kind}`),
  });

const line = (t: TFunction, language: Language, i: ReminderItem) =>
  t(i.unassigned ? "mail:reminder.itemUnassigned" : "mail:reminder.item", {
    title: title(t, language, i),
    date: weekdayDay(language, i.dueDate),
    when: WHEN[i.reminder](t),
  });

const quietLines = (t: TFunction, quiet: QuietCases) =>
  quiet.cases.length === 0
    ? []
    : [
        t(quiet.limit.dayType === "business" ? "mail:digest.quietBusiness" : "mail:digest.quiet", {
          n: quiet.limit.days,
        }),
        ...quiet.cases.map((q) =>
          t("mail:digest.quietItem", { id: q.grievanceId, subject: q.subject, n: q.days }),
        ),
      ];

/** One deadline: 'G-2026-0042 Step 2: employer answer due in 3 days'. */
export function reminderMail(
  name: string,
  item: ReminderItem,
  appUrl: string,
  language: Language,
): MailContent {
  const t = translator(language);
  const url = `${appUrl}/grievances/${item.grievanceId}`;
  const heading = title(t, language, item);
  const when = WHEN[item.reminder](t);
  const date = weekdayDay(language, item.dueDate);
  const lines = [
    t("mail:common.hello", { name }),
    t("mail:reminder.when", { title: heading, when, date }),
    `${item.grievanceId}: ${item.subject}`,
    ...(item.unassigned ? [t("mail:reminder.unassigned")] : []),
    t("mail:reminder.howCounted"),
    ...item.explanation.map(lineTextIn(language)),
  ];
  const open = t("mail:common.openGrievance");
  return {
    subject: t("mail:reminder.subject", { title: heading, when, date }),
    text: `${lines.join("\n\n")}\n\n${open}: ${url}`,
    html: layout(heading, lines, { label: open, url }, language),
  };
}

/** More than three due the same morning: one mail listing them, and the quiet grievants. */
export function digestMail(
  name: string,
  today: string,
  items: ReminderItem[],
  quiet: QuietCases,
  appUrl: string,
  language: Language,
): MailContent {
  const t = translator(language);
  const url = `${appUrl}/deadlines`;
  const n = items.length;
  const lines = [
    t("mail:common.hello", { name }),
    t("mail:digest.intro", { n }),
    ...items.map((i) => line(t, language, i)),
    ...quietLines(t, quiet),
  ];
  const see = t("mail:digest.seeDeadlines");
  return {
    subject: t("mail:digest.subject", { date: weekdayDay(language, today), n }),
    text: `${lines.join("\n\n")}\n\n${see}: ${url}`,
    html: layout(t("mail:digest.title", { n }), lines, { label: see, url }, language),
  };
}
