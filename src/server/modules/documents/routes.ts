import { z } from "zod";
import {
  DOCUMENT_MAX_BYTES,
  DocumentMessages,
  FILE_TYPES,
  ZDocument,
  ZDocumentList,
  ZDocumentListQuery,
} from "../../../shared/schemas/documents.ts";
import type { AppInstance } from "../../app.ts";
import { AppError } from "../../lib/errors.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import { assertUploadRate } from "../../lib/files/upload-guards.ts";
import { requireTenant } from "../../plugins/access.ts";
import { deleteDocument, listDocuments, openDocumentFile, uploadDocument } from "./service.ts";

const ZIdParams = z.object({ id: z.string().max(100) });

/** The document library: list and search, upload (multipart), view or download, delete. */
export function documentRoutes(app: AppInstance): void {
  const { db, storage } = app.deps;

  app.get(
    "/api/documents",
    {
      config: { access: "view:documents" },
      schema: { querystring: ZDocumentListQuery, response: { 200: ZDocumentList } },
    },
    async (request) => listDocuments(db, requireTenant(request).organizationId, request.query),
  );

  app.post(
    "/api/documents",
    { config: { access: "upload:document" }, schema: { response: { 201: ZDocument } } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      await assertUploadRate(db, tenant.userId);
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "Send the document as multipart/form-data with the fields file, name and category.",
        );
      }
      const fields: Record<string, string> = {};
      let file: { fileName: string; data: Buffer } | null = null;
      try {
        const parts = request.parts({
          limits: { fileSize: DOCUMENT_MAX_BYTES, fieldSize: 16 * 1024 },
        });
        for await (const part of parts) {
          if (part.type === "file") {
            if (part.fieldname === "file" && !file) {
              file = { fileName: part.filename ?? "", data: await part.toBuffer() };
            } else {
              part.file.resume();
            }
          } else if (typeof part.value === "string") {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") {
          throw new AppError(413, "PAYLOAD_TOO_LARGE", DocumentMessages.fileSize, {
            file: DocumentMessages.fileSize,
          });
        }
        throw error;
      }
      if (!file) {
        throw new AppError(400, "VALIDATION_FAILED", DocumentMessages.fileRequired, {
          file: DocumentMessages.fileRequired,
        });
      }
      const document = await uploadDocument(
        db,
        storage,
        {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          storageQuotaMb: app.deps.env.ORG_STORAGE_QUOTA_MB,
        },
        { name: fields.name, category: fields.category, ...file },
      );
      return reply.status(201).send(document);
    },
  );

  /** The bytes, typed by what was detected at upload; `?download=1` always as an attachment. */
  app.get(
    "/api/documents/:id/file",
    {
      config: { access: "view:documents" },
      schema: {
        params: ZIdParams,
        querystring: z.object({ download: z.enum(["1", "0", "true", "false"]).optional() }),
      },
    },
    async (request, reply) => {
      const { organizationId } = requireTenant(request);
      const { document, stream, size } = await openDocumentFile(
        db,
        storage,
        organizationId,
        request.params.id,
      );
      const download = request.query.download === "1" || request.query.download === "true";
      const inline = !download && FILE_TYPES[document.fileType].inline;
      return reply
        .type(document.contentType)
        .header("content-length", size)
        .header(
          "content-disposition",
          contentDisposition(inline ? "inline" : "attachment", document.name, document.fileType),
        )
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-cache")
        .send(stream);
    },
  );

  app.delete(
    "/api/documents/:id",
    { config: { access: "delete:document" }, schema: { params: ZIdParams } },
    async (request, reply) => {
      await deleteDocument(
        db,
        storage,
        requireTenant(request).organizationId,
        request.params.id,
        request.log,
      );
      return reply.status(204).send();
    },
  );
}
