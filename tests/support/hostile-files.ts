import { deflateSync } from "node:zlib";
import {
  type PDFArray,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFRef,
  PDFString,
  StandardFonts,
} from "pdf-lib";
import sharp from "sharp";

/**
 * Hostile attachments for the case-file tests (issue 28), made in code rather than committed:
 * small files that cost a reader dearly, and a PDF carrying every kind of active content.
 */

/** A PDF written by hand from its objects (1 is the catalog): the cross-reference table computed. */
export function rawPdf(objects: string[], trailer = ""): Buffer {
  const head = "%PDF-1.7\n";
  const parts: string[] = [head];
  const offsets: number[] = [];
  let at = head.length;
  objects.forEach((body, i) => {
    const text = `${i + 1} 0 obj\n${body}\nendobj\n`;
    offsets.push(at);
    at += Buffer.byteLength(text, "latin1");
    parts.push(text);
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    "0000000000 65535 f \n",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`),
  ].join("");
  parts.push(
    xref,
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer} >>\nstartxref\n${at}\n%%EOF\n`,
  );
  return Buffer.from(parts.join(""), "latin1");
}

/** `pages` pages sharing one font and one content stream that prints "Page of many". */
export function manyPagesPdf(pages: number): Buffer {
  const content = "BT /F1 24 Tf 72 700 Td (Page of many) Tj ET";
  const first = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(" ");
  const page =
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>";
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...Array.from({ length: pages }, () => page),
  ]);
}

/**
 * One page, and an object stream (/ObjStm) of `decodedMb` MB of deflated zeros: about a
 * thousandth of that on disk. pdf-lib inflates object streams whole as it parses.
 */
export function inflateBombPdf(decodedMb: number): Buffer {
  const bomb = deflateSync(Buffer.alloc(decodedMb * 1024 * 1024), { level: 9 });
  const content = "BT /F1 24 Tf 72 700 Td (Page beside the bomb) Tj ET";
  const head = rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
  ]);
  // The bomb as object 6, after the file's end: an incremental update with its own xref.
  const at = head.length;
  const object = Buffer.concat([
    Buffer.from(
      `6 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length ${bomb.length} /Filter /FlateDecode >>\nstream\n`,
      "latin1",
    ),
    bomb,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ]);
  const xrefAt = at + object.length;
  const prev = Number(head.toString("latin1").match(/startxref\n(\d+)/)?.[1]);
  const tail = `xref\n6 1\n${String(at).padStart(10, "0")} 00000 n \ntrailer\n<< /Size 7 /Root 1 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([head, object, Buffer.from(tail, "latin1")]);
}

/** One page of text, encrypted (RC4, 40 bits): its content stream is noise without the key. */
export function encryptedPdf(): Buffer {
  const content = "BT /F1 24 Tf 72 700 Td (Locked page) Tj ET";
  return rawPdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
      `<< /Filter /Standard /V 1 /R 2 /O <${"ab".repeat(32)}> /U <${"cd".repeat(32)}> /P -4 >>`,
    ],
    ` /Encrypt 6 0 R /ID [<${"01".repeat(16)}> <${"01".repeat(16)}>]`,
  );
}

/** One page whose page tree holds an array nested `depth` deep (parsers that recurse overflow). */
export function deeplyNestedPdf(depth: number): Buffer {
  const content = "BT /F1 24 Tf 72 700 Td (Nested page) Tj ET";
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [5 0 R] /Count 1 /Deep ${"[".repeat(depth)}${"]".repeat(depth)} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
  ]);
}

/** A 7000 x 7000, 16-bit PNG: a few hundred kB that decode to 294 MB (under the 50 MP cap). */
export function hugePng(side = 7000): Promise<Buffer> {
  return sharp({
    create: { width: side, height: side, channels: 3, background: "#4a7bd0" },
  })
    .toColourspace("rgb16")
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The markers of the active content `activePdf` carries; none may reach a case file. */
export const ACTIVE_MARKERS = [
  "/JS",
  "/JavaScript",
  "/AA",
  "/OpenAction",
  "/Launch",
  "/EmbeddedFile",
  "/EmbeddedFiles",
  "/URI",
  "/AcroForm",
  "/XFA",
  "/Widget",
  "/FileAttachment",
  "app.alert",
  "calc.exe",
  "evil.example",
  "SECRET-EMBEDDED-PAYLOAD",
];

/**
 * One page of text with every kind of active content: document JavaScript (/Names), an
 * /OpenAction, a page /AA, link annotations to a web address (/URI) and a program (/Launch), a
 * form (/AcroForm with a widget and XFA), an embedded file (/EmbeddedFiles and a file
 * attachment annotation), and a highlight that carries a JavaScript action of its own.
 */
export async function activePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText("Printed text of the active exhibit", { x: 72, y: 700, size: 14, font });
  const ctx = doc.context;
  const js = (code: string) =>
    ctx.register(
      ctx.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of(code) }) as never,
    ) as PDFRef;
  const alert = js("app.alert('pwned')");
  doc.catalog.set(PDFName.of("OpenAction"), alert);
  const embedded = ctx.register(
    ctx.stream("SECRET-EMBEDDED-PAYLOAD", { Type: "EmbeddedFile" }),
  ) as PDFRef;
  const filespec = ctx.register(
    ctx.obj({ Type: "Filespec", F: PDFString.of("payload.txt"), EF: { F: embedded } }),
  ) as PDFRef;
  doc.catalog.set(
    PDFName.of("Names"),
    ctx.obj({
      JavaScript: { Names: [PDFHexString.fromText("init"), js("app.alert('names')")] },
      EmbeddedFiles: { Names: [PDFHexString.fromText("payload.txt"), filespec] },
    }),
  );
  page.node.set(PDFName.of("AA"), ctx.obj({ O: js("app.alert('page open')") }));
  const rect = [72, 600, 300, 620];
  const annot = (dict: Record<string, unknown>) =>
    ctx.register(ctx.obj({ Type: "Annot", Rect: rect, ...dict } as never)) as PDFRef;
  const widget = annot({ Subtype: "Widget", FT: "Tx", T: PDFString.of("field") });
  const annots = ctx.obj([
    annot({ Subtype: "Link", A: { S: "URI", URI: PDFString.of("https://evil.example/x") } }),
    annot({ Subtype: "Link", A: { S: "Launch", F: PDFString.of("calc.exe") } }),
    widget,
    annot({ Subtype: "FileAttachment", FS: filespec }),
    annot({
      Subtype: "Highlight",
      QuadPoints: [72, 620, 300, 620, 72, 600, 300, 600],
      A: js("app.alert('highlight')"),
    }),
  ]) as PDFArray;
  page.node.set(PDFName.of("Annots"), annots);
  const xfa = ctx.register(ctx.stream("<xdp:xdp>calc.exe</xdp:xdp>")) as PDFRef;
  doc.catalog.set(PDFName.of("AcroForm"), ctx.obj({ Fields: [widget], XFA: xfa }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
