import type { TGrievanceSummary } from "../../../../shared/schemas/grievances.ts";
import { dayCount, dayLabel, kindLabel } from "../lib/deadline-words.ts";
import { useWords } from "../lib/words.ts";

/** The next due date, what it is for, and in red how many days it is overdue. */
export function NextDeadlineCell({ g, today }: { g: TGrievanceSummary; today: string }) {
  const { t, language } = useWords();
  const next = g.nextDeadline;
  if (g.heldSince) return <span className="text-muted-foreground">{t("list.onHold")}</span>;
  if (!next) return <span className="text-muted-foreground">{t("list.noDeadline")}</span>;
  return (
    <span>
      <span
        className={
          next.daysOverdue > 0 ? "font-medium text-red-700 dark:text-red-400" : "font-medium"
        }
      >
        {dayLabel(next.dueDate, today, language)}
      </span>
      <span className="block text-xs text-muted-foreground">
        {kindLabel(next.kind, t)}
        {next.daysOverdue > 0 ? (
          <span className="text-red-700 dark:text-red-400">
            {" "}
            · {t("deadline.overdue", { days: dayCount(next.daysOverdue, t) })}
          </span>
        ) : null}
      </span>
    </span>
  );
}
