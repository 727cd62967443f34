import type { TBoardItem } from "../../../shared/schemas/deadlines.ts";

/** A group's id (the page shows it through t("deadlines:groups.…"), by GROUP_KEYS). */
export type GroupName = "Overdue" | "Today" | "This week" | "Later";

/** The catalogue key of each group. */
export const GROUP_KEYS: Record<GroupName, "overdue" | "today" | "week" | "later"> = {
  Overdue: "overdue",
  Today: "today",
  "This week": "week",
  Later: "later",
};

function groupOf(daysLeft: number): GroupName {
  if (daysLeft < 0) return "Overdue"; // i18n-ignore: a group's id, not its words
  if (daysLeft === 0) return "Today"; // i18n-ignore: a group's id, not its words
  if (daysLeft <= 6) return "This week"; // i18n-ignore: a group's id, not its words
  return "Later"; // i18n-ignore: a group's id, not its words
}

/** The board's groups, in order; 'This week' is the six days after today (the API's `week`). */
export function groupByDue(items: TBoardItem[]): { name: GroupName; items: TBoardItem[] }[] {
  const groups: Record<GroupName, TBoardItem[]> = {
    Overdue: [],
    Today: [],
    "This week": [],
    Later: [],
  };
  for (const item of items) groups[groupOf(item.daysLeft)].push(item);
  return (Object.keys(groups) as GroupName[]).map((name) => ({ name, items: groups[name] }));
}
