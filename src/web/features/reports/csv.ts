/** RFC 4180 CSV: fields with a comma, quote or line break are quoted; formulas are defused. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null) => {
    let s = v === null ? "" : String(v);
    // A spreadsheet would run '=…' as a formula (CSV injection).
    if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return `${[header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}

/**
 * A file name of letters, digits and dashes: 'grievances-by-month-2026-01-01-to-2026-03-31.csv';
 * accents dropped ('Por artículo' → 'por-articulo').
 */
export const csvFileName = (title: string, from: string, to: string) =>
  `${title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-${from}-to-${to}.csv`;
