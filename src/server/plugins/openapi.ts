import swagger from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { AppInstance } from "../app.ts";

/**
 * The API described from the same zod schemas that validate it (DESIGN.md), served at
 * GET /api/openapi.json. Registered before the routes: @fastify/swagger collects them as
 * they are added. Each operation says who may call it (the route's access rule).
 */
export async function registerOpenApi(app: AppInstance, appUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "UnionHall API",
        version: "1",
        description:
          "Signed-in routes use the session cookie set by /api/auth/sign-in/email. Tenant data always belongs to the caller's organization.",
      },
      servers: [{ url: appUrl }],
    },
    hideUntagged: false,
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = (input.route.config as { access?: string } | undefined)?.access;
      const tag = input.url.split("/")[2] ?? "api";
      return {
        ...out,
        schema: {
          ...out.schema,
          tags: [tag],
          ...(access ? { description: `Access: ${access}` } : {}),
        },
      };
    },
  });

  app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, () =>
    app.swagger(),
  );
}
