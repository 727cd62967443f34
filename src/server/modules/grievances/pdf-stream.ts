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

/**
 * Writes one PDF as a stream of byte chunks from several pdf-lib documents ("parts"), one part
 * at a time: each part's pages and what they use are renumbered into the output and written
 * out, then the part can be dropped. Only the page list and the objects' offsets are kept until
 * the end, where the page tree, the catalog, the info dictionary and the cross-reference table
 * are written. pdf-lib's own `save()` needs the whole document in memory; this does not.
 */
export class PdfStreamWriter {
  private offset = 0;
  private next = 1;
  private readonly offsets: number[] = [];
  private readonly kids: PDFRef[] = [];
  private readonly root: PDFRef;

  constructor() {
    this.root = this.allocate();
  }

  get pageCount() {
    return this.kids.length;
  }

  private allocate() {
    return PDFRef.of(this.next++);
  }

  private chunk(text: string | Uint8Array): Uint8Array {
    const bytes = typeof text === "string" ? Buffer.from(text, "latin1") : text;
    this.offset += bytes.length;
    return bytes;
  }

  header(): Uint8Array {
    // The binary comment tells transfer tools the file is binary.
    return this.chunk(Buffer.from([...Buffer.from("%PDF-1.7\n%"), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  }

  private object(ref: PDFRef, body: Uint8Array | string): Uint8Array {
    this.offsets[ref.objectNumber] = this.offset;
    const bytes = typeof body === "string" ? Buffer.from(body, "latin1") : body;
    return this.chunk(
      Buffer.concat([Buffer.from(`${ref.objectNumber} 0 obj\n`), bytes, Buffer.from("\nendobj\n")]),
    );
  }

  /**
   * The part's pages (in order) and every object they reach, renumbered; its own catalog, page
   * tree and info are left out. Call `flush()` on the document first (fonts, images).
   */
  *part(doc: PDFDocument): Generator<Uint8Array> {
    const context = doc.context;
    const pages = doc.getPages().map((p) => p.ref);
    // What the pages reach, found by walking from them (unreached objects are not written).
    const numbers = new Map<number, PDFRef>();
    const reach = (obj: PDFObject | undefined) => {
      if (obj instanceof PDFRef) {
        if (numbers.has(obj.objectNumber)) return;
        const target = context.lookup(obj);
        if (target === undefined) return;
        numbers.set(obj.objectNumber, this.allocate());
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
    for (const [old, ref] of numbers) {
      const obj = context.lookup(PDFRef.of(old));
      if (obj === undefined) continue;
      const renumbered = renumber(obj);
      if (renumbered instanceof PDFPageLeaf) renumbered.set(PDFName.Parent, this.root);
      const body = new Uint8Array(renumbered.sizeInBytes());
      renumbered.copyBytesInto(body, 0);
      yield this.object(ref, body);
    }
    for (const ref of pages) {
      const mapped = numbers.get(ref.objectNumber);
      if (mapped) this.kids.push(mapped);
    }
  }

  /** The page tree, catalog, info and cross-reference table: the end of the file. */
  *end(info: { title: string; author: string; createdAt: Date }): Generator<Uint8Array> {
    yield this.object(
      this.root,
      `<< /Type /Pages /Kids [${this.kids.map((k) => `${k.objectNumber} 0 R`).join(" ")}] /Count ${this.kids.length} >>`,
    );
    const catalog = this.allocate();
    yield this.object(catalog, `<< /Type /Catalog /Pages ${this.root.objectNumber} 0 R >>`);
    const infoRef = this.allocate();
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
    yield this.chunk(lines.join(""));
    yield this.chunk(
      `trailer\n<< /Size ${this.next} /Root ${catalog.objectNumber} 0 R /Info ${infoRef.objectNumber} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    );
  }
}
