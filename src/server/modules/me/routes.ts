import { permissionsFor } from "../../../shared/permissions.ts";
import { ZMe } from "../../../shared/schemas/auth.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { organizationWriteLock, WRITE_LOCK_MESSAGES } from "../../lib/tenancy/write-lock.ts";
import { findTenant, requireUser } from "../../plugins/access.ts";
import { findMembershipDetails } from "./repo.ts";

export function meRoutes(app: AppInstance): void {
  app.get(
    "/api/me",
    { config: { access: "signedIn" }, schema: { response: { 200: ZMe } } },
    async (request) => {
      const user = requireUser(request);
      const tenant = await findTenant(app.deps.db, user.id);
      const details = tenant
        ? await withTenant(app.deps.db, tenant.organizationId, (trx) =>
            findMembershipDetails(trx, tenant.organizationId, user.id),
          )
        : undefined;
      // The portal shows it on every page and hides the writes the server would refuse.
      const lock = details ? await organizationWriteLock(app.deps.db, details.id) : null;
      return {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          accountType: user.accountType,
          image: user.image,
          badgeNumber: details?.badgeNumber ?? null,
          department: details?.department ?? null,
          facility: details?.facility ?? null,
          twoFactorEnabled: user.twoFactorEnabled,
          language: user.language,
        },
        organization: details
          ? {
              id: details.id,
              name: details.name,
              plan: details.plan,
              status: details.status,
              setupCompleted: details.setupCompleted,
              requireTwoFactor: details.requireTwoFactor,
              readOnly: lock ? WRITE_LOCK_MESSAGES[lock] : null,
            }
          : null,
        role: details?.role ?? null,
        permissions: details ? [...permissionsFor(details.role)] : [],
      };
    },
  );
}
