/**
 * Which daily backups to keep (issue 32): the last 7 days that have one, and the newest of each
 * of the last 4 weeks (weeks start on Monday). `days` are `YYYY-MM-DD`; answers those to delete.
 */
export function backupsToDelete(days: string[], keepDaily = 7, keepWeekly = 4): string[] {
  const sorted = [...new Set(days)].sort().reverse();
  const keep = new Set(sorted.slice(0, keepDaily));
  const weeks = new Set<string>();
  for (const day of sorted) {
    const week = mondayOf(day);
    if (weeks.has(week)) continue;
    if (weeks.size >= keepWeekly) break;
    weeks.add(week);
    keep.add(day);
  }
  return sorted.filter((day) => !keep.has(day));
}

function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const offset = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
}
