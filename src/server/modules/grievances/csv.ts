/** One CSV cell: quoted, and a leading = + - @ (spreadsheet formulas) neutralised. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const csvRow = (values: string[]) => `${values.map(csvCell).join(",")}\r\n`;
