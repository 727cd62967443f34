/**
 * What a file really is, from its first bytes, never from its name or the uploader's claimed
 * type. Office's .docx/.xlsx/.pptx are ZIP archives: the entry names tell them apart.
 */
export interface DetectedType {
  kind: "pdf" | "image" | "word" | "excel" | "powerpoint";
  mime: string;
  extension: string;
}

const starts = (data: Buffer, bytes: number[], offset = 0) =>
  bytes.every((b, i) => data[offset + i] === b);

export function detectFileType(data: Buffer): DetectedType | null {
  if (starts(data, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { kind: "pdf", mime: "application/pdf", extension: "pdf" };
  if (starts(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: "image", mime: "image/png", extension: "png" };
  if (starts(data, [0xff, 0xd8, 0xff]))
    return { kind: "image", mime: "image/jpeg", extension: "jpg" };
  if (starts(data, [0x47, 0x49, 0x46, 0x38]))
    return { kind: "image", mime: "image/gif", extension: "gif" };
  if (starts(data, [0x52, 0x49, 0x46, 0x46]) && starts(data, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { kind: "image", mime: "image/webp", extension: "webp" };
  }
  if (starts(data, [0x50, 0x4b, 0x03, 0x04])) return detectOfficeZip(data);
  // Legacy Office (.doc, .xls): an OLE compound file; the stream names tell them apart.
  if (starts(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const text = data.toString("utf16le");
    if (text.includes("WordDocument"))
      return { kind: "word", mime: "application/msword", extension: "doc" };
    if (text.includes("Workbook") || text.includes("Book")) {
      return { kind: "excel", mime: "application/vnd.ms-excel", extension: "xls" };
    }
    if (text.includes("PowerPoint"))
      return { kind: "powerpoint", mime: "application/vnd.ms-powerpoint", extension: "ppt" };
  }
  return null;
}

/** Reads the ZIP local file headers' names (enough to see word/, xl/ or ppt/ parts). */
function detectOfficeZip(data: Buffer): DetectedType | null {
  const names: string[] = [];
  let offset = 0;
  while (
    offset + 30 <= data.length &&
    data.readUInt32LE(offset) === 0x04034b50 &&
    names.length < 200
  ) {
    const compressedSize = data.readUInt32LE(offset + 18);
    const nameLength = data.readUInt16LE(offset + 26);
    const extraLength = data.readUInt16LE(offset + 28);
    names.push(data.toString("utf8", offset + 30, offset + 30 + nameLength));
    const flags = data.readUInt16LE(offset + 6);
    if (flags & 0x08) break; // sizes in a trailing descriptor: stop at what we have
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  if (names.some((n) => n.startsWith("word/"))) {
    return {
      kind: "word",
      mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      extension: "docx",
    };
  }
  if (names.some((n) => n.startsWith("xl/"))) {
    return {
      kind: "excel",
      mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      extension: "xlsx",
    };
  }
  if (names.some((n) => n.startsWith("ppt/"))) {
    return {
      kind: "powerpoint",
      mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      extension: "pptx",
    };
  }
  return null;
}

/** `attachment; filename="..."; filename*=UTF-8''...` with nothing from the name that could break out. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback =
    name
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\\r\n;]/g, "_")
      .slice(0, 150) || "file";
  const encoded = encodeURIComponent(name.slice(0, 200)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
