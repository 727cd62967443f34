import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFStream,
} from "pdf-lib";

/**
 * Active content of a PDF attachment (issue 28): what could run, open, submit or carry a file
 * when the employer opens the served case file. The case file keeps what prints and nothing
 * else.
 */
export const ACTIVE_KINDS = [
  "javascript",
  "autoActions",
  "launch",
  "links",
  "embeddedFiles",
  "forms",
  "otherActions",
] as const;
export type ActiveKind = (typeof ACTIVE_KINDS)[number];

/** Action types (/S) other than JavaScript, Launch and URI that reach outside the page. */
const OTHER_ACTIONS = new Set([
  "SubmitForm",
  "ImportData",
  "ResetForm",
  "GoToR",
  "GoToE",
  "Rendition",
  "Movie",
  "Sound",
  "RichMediaExecute",
  "Hide",
  "SetOCGState",
  "Trans",
  "GoTo3DView",
]);

/** Annotations that only draw on the page (kept, without any action); others are removed. */
const MARKUP_ANNOTATIONS = new Set([
  "Text",
  "FreeText",
  "Line",
  "Square",
  "Circle",
  "Polygon",
  "PolyLine",
  "Highlight",
  "Underline",
  "Squiggly",
  "StrikeOut",
  "Stamp",
  "Caret",
  "Ink",
  "Popup",
]);

/** Keys whose value is active content wherever they appear. */
const ACTIVE_KEYS: [string, ActiveKind][] = [
  ["JS", "javascript"],
  ["JavaScript", "javascript"],
  ["AA", "autoActions"],
  ["OpenAction", "autoActions"],
  ["URI", "links"],
  ["EmbeddedFiles", "embeddedFiles"],
  ["EmbeddedFile", "embeddedFiles"],
  ["EF", "embeddedFiles"],
  ["RichMediaContent", "embeddedFiles"],
  ["AcroForm", "forms"],
  ["XFA", "forms"],
];

const name = (dict: PDFDict, key: string) => {
  const value = dict.get(PDFName.of(key));
  return value instanceof PDFName ? value.decodeText() : undefined;
};

/** The kinds of active content one dictionary is or holds directly. */
function kindsOf(dict: PDFDict, found: Set<ActiveKind>) {
  for (const [key, kind] of ACTIVE_KEYS) if (dict.has(PDFName.of(key))) found.add(kind);
  const s = name(dict, "S");
  if (s === "JavaScript") found.add("javascript");
  else if (s === "Launch") found.add("launch");
  else if (s === "URI") found.add("links");
  else if (s && OTHER_ACTIONS.has(s)) found.add("otherActions");
  const type = name(dict, "Type");
  if (type === "EmbeddedFile") found.add("embeddedFiles");
  const subtype = name(dict, "Subtype");
  if (subtype === "FileAttachment" || subtype === "RichMedia") found.add("embeddedFiles");
  if (subtype === "Widget") found.add("forms");
  if (subtype === "Screen" || subtype === "Movie" || subtype === "Sound" || subtype === "3D")
    found.add("otherActions");
}

/** Calls `visit` on every dictionary of the document, direct ones nested in others included. */
function eachDict(doc: PDFDocument, visit: (dict: PDFDict) => void) {
  const seen = new WeakSet<PDFObject>();
  // An explicit stack: a hostile file nests arrays 100,000 deep.
  const walk = (root: PDFObject) => {
    const stack: PDFObject[] = [root];
    while (stack.length > 0) {
      const obj = stack.pop() as PDFObject;
      if (seen.has(obj)) continue;
      seen.add(obj);
      if (obj instanceof PDFDict) {
        visit(obj);
        for (const [, value] of obj.entries()) stack.push(value);
      } else if (obj instanceof PDFArray) {
        for (let i = 0; i < obj.size(); i++) stack.push(obj.get(i));
      } else if (obj instanceof PDFStream) {
        stack.push(obj.dict);
      }
    }
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) walk(obj);
}

/** Every kind of active content anywhere in the document (catalog, pages, objects). */
export function findActiveContent(doc: PDFDocument): ActiveKind[] {
  const found = new Set<ActiveKind>();
  eachDict(doc, (dict) => kindsOf(dict, found));
  return ACTIVE_KINDS.filter((k) => found.has(k));
}

/**
 * Removes active content from a document made of copied pages (pdf-lib's `copyPages` copies a
 * page's dictionary and all it reaches, but not the source's catalog: its /OpenAction, /Names
 * and /AcroForm never come along). From every dictionary: the keys of ACTIVE_KEYS and /A (an
 * annotation's or outline item's action); an action dictionary left reachable some other way
 * is emptied, and so is an embedded file's stream; each page keeps only
 * the annotations that draw (highlights, notes, stamps), not links, form fields, attached files
 * or media.
 */
export function stripActiveContent(doc: PDFDocument): void {
  const context = doc.context;
  for (const page of doc.getPages()) {
    const annots = context.lookup(page.node.get(PDFName.of("Annots")));
    if (!(annots instanceof PDFArray)) {
      page.node.delete(PDFName.of("Annots"));
      continue;
    }
    const kept = annots.asArray().filter((entry) => {
      const annot = context.lookup(entry);
      if (!(annot instanceof PDFDict)) return false;
      const subtype = name(annot, "Subtype");
      return subtype !== undefined && MARKUP_ANNOTATIONS.has(subtype);
    });
    page.node.set(PDFName.of("Annots"), context.obj(kept));
  }
  eachDict(doc, (dict) => {
    for (const [key] of ACTIVE_KEYS) dict.delete(PDFName.of(key));
    dict.delete(PDFName.of("A"));
    const s = name(dict, "S");
    if (s === "JavaScript" || s === "Launch" || s === "URI" || (s && OTHER_ACTIONS.has(s)))
      for (const key of dict.keys()) dict.delete(key);
  });
  // An embedded file's stream still reachable some other way is emptied.
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream && name(obj.dict, "Type") === "EmbeddedFile")
      context.assign(ref, context.obj({}));
  }
}
