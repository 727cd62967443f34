import type { TGrievanceSummary } from "../../../../shared/schemas/grievances.ts";
import { dayCount, dayLabel, KIND_LABEL } from "../lib/deadline-words.ts";

/** The next due date, what it is for, and in red how many days it is overdue. */
export function NextDeadlineCell({ g, today }: { g: TGrievanceSummary; today: string }) {
  const next = g.nextDeadline;
  if (g.heldSince) return <span className="text-muted-foreground">On hold</span>;
  if (!next) return <span className="text-muted-foreground">None</span>;
  return (
    <span>
      <span
        className={
          next.daysOverdue > 0 ? "font-medium text-red-700 dark:text-red-400" : "font-medium"
        }
      >
        {dayLabel(next.dueDate, today)}
      </span>
      <span className="block text-xs text-muted-foreground">
        {KIND_LABEL[next.kind]}
        {next.daysOverdue > 0 ? (
          <span className="text-red-700 dark:text-red-400">
            {" "}
            · {dayCount(next.daysOverdue)} overdue
          </span>
        ) : null}
      </span>
    </span>
  );
}
