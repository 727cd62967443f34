import { pricingCatalogue } from "../../../shared/plans.ts";
import { ZPricingQuery, ZPricingResponse } from "../../../shared/schemas/pricing.ts";
import type { AppInstance } from "../../app.ts";

/**
 * GET /api/pricing-plans: the one catalogue (product-decisions.md 20), hidden plans included with their
 * `isHidden` flag so that ids stay stable; the pages decide what to show. Browsers and proxies
 * may keep it 5 minutes (the spec's cache); `?refresh=true` asks for a fresh copy.
 */
export function pricingRoutes(app: AppInstance): void {
  const catalogue = pricingCatalogue();

  app.get(
    "/api/pricing-plans",
    {
      config: { access: "public" },
      schema: { querystring: ZPricingQuery, response: { 200: ZPricingResponse } },
    },
    async (request, reply) => {
      const refresh = request.query.refresh === "true";
      reply.header("cache-control", refresh ? "no-store" : "public, max-age=300");
      return refresh ? pricingCatalogue() : catalogue;
    },
  );
}
