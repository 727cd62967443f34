/**
 * The words the grievance screens use for steps and deadlines, kept apart from the components
 * so that they are tested as plain functions. Dates are the organization's days ("YYYY-MM-DD");
 * the day arithmetic is the shared deadline engine's.
 */
import { daysBetween, formatDay, shortDay } from "../../../../shared/procedure/index.ts";
import type { TDeadlineKind, TDeadlineState } from "../../../../shared/schemas/grievances.ts";

/** 'Tue 8 Dec' in `today`'s year, 'Mon 4 Jan 2027' in another. */
export const dayLabel = (day: string, today: string) =>
  day.slice(0, 4) === today.slice(0, 4) ? shortDay(day) : formatDay(day);

/** How many days an open deadline is overdue on `today` (0 when it is not). */
export function daysOverdue(d: { dueDate: string; state: TDeadlineState }, today: string): number {
  return d.state === "open" ? Math.max(0, daysBetween(d.dueDate, today)) : 0;
}

/** '1 day', '12 days'. */
export const dayCount = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** A grievance's age from its filing instant to `now`, in whole days: 'today', '1 day', '40 days'. */
export function age(filedIso: string, now: Date): string {
  const days = Math.floor((now.getTime() - new Date(filedIso).getTime()) / 86_400_000);
  return days <= 0 ? "today" : dayCount(days);
}

export const KIND_LABEL: Record<TDeadlineKind, string> = {
  filing: "Filing",
  response: "Employer's answer",
  appeal: "Union's appeal",
  remedy: "Remedy payment",
};

export const STATE_LABEL: Record<TDeadlineState, string> = {
  open: "Open",
  met: "Met",
  missed: "Missed",
  paused: "Paused (on hold)",
};

/**
 * The grievant's one paragraph about where their grievance stands (product-decisions.md 28):
 * 'At Step 2. Waiting for the employer's answer, due Tue 8 Dec. Your steward: Sam Steward.'
 * The deadline's sentence is the server's (`nextDeadline.summary`).
 */
export function grievantSummary(g: {
  status: string;
  stepName: string;
  next: { summary: string; daysOverdue: number } | null;
  held: boolean;
  assigneeName: string | null;
}): string {
  const sentences: string[] = [];
  if (g.status === "resolved") {
    sentences.push("This grievance is closed.");
  } else {
    sentences.push(`At ${g.stepName}.`);
    if (g.held) sentences.push("On hold: the deadlines are paused.");
    else if (g.next) {
      const late = g.next.daysOverdue > 0 ? ` (${dayCount(g.next.daysOverdue)} overdue)` : "";
      sentences.push(`${g.next.summary.replace(/\.$/, "")}${late}.`);
    }
  }
  sentences.push(
    g.assigneeName ? `Your steward: ${g.assigneeName}.` : "No steward is assigned yet.",
  );
  return sentences.join(" ");
}
