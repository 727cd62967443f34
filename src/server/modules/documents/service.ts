import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import {
  DocumentMessages,
  documentTagColor,
  FILE_TYPES,
  type FileType,
  type TDocument,
  ZDocumentFields,
} from "../../../shared/schemas/documents.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { detectFileType } from "../../lib/files/detect.ts";
import { assertImageSize, assertStorageLeft } from "../../lib/files/upload-guards.ts";
import { decodeCursor, isUuid, page } from "../../lib/pagination.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import {
  countMatchingDocuments,
  type DocumentFilter,
  type DocumentRow,
  deleteDocumentRow,
  findDocument,
  insertDocument,
  listDocumentRows,
} from "./repo.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

function toDto(row: DocumentRow): TDocument {
  return {
    id: row.id,
    name: row.name,
    category: row.category as TDocument["category"],
    tagColor: documentTagColor(row.category),
    fileType: row.fileType as FileType,
    contentType: row.contentType,
    size: row.size,
    uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: row.uploaderName ?? "" } : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function listDocuments(
  db: DB,
  organizationId: string,
  query: DocumentFilter & { limit: number; cursor?: string },
) {
  const cursor = decodeCursor(query.cursor);
  const filter = { q: query.q || undefined, category: query.category || undefined };
  return withTenant(db, organizationId, async (trx) => {
    const rows = await listDocumentRows(trx, organizationId, filter, query.limit, cursor);
    const { items, nextCursor } = page(rows, query.limit);
    const total = await countMatchingDocuments(trx, organizationId, filter);
    return { items: items.map(toDto), nextCursor, total };
  });
}

const unsupported = (message: string) => new AppError(415, "UNSUPPORTED_MEDIA_TYPE", message);

const SHARP_FORMATS: Partial<Record<FileType, string>> = {
  png: "png",
  jpg: "jpeg",
  gif: "gif",
  webp: "webp",
};

/**
 * The file's type from its content. Its name's extension, when it has one, must agree (a text
 * file named .pdf, or a picture named .docx, is refused), and an image must decode.
 */
export async function checkFileType(data: Buffer, fileName: string): Promise<FileType> {
  if (data.length === 0) {
    throw new AppError(400, "VALIDATION_FAILED", DocumentMessages.fileEmpty, {
      file: DocumentMessages.fileEmpty,
    });
  }
  const detected = detectFileType(data);
  if (!detected) throw unsupported(DocumentMessages.fileType);
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (extension && !(FILE_TYPES[detected].extensions as readonly string[]).includes(extension)) {
    throw unsupported(DocumentMessages.fileMismatch);
  }
  const format = SHARP_FORMATS[detected];
  if (format) {
    const actual = await sharp(data)
      .metadata()
      .then((m) => m.format as string | undefined)
      .catch(() => undefined);
    if (actual !== format) throw unsupported(DocumentMessages.fileMismatch);
  }
  return detected;
}

export interface UploadContext {
  organizationId: string;
  userId: string | null;
  /** ORG_STORAGE_QUOTA_MB; the default when not given (the demo seed). */
  storageQuotaMb?: number;
}

/** Checks the fields and the file, stores the bytes, then records the document. */
export async function uploadDocument(
  db: DB,
  storage: Storage,
  ctx: UploadContext,
  input: { name: unknown; category: unknown; fileName: string; data: Buffer },
): Promise<TDocument> {
  const fields = ZDocumentFields.safeParse({ name: input.name, category: input.category });
  if (!fields.success) {
    const messages: Record<string, string> = {};
    for (const issue of fields.error.issues) messages[String(issue.path[0])] ??= issue.message;
    throw new AppError(
      400,
      "VALIDATION_FAILED",
      Object.values(messages)[0] ?? "Invalid request",
      messages,
    );
  }
  const fileType = await checkFileType(input.data, input.fileName);
  await assertImageSize(input.data, fileType);
  await assertStorageLeft(db, ctx.organizationId, input.data.length, ctx.storageQuotaMb);
  const { contentType } = FILE_TYPES[fileType];
  const storageKey = `documents/${ctx.organizationId}/${randomUUID()}.${fileType}`;
  await storage.put(storageKey, input.data, contentType);
  try {
    return await withTenant(db, ctx.organizationId, async (trx) => {
      const { id } = await insertDocument(trx, {
        organizationId: ctx.organizationId,
        name: fields.data.name,
        category: fields.data.category,
        fileType,
        contentType,
        size: input.data.length,
        storageKey,
        uploadedBy: ctx.userId,
      });
      const row = await findDocument(trx, ctx.organizationId, id);
      if (!row) throw notFound(DocumentMessages.notFound);
      return toDto(row);
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** The document and a stream of its bytes; another organization's id is 404 like a missing one. */
export async function openDocumentFile(
  db: DB,
  storage: Storage,
  organizationId: string,
  id: string,
): Promise<{ document: TDocument; stream: Readable; size: number }> {
  if (!isUuid(id)) throw notFound(DocumentMessages.notFound);
  const row = await withTenant(db, organizationId, (trx) => findDocument(trx, organizationId, id));
  if (!row) throw notFound(DocumentMessages.notFound);
  const file = await storage.get(row.storageKey);
  if (!file) throw notFound(DocumentMessages.notFound);
  return { document: toDto(row), ...file };
}

/** Removes the record, then the stored file (a failure there is logged, never shown). */
export async function deleteDocument(
  db: DB,
  storage: Storage,
  organizationId: string,
  id: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  if (!isUuid(id)) throw notFound(DocumentMessages.notFound);
  const storageKey = await withTenant(db, organizationId, (trx) =>
    deleteDocumentRow(trx, organizationId, id),
  );
  if (!storageKey) throw notFound(DocumentMessages.notFound);
  try {
    await storage.delete(storageKey);
  } catch (error) {
    log?.error({ err: error, storageKey }, "document deleted but its file could not be removed");
  }
}
