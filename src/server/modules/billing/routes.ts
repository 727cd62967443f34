import { z } from "zod";
import {
  ZBillingOverview,
  ZCheckoutRequest,
  ZCheckoutSession,
  ZCheckoutUrl,
  ZTestCheckout,
} from "../../../shared/schemas/billing.ts";
import type { AppInstance } from "../../app.ts";
import { AppError } from "../../lib/errors.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { readCheckoutSession, startCheckout } from "./checkout.ts";
import { type BillingConfig, createBillingProvider, stripeClient } from "./provider.ts";
import { type BillingContext, billingOverview, portalUrl } from "./service.ts";
import { handleStripeEvent } from "./stripe-events.ts";
import { cancelTestSubscription, finishTestCheckout, readTestCheckout } from "./test-mode.ts";
import { verifyStripeEvent } from "./webhook.ts";

const ZSessionId = z.object({ id: z.string().min(1).max(255) });

/** Billing (issue 8): checkout, the session read-back, Stripe webhooks, the admin's billing page. */
export function billingRoutes(app: AppInstance, config: BillingConfig): void {
  const ctx: BillingContext = {
    db: app.deps.db,
    provider: createBillingProvider(config),
    appUrl: config.APP_URL,
  };

  app.post(
    "/api/create-checkout-session",
    {
      config: { access: "signedIn" },
      schema: { body: ZCheckoutRequest, response: { 200: ZCheckoutUrl } },
    },
    async (request) => startCheckout(ctx, requireUser(request), request.body),
  );

  app.get(
    "/api/checkout-session/:id",
    {
      config: { access: "signedIn" },
      schema: { params: ZSessionId, response: { 200: ZCheckoutSession } },
    },
    async (request) => readCheckoutSession(ctx.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/api/billing",
    { config: { access: "manage:billing" }, schema: { response: { 200: ZBillingOverview } } },
    async (request) => billingOverview(ctx, requireTenant(request).organizationId),
  );

  app.post(
    "/api/billing/portal",
    { config: { access: "manage:billing" }, schema: { response: { 200: ZCheckoutUrl } } },
    async (request) => ({ url: await portalUrl(ctx, requireTenant(request).organizationId) }),
  );

  // Test mode (no STRIPE_SECRET_KEY): the checkout and portal pages' calls.
  app.get(
    "/api/billing/test-checkout/:id",
    {
      config: { access: "signedIn" },
      schema: { params: ZSessionId, response: { 200: ZTestCheckout } },
    },
    async (request) => readTestCheckout(ctx, requireUser(request).id, request.params.id),
  );
  for (const outcome of ["complete", "cancel"] as const) {
    app.post(
      `/api/billing/test-checkout/:id/${outcome}`,
      {
        config: { access: "signedIn" },
        schema: { params: ZSessionId, response: { 200: ZCheckoutUrl } },
      },
      async (request) =>
        finishTestCheckout(ctx, requireUser(request).id, request.params.id, outcome),
    );
  }
  app.post(
    "/api/billing/test-portal/cancel",
    { config: { access: "manage:billing" } },
    async (request, reply) => {
      await cancelTestSubscription(ctx, requireTenant(request).organizationId);
      return reply.status(204).send();
    },
  );

  // Stripe webhooks: the signature is over the exact bytes, so this route alone reads the body raw.
  const stripe = stripeClient(config);
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    scope.post("/api/stripe/webhook", { config: { access: "public" } }, async (request, reply) => {
      const secret = config.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new AppError(503, "UNAVAILABLE", "Stripe webhooks are not configured.");
      const signature = request.headers["stripe-signature"];
      const body = request.body;
      if (typeof signature !== "string" || !Buffer.isBuffer(body)) {
        throw new AppError(400, "VALIDATION_FAILED", "Missing Stripe signature.");
      }
      const event = verifyStripeEvent(stripe, body, signature, secret);
      const result = await handleStripeEvent(ctx, event, (err) =>
        request.log.error({ err, event: event.id }, "Stripe call after a webhook failed"),
      );
      return reply.send({ received: true, duplicate: result === "duplicate" });
    });
  });
}
