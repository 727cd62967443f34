import { z } from "zod";
import {
  type TOrganizationExport,
  ZExportId,
  ZOrganizationExport,
} from "../../../shared/schemas/exports.ts";
import type { AppInstance } from "../../app.ts";
import { isUniqueViolation, withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import { now } from "../../lib/routes.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { caseFilePool } from "../grievances/index.ts";
import { runWaitingExports } from "./job.ts";

const COLUMNS = [
  "id",
  "state",
  "progress",
  "size",
  "createdAt",
  "expiresAt",
  "storageKey",
] as const;

interface Row {
  id: string;
  state: TOrganizationExport["state"];
  progress: number;
  size: string | null;
  createdAt: Date | string;
  expiresAt: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function present(row: Row, now: Date): TOrganizationExport {
  const live = row.state === "ready" && row.expiresAt !== null && new Date(row.expiresAt) > now;
  return {
    id: row.id,
    state: row.state === "ready" && !live ? "expired" : row.state,
    progress: row.progress,
    url: live ? `/api/organization/exports/${row.id}/download` : null,
    size: row.size === null ? null : Number(row.size),
    createdAt: iso(row.createdAt),
    expiresAt: row.expiresAt === null ? null : iso(row.expiresAt),
  };
}

/**
 * The organization export (issue 32): an admin starts one, follows its progress, and downloads
 * the ZIP until it expires. The work runs as a job (job.ts), never on the request.
 */
export function exportRoutes(app: AppInstance): void {
  const { db, storage, log } = app.deps;
  const kick = () =>
    void runWaitingExports({
      db,
      storage,
      caseFiles: caseFilePool(app),
      appUrl: app.deps.env.APP_URL,
      log,
      now: () => now(app),
    }).catch((error) => log.error({ err: error }, "exports did not run"));

  app.post(
    "/api/organization/exports",
    {
      // A read-only organization (its plan ended) may still take its data away.
      config: { access: "manage:organization", whileReadOnly: true },
      schema: { response: { 202: z.object({ id: z.string() }) } },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const user = requireUser(request);
      const org = tenant.organizationId;
      // One at a time per organization: a second click answers the export under way.
      const id = await withTenant(db, org, async (trx) => {
        const active = async () =>
          trx
            .selectFrom("organizationExports")
            .select("id")
            .where("organizationId", "=", org)
            .where("state", "in", ["queued", "running"])
            .executeTakeFirst();
        const existing = await active();
        if (existing) return existing.id;
        try {
          const row = await trx
            .insertInto("organizationExports")
            .values({ organizationId: org, requestedBy: user.id, language: user.language })
            .returning("id")
            .executeTakeFirstOrThrow();
          return row.id;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          return null;
        }
      });
      // Two clicks at the same moment: the other one's insert won.
      const answer: string =
        id ??
        (await withTenant(db, org, (trx) =>
          trx
            .selectFrom("organizationExports")
            .select("id")
            .where("organizationId", "=", org)
            .where("state", "in", ["queued", "running"])
            .executeTakeFirstOrThrow(),
        ).then((r) => r.id));
      kick();
      return reply.status(202).send({ id: answer });
    },
  );

  exportReadRoutes(app);
}

/** The exports listed, one read, and its file downloaded. */
function exportReadRoutes(app: AppInstance): void {
  const { db, storage } = app.deps;
  app.get(
    "/api/organization/exports",
    {
      config: { access: "manage:organization" },
      schema: { response: { 200: z.object({ items: z.array(ZOrganizationExport) }) } },
    },
    async (request) => {
      const org = requireTenant(request).organizationId;
      const rows = await withTenant(db, org, (trx) =>
        trx
          .selectFrom("organizationExports")
          .select(COLUMNS)
          .where("organizationId", "=", org)
          .orderBy("createdAt", "desc")
          .limit(5)
          .execute(),
      );
      const at = now(app);
      return { items: rows.map((r) => present(r, at)) };
    },
  );

  app.get(
    "/api/organization/exports/:id",
    {
      config: { access: "manage:organization" },
      schema: { params: ZExportId, response: { 200: ZOrganizationExport } },
    },
    async (request) => {
      const row = await findExport(request.params.id, requireTenant(request).organizationId);
      return present(row, now(app));
    },
  );

  app.get(
    "/api/organization/exports/:id/download",
    { config: { access: "manage:organization" }, schema: { params: ZExportId } },
    async (request, reply) => {
      const row = await findExport(request.params.id, requireTenant(request).organizationId);
      const shown = present(row, now(app));
      if (shown.state === "expired")
        throw new AppError(410, "GONE", "This export has expired. Please start a new one.");
      if (shown.state !== "ready" || !row.storageKey)
        throw new AppError(409, "CONFLICT", "This export is not ready yet.");
      const stored = await storage.get(row.storageKey);
      if (!stored)
        throw new AppError(410, "GONE", "This export has expired. Please start a new one.");
      return reply
        .type("application/zip")
        .header("content-length", stored.size)
        .header(
          "content-disposition",
          contentDisposition(
            "attachment",
            `organization-export-${iso(row.createdAt).slice(0, 10)}`,
            "zip",
          ),
        )
        .header("cache-control", "private, no-store")
        .send(stored.stream);
    },
  );

  async function findExport(id: string, org: string) {
    const row = await withTenant(db, org, (trx) =>
      trx
        .selectFrom("organizationExports")
        .select(COLUMNS)
        .where("organizationId", "=", org)
        .where("id", "=", id)
        .executeTakeFirst(),
    );
    if (!row) throw notFound("Export Not Found");
    return row;
  }
}
