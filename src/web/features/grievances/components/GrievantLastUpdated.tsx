import { GRIEVANT_QUIET_DAYS } from "../../../../shared/schemas/deadlines.ts";
import { useWords } from "../lib/words.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `iso` to `now`, never negative. */
export function daysSince(iso: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS));
}

/**
 * Stewards see when the grievant last heard from the union (issue 18): a comment they can
 * see, a mail to them or an employer answer they can see. Past the quiet limit it is a warning.
 */
export function GrievantLastUpdated({ at, now = new Date() }: { at: string | null; now?: Date }) {
  const { t } = useWords();
  if (!at) {
    return <p className="text-sm text-muted-foreground">{t("lastUpdated.never")}</p>;
  }
  const days = daysSince(at, now);
  const quiet = days >= GRIEVANT_QUIET_DAYS;
  const text = days === 0 ? t("lastUpdated.today") : t("lastUpdated.daysAgo", { count: days });
  return (
    <p
      className={
        quiet
          ? "text-sm font-medium text-amber-800 dark:text-amber-300"
          : "text-sm text-muted-foreground"
      }
      data-testid="grievant-last-updated"
    >
      {quiet ? "⚠ " : null}
      {text}
    </p>
  );
}
