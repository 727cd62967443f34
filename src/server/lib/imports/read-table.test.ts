import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { looksLikeTable, readTable, UnreadableFile } from "./read-table.ts";

describe("reading an import file (issue 29)", () => {
  it("reads CSV by its header's separator, with a BOM, quotes and blank lines", async () => {
    const comma = await readTable(
      Buffer.from('\uFEFFName,Dept\r\n"Ruiz, Ana",Paint\r\n\r\n,\r\nBo,"Ship ""A"""\r\n'),
    );
    expect(comma).toEqual({
      columns: ["Name", "Dept"],
      rows: [
        ["Ruiz, Ana", "Paint"],
        ["Bo", 'Ship "A"'],
      ],
      rowNumbers: [2, 5],
    });
    const semicolon = await readTable(Buffer.from("Name;Dept\nAna, R.;Paint\n"));
    expect(semicolon.rows).toEqual([["Ana, R.", "Paint"]]);
    const tab = await readTable(Buffer.from("Name\tDept\nAna\tPaint\n"));
    expect(tab.rows).toEqual([["Ana", "Paint"]]);
  });

  it("reads a spreadsheet saved as Windows-1252 and pads short rows", async () => {
    const latin1 = Buffer.from("Nombre,Ubicación\nJosé,Planta Norte\nMaría\n", "latin1");
    const table = await readTable(latin1);
    expect(table.columns).toEqual(["Nombre", "Ubicación"]);
    expect(table.rows).toEqual([
      ["José", "Planta Norte"],
      ["María", ""],
    ]);
  });

  it("reads the first sheet of an XLSX, dates as days, after leading empty rows", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("People");
    sheet.addRow([]);
    sheet.addRow(["Name", "Hire Date", "Badge"]);
    sheet.addRow(["Ana", new Date(Date.UTC(2024, 2, 15)), 1234]);
    workbook.addWorksheet("Other").addRow(["not this one"]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(looksLikeTable(data)).toBe(true);
    expect(await readTable(data)).toEqual({
      columns: ["Name", "Hire Date", "Badge"],
      rows: [["Ana", "2024-03-15", "1234"]],
      rowNumbers: [3],
    });
  });

  it("refuses binary files and broken archives", async () => {
    expect(looksLikeTable(Buffer.from([0x00, 0x01, 0x02]))).toBe(false);
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
    await expect(readTable(broken)).rejects.toBeInstanceOf(UnreadableFile);
  });
});
