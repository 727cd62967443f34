import { formatDay } from "../../../shared/procedure/index.ts";
import { daysLeftLabel, deadlineTitle } from "../../../shared/schemas/deadlines.ts";
import type { DeadlineKind, ReminderKind } from "../../db/schema.ts";
import { layout, type MailContent } from "../../lib/mail/templates.ts";

export interface ReminderItem {
  grievanceId: string;
  subject: string;
  stepName: string;
  kind: DeadlineKind;
  dueDate: string;
  reminder: ReminderKind;
  explanation: string[];
  /** Nobody is assigned: every steward and admin gets it. */
  unassigned: boolean;
}

export interface QuietCase {
  grievanceId: string;
  subject: string;
  days: number;
}

const DAYS_LEFT: Record<ReminderKind, number> = { three_days: 3, one_day: 1, due_today: 0 };

const line = (i: ReminderItem) =>
  `${deadlineTitle(i.grievanceId, i.stepName, i.kind)}, ${formatDay(i.dueDate)} (${daysLeftLabel(DAYS_LEFT[i.reminder])})${i.unassigned ? ", nobody assigned" : ""}`;

const quietLines = (quiet: QuietCase[]) =>
  quiet.length === 0
    ? []
    : [
        "Grievants who have heard nothing from the union for 14 days or more:",
        ...quiet.map((q) => `${q.grievanceId} ${q.subject}: ${q.days} days`),
      ];

/** One deadline: 'G-2026-0042 Step 2: employer answer due in 3 days'. */
export function reminderMail(name: string, item: ReminderItem, appUrl: string): MailContent {
  const url = `${appUrl}/grievances/${item.grievanceId}`;
  const title = deadlineTitle(item.grievanceId, item.stepName, item.kind);
  const when = daysLeftLabel(DAYS_LEFT[item.reminder]);
  const lines = [
    `Hello ${name},`,
    `${title} ${when}: ${formatDay(item.dueDate)}.`,
    `${item.grievanceId}: ${item.subject}`,
    ...(item.unassigned
      ? ["Nobody is assigned to this grievance, so every steward and admin gets this reminder."]
      : []),
    "How the date was counted:",
    ...item.explanation,
  ];
  return {
    subject: `Reminder: ${title} ${when} (${formatDay(item.dueDate)})`,
    text: `${lines.join("\n\n")}\n\nOpen the grievance: ${url}`,
    html: layout(title, lines, { label: "Open the grievance", url }),
  };
}

/** More than three due the same morning: one mail listing them, and the quiet grievants. */
export function digestMail(
  name: string,
  today: string,
  items: ReminderItem[],
  quiet: QuietCase[],
  appUrl: string,
): MailContent {
  const url = `${appUrl}/deadlines`;
  const lines = [
    `Hello ${name},`,
    `${items.length} grievance deadlines need you soon:`,
    ...items.map(line),
    ...quietLines(quiet),
  ];
  return {
    subject: `Deadlines for ${formatDay(today)}: ${items.length} due soon`,
    text: `${lines.join("\n\n")}\n\nSee the deadlines: ${url}`,
    html: layout(`${items.length} deadlines due soon`, lines, { label: "See the deadlines", url }),
  };
}
