import {
  GRIEVANCE_IMPORT_FIELDS,
  ZGrievanceImportResult,
} from "../../../shared/schemas/grievance-import.ts";
import { IMPORT_MODES, RosterMessages } from "../../../shared/schemas/roster.ts";
import type { AppInstance } from "../../app.ts";
import { AppError } from "../../lib/errors.ts";
import { readUpload } from "../../lib/files/read-upload.ts";
import { assertUploadRate } from "../../lib/files/upload-guards.ts";
import { messageIn } from "../../lib/i18n/index.ts";
import { looksLikeTable } from "../../lib/imports/read-table.ts";
import { now } from "../../lib/routes.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { parseMapping } from "../roster/index.ts";
import { actorOf } from "./action-route.ts";
import { runHistoryImport } from "./history-import.ts";

const bad = (message: string, field: string) =>
  new AppError(400, "VALIDATION_FAILED", message, { [field]: message });

/** POST /api/grievances/import (issue 29): an admin brings the local's grievance history in. */
export function importRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.post(
    "/api/grievances/import",
    {
      config: { access: "manage:organization" },
      schema: { response: { 200: ZGrievanceImportResult } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const language = requireUser(request).language;
      await assertUploadRate(db, tenant.userId);
      const { file, fields } = await readUpload(request, {
        maxBytes: 10 * 1024 * 1024,
        fieldSize: 64 * 1024,
        fieldErrors: true,
        messages: {
          notMultipart:
            "Send the file as multipart/form-data with the fields file, mapping and mode.",
          missing: RosterMessages.fileMissing,
          tooLarge: RosterMessages.fileTooLarge,
        },
      });
      if (!file && !fields.importId) throw bad(RosterMessages.fileMissing, "file");
      if (file && !looksLikeTable(file.data))
        throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", RosterMessages.fileType, {
          file: RosterMessages.fileType,
        });
      const mode = fields.mode ?? "preview";
      if (mode === "sync" || !(IMPORT_MODES as readonly string[]).includes(mode))
        throw bad(RosterMessages.mode, "mode");
      const stop = fields.stopOnErrors ?? "false";
      if (stop !== "true" && stop !== "false") throw bad(RosterMessages.flag, "stopOnErrors");
      return runHistoryImport(
        db,
        {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          appUrl: app.deps.env.APP_URL,
          language,
        },
        actorOf(request),
        {
          file: file ? { name: file.fileName, data: file.data } : null,
          importId: fields.importId ?? null,
          mapping: parseMapping(fields.mapping, GRIEVANCE_IMPORT_FIELDS) as Record<
            string,
            string
          > | null,
          mode: mode as "preview" | "apply",
          stopOnErrors: stop === "true",
        },
        (message) => messageIn(language, message),
        now(app),
      );
    },
  );
}
