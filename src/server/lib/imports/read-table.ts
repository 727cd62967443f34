import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";

/** A file read as a table: its header row and the rows under it, as text. */
export interface Table {
  columns: string[];
  rows: string[][];
}

export class UnreadableFile extends Error {}

const isZip = (data: Buffer) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** A spreadsheet's day as the importers read days: YYYY-MM-DD. */
const day = (d: Date) => d.toISOString().slice(0, 10);

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return day(value);
  if (typeof value === "object") {
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
  }
  return String(value);
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFile();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  // Read once: exceljs counts the columns over every row each time it is asked.
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/** The header line's most frequent separator: comma, semicolon or tab. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((d) => [d, first.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

function readCsv(data: Buffer): string[][] {
  let text = data.toString("utf8");
  // Spreadsheet programs still save 'CSV' as Windows-1252: no valid UTF-8 means Latin-1.
  if (text.includes("\uFFFD")) text = data.toString("latin1");
  if (text.includes("\u0000")) throw new UnreadableFile();
  try {
    return parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, "")),
      relax_column_count: true,
      relax_quotes: true,
      // Empty lines stay rows: a row number in a message is the row a spreadsheet shows.
      skip_empty_lines: false,
      trim: true,
    }) as string[][];
  } catch {
    throw new UnreadableFile();
  }
}

/**
 * Reads a CSV or an XLSX file (its first sheet). The header is the first row with any text;
 * empty rows are dropped, but each row keeps its number in the file for the error messages.
 */
export async function readTable(data: Buffer): Promise<Table & { rowNumbers: number[] }> {
  const raw = isZip(data) ? await readXlsx(data) : readCsv(data);
  const headerAt = raw.findIndex((r) => r.some((c) => c !== ""));
  if (headerAt < 0) return { columns: [], rows: [], rowNumbers: [] };
  const header = raw[headerAt] as string[];
  let width = header.length;
  while (width > 0 && header[width - 1] === "") width--;
  const columns = header.slice(0, width).map((h, i) => h || `Column ${i + 1}`);
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  raw.slice(headerAt + 1).forEach((r, i) => {
    if (!r.some((c) => c !== "")) return;
    rows.push(columns.map((_, c) => r[c] ?? ""));
    rowNumbers.push(headerAt + i + 2);
  });
  return { columns, rows, rowNumbers };
}

/** Whether a file's first bytes are those of a CSV (text) or an XLSX (a ZIP). */
export function looksLikeTable(data: Buffer): boolean {
  if (isZip(data)) return true;
  const head = data.subarray(0, 4096);
  return !head.includes(0);
}
