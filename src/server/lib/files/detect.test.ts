import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { compoundFileEntryNames, detectFileType, zipEntryNames } from "./detect.ts";
import { contentDisposition } from "./disposition.ts";
import { makeDocx, makePdf, makeXlsx, makeZip } from "./sample-files.ts";

const FREE = 0xffffffff;
const END = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

/**
 * A version 3 OLE compound file (512-byte sectors) whose directory holds `names` after the
 * root entry, spread over as many directory sectors as needed and chained through the FAT,
 * in reverse order on disk so that only a reader following the chain finds them all.
 */
function compoundFile(names: string[]): Buffer {
  const entries = ["Root Entry", ...names];
  const dirSectors = Math.ceil(entries.length / 4);
  const sectors = 1 + dirSectors;
  const data = Buffer.alloc(512 * (sectors + 1));
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(data, 0);
  data.writeUInt16LE(0x3e, 0x18);
  data.writeUInt16LE(3, 0x1a);
  data.writeUInt16LE(0xfffe, 0x1c);
  data.writeUInt16LE(9, 0x1e);
  data.writeUInt16LE(6, 0x20);
  data.writeUInt32LE(1, 0x2c); // one FAT sector
  // Directory sectors are numbered 1..dirSectors; the chain runs from the last to the first.
  const chain = Array.from({ length: dirSectors }, (_, i) => dirSectors - i);
  data.writeUInt32LE(chain[0] ?? END, 0x30);
  data.writeUInt32LE(4096, 0x38);
  data.writeUInt32LE(END, 0x3c);
  data.writeUInt32LE(END, 0x44);
  for (let i = 0; i < 109; i++) data.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);
  const fat = (n: number) => 512 + n * 4;
  for (let i = 0; i < 128; i++) data.writeUInt32LE(FREE, fat(i));
  data.writeUInt32LE(FAT_SECTOR, fat(0));
  chain.forEach((sector, i) => {
    data.writeUInt32LE(chain[i + 1] ?? END, fat(sector));
  });
  entries.forEach((name, i) => {
    const sector = chain[Math.floor(i / 4)] as number;
    const at = (sector + 1) * 512 + (i % 4) * 128;
    const encoded = Buffer.from(`${name}\0`, "utf16le");
    encoded.copy(data, at);
    data.writeUInt16LE(encoded.length, at + 0x40);
    data.writeUInt8(i === 0 ? 5 : 2, at + 0x42);
  });
  return data;
}

describe("detectFileType", () => {
  it("knows a PDF by its header and end marker", () => {
    expect(detectFileType(makePdf("Title", ["line"]))).toBe("pdf");
    expect(detectFileType(Buffer.from("%PDF-1.7 but nothing else of a PDF"))).toBeNull();
  });

  it("knows images by their signatures", async () => {
    const image = sharp({
      create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 0, b: 0 } },
    });
    expect(detectFileType(await image.clone().png().toBuffer())).toBe("png");
    expect(detectFileType(await image.clone().jpeg().toBuffer())).toBe("jpg");
    expect(detectFileType(await image.clone().gif().toBuffer())).toBe("gif");
    expect(detectFileType(await image.clone().webp().toBuffer())).toBe("webp");
  });

  it("tells .docx from .xlsx by the package's entries, and refuses other ZIPs", () => {
    expect(detectFileType(makeDocx("Title", ["Body"]))).toBe("docx");
    expect(detectFileType(makeXlsx("Sheet", [["a", "b"]]))).toBe("xlsx");
    expect(detectFileType(makeZip([{ name: "hello.txt", data: "hi" }]))).toBeNull();
    expect(
      detectFileType(
        makeZip([
          { name: "[Content_Types].xml", data: "<Types/>" },
          { name: "word/document.xml", data: "<w:document/>" },
          { name: "word/vbaProject.bin", data: "macro" },
        ]),
      ),
    ).toBeNull();
    expect(zipEntryNames(makeXlsx("S", [["x"]]))).toContain("xl/worksheets/sheet1.xml");
  });

  it("survives a ZIP cut short or lying about its directory", () => {
    const docx = makeDocx("Title", ["Body"]);
    expect(detectFileType(docx.subarray(0, docx.length - 30))).toBeNull();
    const lying = Buffer.from(docx);
    lying.writeUInt32LE(lying.length + 1000, lying.length - 6); // directory offset past the end
    expect(detectFileType(lying)).toBeNull();
  });

  it("tells .doc from .xls by the compound file's streams, following the directory chain", () => {
    expect(detectFileType(compoundFile(["WordDocument", "1Table"]))).toBe("doc");
    expect(detectFileType(compoundFile(["Workbook"]))).toBe("xls");
    expect(detectFileType(compoundFile(["PowerPoint Document"]))).toBeNull();
    // Nine entries need three directory sectors: 'Workbook' is in the last one of the chain.
    const many = ["A", "B", "C", "D", "E", "F", "G", "Workbook"];
    expect(compoundFileEntryNames(compoundFile(many))).toEqual(["Root Entry", ...many]);
    expect(detectFileType(compoundFile(many))).toBe("xls");
  });

  it("survives a compound file whose directory chain loops", () => {
    const file = compoundFile(["A", "B", "C", "D", "WordDocument"]);
    file.writeUInt32LE(2, 512 + 1 * 4); // sector 1 points back to sector 2, which points to 1
    expect(compoundFileEntryNames(file)).toBeNull();
    expect(detectFileType(file)).toBeNull();
  });

  it("refuses text, HTML, SVG and executables whatever they are called", () => {
    expect(detectFileType(Buffer.from("just some text, not a PDF"))).toBeNull();
    expect(detectFileType(Buffer.from("<html><script>alert(1)</script></html>"))).toBeNull();
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectFileType(Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"))).toBeNull();
    expect(detectFileType(Buffer.alloc(3))).toBeNull();
  });
});

describe("contentDisposition", () => {
  it("keeps a plain name and adds the detected extension", () => {
    expect(contentDisposition("inline", "Safety Handbook", "pdf")).toBe(
      `inline; filename="Safety Handbook.pdf"; filename*=UTF-8''Safety%20Handbook.pdf`,
    );
    expect(contentDisposition("attachment", "report.PDF", "pdf")).toContain(
      'filename="report.PDF"',
    );
  });

  it("cannot be broken by quotes, line breaks, paths or non-ASCII names", () => {
    const header = contentDisposition(
      "attachment",
      '..\\..\\etc/passwd"; filename="evil.exe\r\nSet-Cookie: x=1',
      "pdf",
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith("attachment; ")).toBe(true);
    const ascii = /filename="([^"]*)"/.exec(header)?.[1] ?? "";
    expect(ascii).not.toMatch(/[/\\"]/);
    expect(ascii.endsWith(".pdf")).toBe(true);
    // One quoted ASCII name, then the encoded one: nothing can close the quotes early.
    expect(header).toMatch(
      /^attachment; filename="[^"\\]*"; filename\*=UTF-8''[A-Za-z0-9\-_.!~%]+$/,
    );
    const star = /filename\*=UTF-8''(\S+)$/.exec(header)?.[1] ?? "";
    expect(decodeURIComponent(star)).not.toMatch(/[/\\\r\n]/);
    const accented = contentDisposition("inline", "Café ñ 日本", "png");
    expect(accented).toContain('filename="Cafe n .png"');
    expect(accented).toContain("filename*=UTF-8''Caf%C3%A9%20%C3%B1%20%E6%97%A5%E6%9C%AC.png");
  });
});
