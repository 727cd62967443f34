import { z } from "zod";
import { countOf } from "../plural.ts";
import { LimitMessages } from "./limit-messages.ts";

/** Document categories (portal spec 9). */
export const DOCUMENT_CATEGORIES = [
  "Policies",
  "Forms",
  "Contracts",
  "Training",
  "Safety",
  "HR",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** The spec's tag colours: red, blue, green, purple, otherwise gray. */
export type TagColor = "red" | "blue" | "green" | "purple" | "gray";

const DOCUMENT_TAG_COLORS: Partial<Record<DocumentCategory, TagColor>> = {
  Safety: "red",
  Policies: "blue",
  Training: "green",
  Contracts: "purple",
};
export const documentTagColor = (category: string): TagColor =>
  DOCUMENT_TAG_COLORS[category as DocumentCategory] ?? "gray";

/**
 * What the library accepts, decided by the file's content (never its name or the browser's
 * content type): PDF, Word, Excel and images.
 */
export const FILE_TYPES = {
  pdf: { label: "PDF", contentType: "application/pdf", extensions: ["pdf"], inline: true },
  doc: { label: "Word", contentType: "application/msword", extensions: ["doc"], inline: false },
  docx: {
    label: "Word",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
    inline: false,
  },
  xls: {
    label: "Excel",
    contentType: "application/vnd.ms-excel",
    extensions: ["xls"],
    inline: false,
  },
  xlsx: {
    label: "Excel",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extensions: ["xlsx"],
    inline: false,
  },
  png: { label: "Image", contentType: "image/png", extensions: ["png"], inline: true },
  jpg: { label: "Image", contentType: "image/jpeg", extensions: ["jpg", "jpeg"], inline: true },
  gif: { label: "Image", contentType: "image/gif", extensions: ["gif"], inline: true },
  webp: { label: "Image", contentType: "image/webp", extensions: ["webp"], inline: true },
} as const;
export type FileType = keyof typeof FILE_TYPES;
export const FILE_TYPE_KEYS = Object.keys(FILE_TYPES) as FileType[];

/** The file picker's `accept` list. */
export const ACCEPTED_EXTENSIONS = FILE_TYPE_KEYS.flatMap((t) =>
  FILE_TYPES[t].extensions.map((e) => `.${e}`),
);

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

export const DocumentMessages = {
  nameRequired: "Please enter a document name.",
  nameMax: "The name must be at most 200 characters.",
  nameControl: "The name cannot contain line breaks or control characters.",
  category: "Please choose a category.",
  fileRequired: "Please choose a file to upload.",
  fileType:
    "Please upload a PDF, Word (.doc, .docx), Excel (.xls, .xlsx) or image (PNG, JPEG, GIF, WebP) file.",
  fileMismatch: "The file's content does not match its type. Please upload the original file.",
  fileSize: "The file is too large. Documents can be at most 20 MB.",
  fileEmpty: "The file is empty.",
  notFound: "Document not found",
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

export const ZDocumentName = z
  .string()
  .trim()
  .min(1, DocumentMessages.nameRequired)
  .max(200, DocumentMessages.nameMax)
  .refine((v) => !CONTROL.test(v), DocumentMessages.nameControl);

export const ZDocumentCategory = z.enum(DOCUMENT_CATEGORIES, {
  error: DocumentMessages.category,
});

/** The text fields of an upload (the file travels beside them in the multipart body). */
export const ZDocumentFields = z.object({
  name: ZDocumentName,
  category: ZDocumentCategory,
});
export type TDocumentFields = z.input<typeof ZDocumentFields>;

export const ZListLimit = z.coerce
  .number()
  .int()
  .min(1, LimitMessages.pageSize)
  .max(100, LimitMessages.pageSize)
  .default(25);

export const ZDocumentListQuery = z.object({
  q: z.string().trim().max(100, LimitMessages.search).optional(),
  category: z.union([ZDocumentCategory, z.literal("")]).optional(),
  limit: ZListLimit,
  cursor: z.string().max(200, LimitMessages.cursor).optional(),
});

export const ZPersonRef = z.object({ id: z.string(), name: z.string() });

export const ZDocument = z.object({
  id: z.string(),
  name: z.string(),
  category: ZDocumentCategory,
  tagColor: z.enum(["red", "blue", "green", "purple", "gray"]),
  fileType: z.enum(FILE_TYPE_KEYS as [FileType, ...FileType[]]),
  contentType: z.string(),
  size: z.number(),
  uploadedBy: ZPersonRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentList = z.object({
  items: z.array(ZDocument),
  nextCursor: z.string().nullable(),
  total: z.number(),
});
export type TDocumentList = z.infer<typeof ZDocumentList>;

/** '1.2 MB', '830 KB', '12 bytes'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return countOf(bytes, "byte");
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
