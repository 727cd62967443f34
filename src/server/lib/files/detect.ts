import type { FileType } from "../../../shared/schemas/documents.ts";

/**
 * What a file is, read from its bytes (never from its name or the browser's content type).
 * PDF and images by their signatures; Word and Excel 2007+ (.docx, .xlsx) are ZIP packages
 * told apart by the entries of the ZIP central directory; Word and Excel 97-2003 (.doc, .xls)
 * are OLE compound files told apart by the streams in the compound file's directory.
 * Macro-enabled packages and anything else answer null.
 */
export function detectFileType(data: Buffer): FileType | null {
  if (data.length < 8) return null;
  if (isPdf(data)) return "pdf";
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(data, [0xff, 0xd8, 0xff])) return "jpg";
  const head6 = data.subarray(0, 6).toString("latin1");
  if (head6 === "GIF87a" || head6 === "GIF89a") return "gif";
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "webp";
  }
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return officePackageType(data);
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return compoundFileType(data);
  }
  return null;
}

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/** `%PDF-` within the first kilobyte (as PDF readers accept) and an end-of-file marker. */
function isPdf(data: Buffer): boolean {
  const at = data.subarray(0, 1024).indexOf("%PDF-", 0, "latin1");
  if (at < 0) return false;
  return data.subarray(Math.max(0, data.length - 1024)).includes("%%EOF", 0, "latin1");
}

// ---------------------------------------------------------------- ZIP (Office Open XML)

/** The entry names of a ZIP file's central directory, or null when it is not a sound ZIP. */
export function zipEntryNames(data: Buffer, maxEntries = 10_000): string[] | null {
  const eocd = findEndOfCentralDirectory(data);
  if (eocd < 0) return null;
  let entries = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  if (entries === 0xffff || offset === 0xffffffff) {
    // ZIP64: the locator sits just before the end record.
    const locator = eocd - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== 0x07064b50) return null;
    const record = Number(data.readBigUInt64LE(locator + 8));
    if (record + 56 > data.length || data.readUInt32LE(record) !== 0x06064b50) return null;
    entries = Number(data.readBigUInt64LE(record + 32));
    offset = Number(data.readBigUInt64LE(record + 48));
  }
  if (entries > maxEntries) return null;
  const names: string[] = [];
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const end = offset + 46 + nameLength;
    if (end > data.length) return null;
    names.push(data.subarray(offset + 46, end).toString("utf8"));
    offset = end + extraLength + commentLength;
  }
  return names;
}

function findEndOfCentralDirectory(data: Buffer): number {
  // The 22-byte end record may be followed by a comment of up to 65535 bytes.
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= stop; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) return i;
  }
  return -1;
}

function officePackageType(data: Buffer): FileType | null {
  const names = zipEntryNames(data);
  if (!names) return null;
  const has = (name: string) => names.includes(name);
  if (!has("[Content_Types].xml")) return null;
  // Macro-enabled documents (.docm, .xlsm) carry a VBA project: refused.
  if (names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n))) return null;
  if (has("word/document.xml")) return "docx";
  if (has("xl/workbook.xml")) return "xlsx";
  return null;
}

// ---------------------------------------------------------------- OLE compound file (97-2003)

const END_OF_CHAIN = 0xfffffffe;
const MAX_REGULAR_SECTOR = 0xfffffffa;

/** The names of the entries in a compound file's directory, or null when it is not sound. */
export function compoundFileEntryNames(data: Buffer): string[] | null {
  if (data.length < 512) return null;
  const major = data.readUInt16LE(0x1a);
  const sectorShift = data.readUInt16LE(0x1e);
  if (data.readUInt16LE(0x1c) !== 0xfffe) return null;
  if (!((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12))) return null;
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor((data.length - sectorSize) / sectorSize) + 1;
  const sectorOffset = (n: number) => (n + 1) * sectorSize;
  const validSector = (n: number) =>
    n <= MAX_REGULAR_SECTOR && sectorOffset(n) + sectorSize <= data.length;

  // The sectors holding the allocation table: 109 listed in the header, more in DIFAT sectors.
  const fatSectors: number[] = [];
  const fatCount = data.readUInt32LE(0x2c);
  if (fatCount > sectorCount) return null;
  for (let i = 0; i < 109 && fatSectors.length < fatCount; i++) {
    fatSectors.push(data.readUInt32LE(0x4c + i * 4));
  }
  let difat = data.readUInt32LE(0x44);
  const perDifat = sectorSize / 4 - 1;
  for (let guard = 0; fatSectors.length < fatCount && difat !== END_OF_CHAIN; guard++) {
    if (!validSector(difat) || guard > sectorCount) return null;
    const base = sectorOffset(difat);
    for (let i = 0; i < perDifat && fatSectors.length < fatCount; i++) {
      fatSectors.push(data.readUInt32LE(base + i * 4));
    }
    difat = data.readUInt32LE(base + perDifat * 4);
  }
  if (!fatSectors.every(validSector)) return null;
  const next = (sector: number): number => {
    const perFat = sectorSize / 4;
    const fat = fatSectors[Math.floor(sector / perFat)];
    if (fat === undefined) return END_OF_CHAIN;
    return data.readUInt32LE(sectorOffset(fat) + (sector % perFat) * 4);
  };

  // Follow the directory's chain; each 128-byte entry starts with its UTF-16 name.
  const names: string[] = [];
  const seen = new Set<number>();
  for (let sector = data.readUInt32LE(0x30); sector !== END_OF_CHAIN; sector = next(sector)) {
    if (!validSector(sector) || seen.has(sector)) return null;
    seen.add(sector);
    const base = sectorOffset(sector);
    for (let entry = base; entry < base + sectorSize; entry += 128) {
      const type = data.readUInt8(entry + 0x42);
      if (type === 0) continue; // unused
      const length = Math.min(data.readUInt16LE(entry + 0x40), 64);
      names.push(data.subarray(entry, entry + Math.max(0, length - 2)).toString("utf16le"));
    }
  }
  return names;
}

function compoundFileType(data: Buffer): FileType | null {
  const names = compoundFileEntryNames(data) ?? [];
  if (names[0] !== "Root Entry") return null;
  if (names.includes("WordDocument")) return "doc";
  if (names.includes("Workbook") || names.includes("Book")) return "xls";
  return null;
}
