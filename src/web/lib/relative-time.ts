const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const absolute = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** '5 minutes ago', 'yesterday', '3 weeks ago'; under a minute, 'just now'. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}

/** 'Mar 3, 2026, 4:05 PM' (for a tooltip or a <time> title). */
export const fullDate = (iso: string) => absolute.format(new Date(iso));
