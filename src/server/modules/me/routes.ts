import { ZMe } from "../../../shared/schemas/auth.ts";
import type { AppInstance } from "../../app.ts";
import { requireUser } from "../../plugins/access.ts";
import { findMembership } from "./repo.ts";

export function meRoutes(app: AppInstance): void {
  app.get(
    "/api/me",
    { config: { access: "signedIn" }, schema: { response: { 200: ZMe } } },
    async (request) => {
      const user = requireUser(request);
      const membership = await findMembership(app.deps.db, user.id);
      return {
        user: { id: user.id, name: user.name, email: user.email, accountType: user.accountType },
        organization: membership
          ? { id: membership.organizationId, name: membership.organizationName }
          : null,
        role: membership?.role ?? null,
      };
    },
  );
}
