import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  type PDFObject,
  PDFPageLeaf,
  PDFRef,
  PDFStream,
} from "pdf-lib";

/** Where the next part starts in the output: its first object number, byte offset and page. */
export interface PartStart {
  firstObject: number;
  /** The object number of the output's page tree (every page's /Parent). */
  root: number;
  offset: number;
  firstPage: number;
}

/** A part written out: its bytes, where each of its objects starts, and its pages in order. */
export interface PartOut {
  bytes: Uint8Array;
  /** [object number, absolute byte offset] */
  offsets: [number, number][];
  /** The object numbers of its pages. */
  pages: number[];
  nextObject: number;
}

/**
 * One part (a pdf-lib document) as bytes for the output that `start` describes: its pages (in
 * order) and every object they reach, renumbered from `start.firstObject`; its own catalog, page
 * tree and info are left out. Runs in the case-file worker (case-file-worker.ts): it is the CPU
 * work of the merge. Call `flush()` on the document first (fonts, images).
 */
export function serializePart(doc: PDFDocument, start: PartStart): PartOut {
  const context = doc.context;
  const pages = doc.getPages().map((p) => p.ref);
  let next = start.firstObject;
  // What the pages reach, found by walking from them (unreached objects are not written).
  const numbers = new Map<number, PDFRef>();
  const reach = (obj: PDFObject | undefined) => {
    if (obj instanceof PDFRef) {
      if (numbers.has(obj.objectNumber)) return;
      const target = context.lookup(obj);
      if (target === undefined) return;
      numbers.set(obj.objectNumber, PDFRef.of(next++));
      if (target instanceof PDFPageLeaf) {
        for (const [key, value] of target.entries()) if (key !== PDFName.Parent) reach(value);
      } else reach(target);
    } else if (obj instanceof PDFDict) {
      for (const [, value] of obj.entries()) reach(value);
    } else if (obj instanceof PDFArray) {
      for (let i = 0; i < obj.size(); i++) reach(obj.get(i));
    } else if (obj instanceof PDFStream) {
      reach(obj.dict);
    }
  };
  for (const ref of pages) reach(ref);
  // A direct object shared by two others is renumbered once.
  const done = new WeakSet<PDFObject>();
  const renumber = (obj: PDFObject): PDFObject => {
    if (obj instanceof PDFRef) return numbers.get(obj.objectNumber) ?? PDFNull;
    if (done.has(obj)) return obj;
    done.add(obj);
    if (obj instanceof PDFDict) {
      for (const [key, value] of obj.entries()) obj.set(key, renumber(value));
    } else if (obj instanceof PDFArray) {
      for (let i = 0; i < obj.size(); i++) obj.set(i, renumber(obj.get(i)));
    } else if (obj instanceof PDFStream) {
      renumber(obj.dict);
    }
    return obj;
  };
  const root = PDFRef.of(start.root);
  const chunks: Uint8Array[] = [];
  const offsets: [number, number][] = [];
  let offset = start.offset;
  for (const [old, ref] of numbers) {
    const obj = context.lookup(PDFRef.of(old));
    if (obj === undefined) continue;
    const renumbered = renumber(obj);
    if (renumbered instanceof PDFPageLeaf) renumbered.set(PDFName.Parent, root);
    const body = new Uint8Array(renumbered.sizeInBytes());
    renumbered.copyBytesInto(body, 0);
    const bytes = objectBytes(ref.objectNumber, body);
    offsets.push([ref.objectNumber, offset]);
    offset += bytes.length;
    chunks.push(bytes);
  }
  // A buffer of its own (Buffer.concat may use Node's shared pool), so it can be transferred.
  const bytes = new Uint8Array(offset - start.offset);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return {
    bytes,
    offsets,
    pages: pages.flatMap((ref) => {
      const mapped = numbers.get(ref.objectNumber);
      return mapped ? [mapped.objectNumber] : [];
    }),
    nextObject: next,
  };
}

function objectBytes(objectNumber: number, body: Uint8Array | string): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body, "latin1") : body;
  return Buffer.concat([Buffer.from(`${objectNumber} 0 obj\n`), bytes, Buffer.from("\nendobj\n")]);
}

/**
 * Writes one PDF as a stream of byte chunks from several parts, one part at a time: each part
 * is written out by `serializePart` (in a worker) from the `start()` this writer gives it, and
 * this writer keeps only the page list and the objects' offsets until the end, where the page
 * tree, the catalog, the info dictionary and the cross-reference table are written. pdf-lib's
 * own `save()` needs the whole document in memory; this does not.
 */
export class PdfStreamWriter {
  private offset = 0;
  private next = 1;
  private readonly offsets: number[] = [];
  private readonly kids: number[] = [];
  private readonly root: number;

  constructor() {
    this.root = this.next++;
  }

  get pageCount() {
    return this.kids.length;
  }

  private chunk(bytes: Uint8Array): Uint8Array {
    this.offset += bytes.length;
    return bytes;
  }

  header(): Uint8Array {
    // The binary comment tells transfer tools the file is binary.
    return this.chunk(Buffer.from([...Buffer.from("%PDF-1.7\n%"), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  }

  /** Where the next part goes. */
  start(): PartStart {
    return {
      firstObject: this.next,
      root: this.root,
      offset: this.offset,
      firstPage: this.kids.length + 1,
    };
  }

  /** A part written from `start()`: its bytes, to send, with its offsets and pages kept. */
  accept(part: PartOut): Uint8Array {
    if (part.offsets.some(([n, at]) => n < this.next || at < this.offset))
      throw new Error("A part was written for another place in the file.");
    for (const [n, at] of part.offsets) this.offsets[n] = at;
    this.kids.push(...part.pages);
    this.next = part.nextObject;
    return this.chunk(part.bytes);
  }

  private object(objectNumber: number, body: string): Uint8Array {
    this.offsets[objectNumber] = this.offset;
    return this.chunk(objectBytes(objectNumber, body));
  }

  /** The page tree, catalog, info and cross-reference table: the end of the file. */
  *end(info: { title: string; author: string; createdAt: Date }): Generator<Uint8Array> {
    yield this.object(
      this.root,
      `<< /Type /Pages /Kids [${this.kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${this.kids.length} >>`,
    );
    const catalog = this.next++;
    yield this.object(catalog, `<< /Type /Catalog /Pages ${this.root} 0 R >>`);
    const infoRef = this.next++;
    const d = info.createdAt.toISOString().replace(/[-:T]/g, "").slice(0, 14);
    yield this.object(
      infoRef,
      `<< /Title ${PDFHexString.fromText(info.title)} /Author ${PDFHexString.fromText(info.author)} /Producer (UnionHall) /CreationDate (D:${d}Z) >>`,
    );
    const xref = this.offset;
    const lines = [`xref\n0 ${this.next}\n`, "0000000000 65535 f \n"];
    for (let n = 1; n < this.next; n++) {
      const at = this.offsets[n];
      lines.push(
        at === undefined ? "0000000000 65535 f \n" : `${String(at).padStart(10, "0")} 00000 n \n`,
      );
    }
    yield this.chunk(Buffer.from(lines.join(""), "latin1"));
    yield this.chunk(
      Buffer.from(
        `trailer\n<< /Size ${this.next} /Root ${catalog} 0 R /Info ${infoRef} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
        "latin1",
      ),
    );
  }
}
