import { z } from "zod";
import {
  ZEmployerContact,
  ZEmployerContactInput,
  ZEmployerContactPatch,
} from "../../../shared/schemas/employer.ts";
import type { AppInstance } from "../../app.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import { requireTenant } from "../../plugins/access.ts";

const ZContactId = z.object({ id: z.string().max(40) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = ["id", "name", "title", "email"] as const;
const contactNotFound = () => notFound("Contact Not Found");

/**
 * The employer's representatives (issue 20): stewards and admins read them (to serve), admins
 * keep them. A contact removed or changed later leaves earlier services as they were served.
 */
export function contactRoutes(app: AppInstance): void {
  const { db } = app.deps;
  const inTenant = <T>(
    request: Parameters<typeof requireTenant>[0],
    fn: (trx: TenantTx, org: string) => Promise<T>,
  ) => {
    const org = requireTenant(request).organizationId;
    return withTenant(db, org, (trx) => fn(trx, org));
  };

  app.get(
    "/api/employer-contacts",
    {
      config: { access: "update:grievance" },
      schema: { response: { 200: z.object({ items: z.array(ZEmployerContact) }) } },
    },
    async (request) => ({
      items: await inTenant(request, (trx, org) =>
        trx
          .selectFrom("employerContacts")
          .select(COLUMNS)
          .where("organizationId", "=", org)
          .orderBy("name")
          .orderBy("id")
          .execute(),
      ),
    }),
  );

  app.post(
    "/api/employer-contacts",
    {
      config: { access: "manage:organization" },
      schema: { body: ZEmployerContactInput, response: { 201: ZEmployerContact } },
    },
    async (request, reply) => {
      const row = await inTenant(request, (trx, org) =>
        trx
          .insertInto("employerContacts")
          .values({ organizationId: org, ...request.body })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow(),
      );
      return reply.status(201).send(row);
    },
  );

  app.patch(
    "/api/employer-contacts/:id",
    {
      config: { access: "manage:organization" },
      schema: {
        params: ZContactId,
        body: ZEmployerContactPatch,
        response: { 200: ZEmployerContact },
      },
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw contactNotFound();
      const row = await inTenant(request, async (trx, org) => {
        const change = Object.fromEntries(
          Object.entries(request.body).filter(([, v]) => v !== undefined),
        );
        const q = trx
          .selectFrom("employerContacts")
          .select(COLUMNS)
          .where("organizationId", "=", org)
          .where("id", "=", request.params.id);
        if (Object.keys(change).length === 0) return q.executeTakeFirst();
        return trx
          .updateTable("employerContacts")
          .set(change)
          .where("organizationId", "=", org)
          .where("id", "=", request.params.id)
          .returning(COLUMNS)
          .executeTakeFirst();
      });
      if (!row) throw contactNotFound();
      return row;
    },
  );

  app.delete(
    "/api/employer-contacts/:id",
    { config: { access: "manage:organization" }, schema: { params: ZContactId } },
    async (request, reply) => {
      if (!UUID.test(request.params.id)) throw contactNotFound();
      const gone = await inTenant(request, (trx, org) =>
        trx
          .deleteFrom("employerContacts")
          .where("organizationId", "=", org)
          .where("id", "=", request.params.id)
          .executeTakeFirst(),
      );
      if (Number(gone.numDeletedRows) === 0) throw contactNotFound();
      return reply.status(204).send();
    },
  );
}
