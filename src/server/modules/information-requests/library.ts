import { sql } from "kysely";
import { z } from "zod";
import {
  DEFAULT_LIBRARY_ITEMS,
  DEFAULT_LIBRARY_TEXT,
  type TDefaultLibraryItem,
  type TLibraryItem,
  ZLibrary,
  ZLibraryInput,
  ZLibraryItem,
} from "../../../shared/schemas/information-requests.ts";
import type { AppInstance } from "../../app.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { requireTenant } from "../../plugins/access.ts";

const DEFAULT_PREFIX = "default-";
const isDefault = (key: string): key is TDefaultLibraryItem =>
  (DEFAULT_LIBRARY_ITEMS as readonly string[]).includes(key);

/**
 * The library: the defaults the local has not removed (each shown in the reader's language by
 * its key, product-decisions.md 37), then the local's own texts, oldest first.
 */
async function readLibrary(trx: TenantTx, organizationId: string): Promise<TLibraryItem[]> {
  const rows = await trx
    .selectFrom("informationItemLibrary")
    .select(["id", "removedDefault", "text"])
    .where("organizationId", "=", organizationId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const removed = new Set(rows.map((r) => r.removedDefault).filter(Boolean));
  return [
    ...DEFAULT_LIBRARY_ITEMS.filter((key) => !removed.has(key)).map((key) => ({
      id: `${DEFAULT_PREFIX}${key}`,
      key,
      text: DEFAULT_LIBRARY_TEXT[key],
    })),
    ...rows.flatMap((r) => (r.text === null ? [] : [{ id: r.id, key: null, text: r.text }])),
  ];
}

/** GET, POST and DELETE /api/information-request-library: stewards and admins keep it. */
export function libraryRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.get(
    "/api/information-request-library",
    { config: { access: "update:grievance" }, schema: { response: { 200: ZLibrary } } },
    async (request) => {
      const tenant = requireTenant(request);
      return withTenant(db, tenant.organizationId, async (trx) => ({
        items: await readLibrary(trx, tenant.organizationId),
      }));
    },
  );

  app.post(
    "/api/information-request-library",
    {
      config: { access: "update:grievance" },
      schema: { body: ZLibraryInput, response: { 201: ZLibraryItem } },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const text = request.body.text;
      const row = await withTenant(db, tenant.organizationId, async (trx) => {
        const same = (await readLibrary(trx, tenant.organizationId)).some(
          (i) => i.text.toLowerCase() === text.toLowerCase(),
        );
        if (same) return null;
        return trx
          .insertInto("informationItemLibrary")
          .values({ organizationId: tenant.organizationId, text })
          .onConflict((oc) => oc.doNothing())
          .returning(["id", "text"])
          .executeTakeFirst();
      });
      if (!row)
        throw new AppError(400, "VALIDATION_FAILED", "This item is already in the library.", {
          text: "This item is already in the library.",
        });
      return reply.status(201).send({ id: row.id, key: null, text: row.text ?? text });
    },
  );

  app.delete(
    "/api/information-request-library/:id",
    {
      config: { access: "update:grievance" },
      schema: { params: z.object({ id: z.string().min(1).max(60) }) },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const id = request.params.id;
      const org = tenant.organizationId;
      await withTenant(db, org, async (trx) => {
        if (id.startsWith(DEFAULT_PREFIX)) {
          const key = id.slice(DEFAULT_PREFIX.length);
          if (!isDefault(key)) throw notFound("Item Not Found");
          await sql`INSERT INTO information_item_library (organization_id, removed_default)
            VALUES (${org}, ${key}) ON CONFLICT DO NOTHING`.execute(trx);
          return;
        }
        if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("Item Not Found");
        // Removing the local's own text: the row goes (it is a list entry, not a record).
        const gone = await trx
          .deleteFrom("informationItemLibrary")
          .where("organizationId", "=", org)
          .where("id", "=", id)
          .where("text", "is not", null)
          .returning("id")
          .executeTakeFirst();
        if (!gone) throw notFound("Item Not Found");
      });
      return reply.status(204).send();
    },
  );
}
