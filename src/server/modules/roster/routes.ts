import {
  IMPORT_MODES,
  RosterMessages,
  ZPersonGrievances,
  ZRosterFields,
  ZRosterImportResult,
  ZRosterInvitationAction,
  ZRosterInvitationResult,
  ZRosterPage,
  ZRosterPerson,
  ZRosterQuery,
  ZRosterUpdate,
} from "../../../shared/schemas/roster.ts";
import type { AppInstance } from "../../app.ts";
import { AppError } from "../../lib/errors.ts";
import { readUpload } from "../../lib/files/read-upload.ts";
import { assertUploadRate } from "../../lib/files/upload-guards.ts";
import { messageIn } from "../../lib/i18n/index.ts";
import { looksLikeTable } from "../../lib/imports/read-table.ts";
import { ZIdParams } from "../../lib/routes.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { type ImportRequest, parseMapping, runRosterImport } from "./import-service.ts";
import { changeInvitations } from "./invitations.ts";
import { addPerson, listRoster, updatePerson } from "./people.ts";
import { listPersonGrievances } from "./person-grievances.ts";

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const bad = (message: string, field: string) =>
  new AppError(400, "VALIDATION_FAILED", message, { [field]: message });

const flag = (value: string | undefined, field: string) => {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  throw bad(RosterMessages.flag, field);
};

/**
 * The roster (issue 29): stewards and admins list, add and edit people; admins import the
 * employer's list. Members keep the directory (`/api/members`).
 */
export function rosterRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.get(
    "/api/roster",
    {
      config: { access: "manage:roster" },
      schema: { querystring: ZRosterQuery, response: { 200: ZRosterPage } },
    },
    async (request) => {
      const { hasAccount, ...query } = request.query;
      return listRoster(db, requireTenant(request).organizationId, {
        ...query,
        hasAccount: hasAccount === undefined ? undefined : hasAccount === "true",
      });
    },
  );

  app.post(
    "/api/roster",
    {
      config: { access: "manage:roster" },
      schema: { body: ZRosterFields, response: { 201: ZRosterPerson } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addPerson(db, requireTenant(request).organizationId, request.body)),
  );

  app.patch(
    "/api/roster/:id",
    {
      config: { access: "manage:roster" },
      schema: {
        params: ZIdParams,
        body: ZRosterUpdate,
        response: { 200: ZRosterPerson },
      },
    },
    async (request) =>
      updatePerson(db, requireTenant(request).organizationId, request.params.id, request.body),
  );

  // Stewards and admins: the person's open cases, for 'Log contact' on the roster (issue 34).
  app.get(
    "/api/roster/:id/grievances",
    {
      config: { access: "manage:roster" },
      schema: {
        params: ZIdParams,
        response: { 200: ZPersonGrievances },
      },
    },
    async (request) =>
      listPersonGrievances(db, requireTenant(request).organizationId, request.params.id),
  );

  rosterInvitationRoutes(app);
}

/** Inviting roster people and importing the roster. */
function rosterInvitationRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.post(
    "/api/roster/invitations",
    {
      config: { access: "manage:roster" },
      schema: { body: ZRosterInvitationAction, response: { 200: ZRosterInvitationResult } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      return changeInvitations(
        db,
        {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          appUrl: app.deps.env.APP_URL,
          language: requireUser(request).language,
        },
        request.body,
      );
    },
  );

  app.post(
    "/api/roster/import",
    { config: { access: "import:roster" }, schema: { response: { 200: ZRosterImportResult } } },
    async (request) => {
      const tenant = requireTenant(request);
      const language = requireUser(request).language;
      await assertUploadRate(db, tenant.userId);
      const upload = await readOptionalUpload(request);
      const mode = upload.fields.mode ?? "preview";
      if (!(IMPORT_MODES as readonly string[]).includes(mode))
        throw bad(RosterMessages.mode, "mode");
      const req: ImportRequest = {
        file: upload.file,
        importId: upload.fields.importId ?? null,
        mapping: parseMapping(upload.fields.mapping),
        mode: mode as ImportRequest["mode"],
        sync: flag(upload.fields.sync, "sync"),
        invite: flag(upload.fields.invite, "invite"),
        stopOnErrors: flag(upload.fields.stopOnErrors, "stopOnErrors"),
      };
      return runRosterImport(
        db,
        {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          appUrl: app.deps.env.APP_URL,
          language,
        },
        req,
        (message) => messageIn(language, message),
      );
    },
  );

  /** The file is optional when the fields name a stored import (`importId`). */
  async function readOptionalUpload(request: Parameters<typeof requireTenant>[0]) {
    const rules = {
      maxBytes: IMPORT_MAX_BYTES,
      fieldSize: 64 * 1024,
      fieldErrors: true,
      messages: {
        notMultipart:
          "Send the file as multipart/form-data with the fields file, mapping, mode and invite.",
        missing: RosterMessages.fileMissing,
        tooLarge: RosterMessages.fileTooLarge,
      },
    };
    const { file, fields } = await readUpload(request, rules);
    if (!file) {
      if (fields.importId) return { file: null, fields };
      throw bad(RosterMessages.fileMissing, "file");
    }
    if (!looksLikeTable(file.data)) {
      throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", RosterMessages.fileType, {
        file: RosterMessages.fileType,
      });
    }
    return { file: { name: file.fileName, data: file.data }, fields };
  }
}
