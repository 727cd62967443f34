import { AlarmClock, CalendarClock, UserCheck } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { useWords } from "../lib/words.ts";

function Toggle({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm [&_svg]:size-4",
        pressed
          ? "border-primary bg-primary text-primary-foreground"
          : "border-border bg-card hover:bg-muted",
      )}
    >
      {children}
    </button>
  );
}

/** The tracker's quick filters: 'Assigned to me', and one of 'Overdue' or 'Due this week'. */
export function TrackerFilters({
  mine,
  due,
  onMine,
  onDue,
}: {
  mine: boolean;
  due: "overdue" | "week" | "";
  onMine: (mine: boolean) => void;
  onDue: (due: "overdue" | "week" | "") => void;
}) {
  const { t } = useWords();
  return (
    <div className="flex flex-wrap gap-2">
      <Toggle pressed={mine} onClick={() => onMine(!mine)}>
        <UserCheck aria-hidden /> {t("filters.mine")}
      </Toggle>
      <Toggle pressed={due === "overdue"} onClick={() => onDue(due === "overdue" ? "" : "overdue")}>
        <AlarmClock aria-hidden /> {t("filters.overdue")}
      </Toggle>
      <Toggle pressed={due === "week"} onClick={() => onDue(due === "week" ? "" : "week")}>
        <CalendarClock aria-hidden /> {t("filters.week")}
      </Toggle>
    </div>
  );
}
