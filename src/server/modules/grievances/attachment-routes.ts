import { z } from "zod";
import { FILE_TYPES } from "../../../shared/schemas/documents.ts";
import { ZAttachment } from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { detectFileType } from "../../lib/files/detect.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import { readSingleUpload } from "../../lib/files/read-upload.ts";
import {
  assertImageSize,
  assertStorageLeft,
  assertUploadRate,
} from "../../lib/files/upload-guards.ts";
import { ZId } from "../../lib/routes.ts";
import { requireTenant } from "../../plugins/access.ts";
import { actorOf } from "./action-route.ts";
import { attachmentKey, recordAttachment } from "./attachments.ts";
import { visibilityOf } from "./lock.ts";
import { findVisible } from "./repo.ts";

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A grievance's attachments: upload one, download one (both only where it is visible). */
export function attachmentRoutes(app: AppInstance): void {
  const { db, storage } = app.deps;

  app.post(
    "/api/grievances/:id/attachments",
    { config: { access: "member" }, schema: { params: ZId, response: { 201: ZAttachment } } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      // Check the grievance before reading the upload: nothing is stored for an unseen one.
      const visible = await withTenant(db, tenant.organizationId, (trx) =>
        findVisible(trx, visibilityOf(tenant), request.params.id),
      );
      if (!visible) throw notFound("Grievance Not Found");
      await assertUploadRate(db, tenant.userId);
      const { fileName, data } = await readSingleUpload(request, {
        maxBytes: ATTACHMENT_MAX_BYTES,
        messages: {
          notMultipart: "Send the file as multipart/form-data in a field named file.",
          missing: "Please choose a file.",
          tooLarge: "Attachments can be at most 10 MB.",
        },
      });
      const fileType = detectFileType(data);
      if (!fileType) {
        throw new AppError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "Attach a PDF, an image, or a Word or Excel file.",
        );
      }
      await assertImageSize(data, fileType);
      await assertStorageLeft(
        db,
        tenant.organizationId,
        data.length,
        app.deps.env.ORG_STORAGE_QUOTA_MB,
      );
      const type = { extension: fileType, mime: FILE_TYPES[fileType].contentType };
      const key = attachmentKey(tenant.organizationId, type.extension);
      const name = (fileName || `attachment.${type.extension}`)
        .replace(/[\\/]/g, "_")
        .slice(0, 200);
      // Stored, then recorded; a record that fails takes its file with it (no orphans).
      await storage.put(key, data, type.mime);
      try {
        const saved = await recordAttachment(db, tenant, actorOf(request), request.params.id, {
          name,
          contentType: type.mime,
          size: data.length,
          storageKey: key,
        });
        return reply.status(201).send(saved);
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
    },
  );

  app.get(
    "/api/grievances/:id/attachments/:attachmentId",
    {
      config: { access: "member" },
      schema: { params: ZId.extend({ attachmentId: z.string().max(40) }) },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { id, attachmentId } = request.params;
      if (!/^[0-9a-f-]{36}$/i.test(attachmentId)) throw notFound();
      const file = await withTenant(db, tenant.organizationId, async (trx) => {
        if (!(await findVisible(trx, visibilityOf(tenant), id))) return undefined;
        return trx
          .selectFrom("grievanceAttachments")
          .select(["name", "contentType", "storageKey"])
          .where("organizationId", "=", tenant.organizationId)
          .where("grievanceId", "=", id)
          .where("id", "=", attachmentId)
          .executeTakeFirst();
      });
      const stored = file ? await storage.get(file.storageKey) : null;
      if (!file || !stored) throw notFound();
      return reply
        .type(file.contentType)
        .header("content-length", stored.size)
        .header(
          "content-disposition",
          contentDisposition("attachment", file.name, file.storageKey.split(".").at(-1) ?? "bin"),
        )
        .header("cache-control", "private, no-store")
        .send(stored.stream);
    },
  );
}
