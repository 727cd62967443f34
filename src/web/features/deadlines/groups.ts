import type { TBoardItem } from "../../../shared/schemas/deadlines.ts";

export type GroupName = "Overdue" | "Today" | "This week" | "Later";

/** The board's groups, in order; 'This week' is the six days after today (the API's `week`). */
export function groupByDue(items: TBoardItem[]): { name: GroupName; items: TBoardItem[] }[] {
  const groups: Record<GroupName, TBoardItem[]> = {
    Overdue: [],
    Today: [],
    "This week": [],
    Later: [],
  };
  for (const item of items) {
    const name: GroupName =
      item.daysLeft < 0
        ? "Overdue"
        : item.daysLeft === 0
          ? "Today"
          : item.daysLeft <= 6
            ? "This week"
            : "Later";
    groups[name].push(item);
  }
  return (Object.keys(groups) as GroupName[]).map((name) => ({ name, items: groups[name] }));
}
