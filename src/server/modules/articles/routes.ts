import { ZContractArticles } from "../../../shared/schemas/articles.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { loadArticles, replaceArticles } from "../../lib/articles/index.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";

/**
 * The contract's article list (issue 30, docs/decisions/034): everyone in the organization
 * reads it (the grievance form picks from it); admins replace it whole, and the
 * organization's grievances are matched again in the same transaction.
 */
export function articleRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.get(
    "/api/organization/articles",
    { config: { access: "member" }, schema: { response: { 200: ZContractArticles } } },
    async (request) => {
      const { organizationId } = requireTenant(request);
      return withTenant(db, organizationId, (trx) => loadArticles(trx, organizationId));
    },
  );

  app.put(
    "/api/organization/articles",
    {
      config: { access: "manage:organization" },
      schema: { body: ZContractArticles, response: { 200: ZContractArticles } },
    },
    async (request) => {
      const { organizationId } = requireTenant(request);
      const userId = requireUser(request).id;
      await withTenant(db, organizationId, (trx) =>
        replaceArticles(trx, organizationId, request.body, userId),
      );
      return request.body;
    },
  );
}
