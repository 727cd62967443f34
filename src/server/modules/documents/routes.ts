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
import { contentDisposition } from "../../lib/files/disposition.ts";
import { readSingleUpload } from "../../lib/files/read-upload.ts";
import { assertUploadRate } from "../../lib/files/upload-guards.ts";
import { ZIdParams } from "../../lib/routes.ts";
import { requireTenant } from "../../plugins/access.ts";
import { deleteDocument, listDocuments, openDocumentFile, uploadDocument } from "./service.ts";

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
      const { fields, fileName, data } = await readSingleUpload(request, {
        maxBytes: DOCUMENT_MAX_BYTES,
        fieldSize: 16 * 1024,
        fieldErrors: true,
        messages: {
          notMultipart:
            "Send the document as multipart/form-data with the fields file, name and category.",
          missing: DocumentMessages.fileRequired,
          tooLarge: DocumentMessages.fileSize,
        },
      });
      const document = await uploadDocument(
        db,
        storage,
        {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          storageQuotaMb: app.deps.env.ORG_STORAGE_QUOTA_MB,
        },
        { name: fields.name, category: fields.category, fileName, data },
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
