import { sql } from "kysely";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Billing (issue 8): the real stripe SDK against a fake Stripe server on 127.0.0.1, signed
 * webhook events, and the built-in test-mode provider.
 */
const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";
const stripe = new Stripe("sk_test_unused");

let fake: FakeStripe;
let t: TestApp;
let org: TestOrganization;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake_key",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  });
  org = await createOrganization(t, "Billing Local 9", "starter");
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function orgState(organizationId: string) {
  return withTenant(t.db, organizationId, async (trx) => {
    const { rows } = await sql<{
      plan: string;
      billingCycle: string;
      status: string;
      currentPeriodEnd: Date | null;
      billingSubscriptionId: string | null;
    }>`SELECT plan, billing_cycle, status, current_period_end, billing_subscription_id
       FROM organizations WHERE id = ${organizationId}`.execute(trx);
    return rows[0];
  });
}

interface SessionSent {
  mode: string;
  payment_method_collection: string;
  metadata: Record<string, string>;
  success_url: string;
  subscription_data: { trial_period_days: number | null };
}
const sessionOf = (id: string) => fake.sessions.get(id) as unknown as SessionSent;

const lastSessionId = () => [...fake.sessions.keys()].at(-1) as string;

async function checkout(body: unknown, client = org.admin.client) {
  const res = await client.post("/api/create-checkout-session", body);
  return res;
}

describe("checkout through Stripe", () => {
  it("creates a subscription checkout for a plan, with prices from the catalogue and the trial", async () => {
    const res = await checkout({ planId: "growth", billingCycle: "yearly" });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sessionId = lastSessionId();
    expect(fake.sessionCharges(sessionId)).toEqual([{ unitAmount: 29000, recurring: "year" }]);
    const session = sessionOf(sessionId);
    expect(session.mode).toBe("subscription");
    expect(session.metadata).toMatchObject({
      organizationId: org.id,
      planId: "growth",
      billingCycle: "yearly",
    });
    expect(session.subscription_data.trial_period_days).toBeGreaterThanOrEqual(13);
    // The trial starts without a card: Stripe collects one only when money is due.
    expect(session.payment_method_collection).toBe("if_required");
    expect(session.success_url).toBe(
      "http://localhost:3000/onboarding/complete?session_id={CHECKOUT_SESSION_ID}",
    );
    // The price was created with a lookup key, not pasted in.
    const created = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/prices");
    expect(created.map((r) => r.params.lookup_key)).toEqual(["uh_plan_growth_yearly_290"]);
    expect(fake.requests.every((r) => r.authorization === "Bearer sk_test_fake_key")).toBe(true);
  });

  it("looks up an existing price by lookup key instead of creating another", async () => {
    const before = fake.prices.size;
    const res = await checkout({ planId: "growth", billingCycle: "yearly" });
    expect(res.statusCode).toBe(200);
    expect(fake.prices.size).toBe(before);
  });

  it("finds prices already in Stripe by lookup key (a fresh server process)", async () => {
    const fresh = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: "sk_test_fake_key",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
      },
    });
    try {
      const other = await createOrganization(fresh, "Fresh Local", "starter");
      const before = fake.prices.size;
      const res = await checkout({ planId: "growth", billingCycle: "yearly" }, other.admin.client);
      expect(res.statusCode).toBe(200);
      expect(fake.prices.size).toBe(before);
      const list = fake.requests
        .filter((r) => r.method === "GET" && r.path === "/v1/prices")
        .at(-1);
      expect(list?.params["lookup_keys[0]"]).toBe("uh_plan_growth_yearly_290");
    } finally {
      await fresh.close();
    }
  });

  it("charges Founders the plan plus the 3500 one-time set-up fee, without a trial", async () => {
    const res = await checkout({
      planId: "founders",
      billingCycle: "monthly",
      isFoundersPlan: true,
    });
    expect(res.statusCode).toBe(200);
    const sessionId = lastSessionId();
    expect(fake.sessionCharges(sessionId)).toEqual([
      { unitAmount: 12500, recurring: "month" },
      { unitAmount: 350000, recurring: null },
    ]);
    expect(sessionOf(sessionId).subscription_data.trial_period_days).toBeNull();
    // Paid today: the card is always collected.
    expect(sessionOf(sessionId).payment_method_collection).toBe("always");
  });

  it("charges a website package's set-up and hosting with the chosen add-ons", async () => {
    const res = await checkout({
      packageId: "union-labor",
      paymentOption: "setup-monthly",
      addOns: ["advanced-grievance-workflow", "voting"],
    });
    expect(res.statusCode).toBe(200);
    expect(fake.sessionCharges(lastSessionId())).toEqual([
      { unitAmount: (1500 + 149) * 100, recurring: null },
      { unitAmount: (55 + 25) * 100, recurring: "month" },
    ]);
  });

  it("charges the down payment and the monthly payments when paying over time", async () => {
    const res = await checkout({
      packageId: "union-labor",
      paymentOption: "pay-over-time",
      addOns: ["strike-fund"],
    });
    expect(res.statusCode).toBe(200);
    expect(fake.sessionCharges(lastSessionId())).toEqual([
      { unitAmount: 45000, recurring: null },
      { unitAmount: (125 + 15) * 100, recurring: "month" },
    ]);
    expect(sessionOf(lastSessionId()).metadata.installments).toBe("12");
  });

  it("ignores prices in a tampered body: what is charged comes from the catalogue", async () => {
    const tampered = await checkout({
      packageId: "union-labor",
      paymentOption: "setup-monthly",
      addOns: ["advanced-grievance-workflow", "voting", "free-money", "keepsake-export"],
      price: 1,
      priceId: "price_attacker",
      setupFee: 0,
      unitAmount: 1,
      amount: 1,
    });
    expect(tampered.statusCode).toBe(200);
    expect(fake.sessionCharges(lastSessionId())).toEqual([
      { unitAmount: (1500 + 149) * 100, recurring: null },
      { unitAmount: (55 + 25) * 100, recurring: "month" },
    ]);
    const founders = await checkout({ planId: "founders", billingCycle: "yearly", setupFee: 0 });
    expect(founders.statusCode).toBe(200);
    expect(fake.sessionCharges(lastSessionId())).toEqual([
      { unitAmount: 125000, recurring: "year" },
      { unitAmount: 350000, recurring: null },
    ]);
  });

  it("refuses unknown ids and plans not sold online, creating no session", async () => {
    const sessions = fake.sessions.size;
    for (const body of [
      { planId: "platinum", billingCycle: "monthly" },
      { packageId: "casino", paymentOption: "setup-monthly" },
      { planId: "growth", billingCycle: "weekly" },
      { planId: "enterprise", billingCycle: "monthly" },
      { planId: "coming-soon", billingCycle: "monthly" },
      {},
    ]) {
      const res = await checkout(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(fake.sessions.size).toBe(sessions);
  });

  it("lets only admins buy the organization's plan, and only signed-in users buy", async () => {
    expect((await checkout({ planId: "pro" }, org.member.client)).statusCode).toBe(403);
    expect((await checkout({ planId: "pro" }, t.client())).statusCode).toBe(401);
    const user = await t.createSignedIn();
    const loner = user.client;
    const res = await checkout({ planId: "pro" }, loner);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("Create your organization first, then choose its plan.");
  });

  it("reads back the caller's own session only", async () => {
    await checkout({ planId: "growth", billingCycle: "yearly" });
    const id = lastSessionId();
    const own = await org.admin.client.get(`/api/checkout-session/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().metadata).toEqual({ planName: "Growth", billingCycle: "yearly" });
    expect((await org.member.client.get(`/api/checkout-session/${id}`)).statusCode).toBe(404);
    expect((await org.admin.client.get("/api/checkout-session/cs_test_nope")).statusCode).toBe(404);
  });

  it("opens the Stripe customer portal once the organization has a customer", async () => {
    const fresh = await createOrganization(t, "Portal Local", "starter");
    expect((await fresh.admin.client.post("/api/billing/portal")).statusCode).toBe(409);
  });
});

function signed(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return {
    payload,
    header: stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

async function sendEvent(event: Record<string, unknown>, secret?: string) {
  const { payload, header } = signed(event, secret);
  return t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": header },
    payload,
  });
}

let eventCounter = 0;
const event = (type: string, object: Record<string, unknown>, created: number) => ({
  id: `evt_test_${++eventCounter}_${Date.now()}`,
  object: "event",
  type,
  created,
  data: { object },
  api_version: "2025-01-01",
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
});

describe("Stripe webhooks", () => {
  let webhookOrg: TestOrganization;
  let sessionId: string;
  const now = Math.floor(Date.now() / 1000);
  const subscription = (status: string, extra: Record<string, unknown> = {}) => ({
    id: "sub_webhook_1",
    object: "subscription",
    customer: "cus_webhook_1",
    status,
    cancel_at_period_end: false,
    trial_end: null,
    metadata: { organizationId: webhookOrg.id, planId: "growth", billingCycle: "yearly" },
    items: { object: "list", data: [{ id: "si_1", current_period_end: now + 365 * 86400 }] },
    ...extra,
  });

  beforeAll(async () => {
    webhookOrg = await createOrganization(t, "Webhook Local", "starter");
    const res = await checkout(
      { planId: "growth", billingCycle: "yearly" },
      webhookOrg.admin.client,
    );
    expect(res.statusCode).toBe(200);
    sessionId = lastSessionId();
  });

  it("refuses a bad signature or none with 400, changing nothing", async () => {
    const completed = event(
      "checkout.session.completed",
      { id: sessionId, object: "checkout.session", customer: "cus_x", subscription: "sub_x" },
      now,
    );
    const bad = await sendEvent(completed, "whsec_wrong");
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(completed),
    });
    expect(none.statusCode).toBe(400);
    // A valid signature over other bytes is no signature at all.
    const { header } = signed(completed);
    const altered = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": header },
      payload: JSON.stringify({ ...completed, type: "customer.subscription.deleted" }),
    });
    expect(altered.statusCode).toBe(400);
    expect((await orgState(webhookOrg.id))?.plan).toBe("starter");
  });

  it("applies a completed checkout: the organization takes the plan on its trial", async () => {
    const completed = event(
      "checkout.session.completed",
      {
        id: sessionId,
        object: "checkout.session",
        customer: "cus_webhook_1",
        subscription: "sub_webhook_1",
        metadata: { organizationId: webhookOrg.id },
      },
      now,
    );
    const res = await sendEvent(completed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await orgState(webhookOrg.id)).toMatchObject({
      plan: "growth",
      billingCycle: "yearly",
      status: "trialing",
      billingSubscriptionId: "sub_webhook_1",
    });
    const back = await webhookOrg.admin.client.get(`/api/checkout-session/${sessionId}`);
    expect(back.json().status).toBe("complete");
  });

  it("applies each event once", async () => {
    const paid = event(
      "invoice.paid",
      {
        id: "in_webhook_1",
        object: "invoice",
        customer: "cus_webhook_1",
        amount_paid: 29000,
        created: now + 10,
        hosted_invoice_url: "https://invoice.stripe.test/i/1",
        parent: { subscription_details: { subscription: "sub_webhook_1", metadata: {} } },
        lines: { object: "list", data: [{ period: { start: now, end: now + 365 * 86400 } }] },
      },
      now + 10,
    );
    const first = await sendEvent(paid);
    const second = await sendEvent(paid);
    expect(first.json().duplicate).toBe(false);
    expect(second.statusCode).toBe(200);
    expect(second.json().duplicate).toBe(true);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM billing_events WHERE id = ${paid.id}`.execute(t.db);
    expect(rows[0]?.n).toBe(1);
    const billing = (await webhookOrg.admin.client.get("/api/billing")).json();
    expect(billing.status).toBe("active");
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0]).toMatchObject({ id: "in_webhook_1", amountPaid: 29000 });
    expect(billing.planName).toBe("Growth");
    expect(billing.provider).toBe("stripe");
  });

  it("ignores an event older than the last one applied (out of order)", async () => {
    // Stripe delivers an old 'trialing' update after the paid invoice: it must not win.
    const stale = event("customer.subscription.updated", subscription("trialing"), now + 5);
    expect((await sendEvent(stale)).statusCode).toBe(200);
    expect((await orgState(webhookOrg.id))?.status).toBe("active");
    // A newer update applies.
    const fresh = event("customer.subscription.updated", subscription("past_due"), now + 20);
    await sendEvent(fresh);
    expect((await orgState(webhookOrg.id))?.status).toBe("past_due");
  });

  it("mails the admins when a payment fails", async () => {
    const failed = event(
      "invoice.payment_failed",
      {
        id: "in_webhook_2",
        object: "invoice",
        customer: "cus_webhook_1",
        amount_paid: 0,
        created: now + 30,
        parent: { subscription_details: { subscription: "sub_webhook_1", metadata: {} } },
        lines: { object: "list", data: [] },
      },
      now + 30,
    );
    expect((await sendEvent(failed)).statusCode).toBe(200);
    const { rows } = await sql<{ toAddress: string; subject: string }>`
      SELECT to_address, subject FROM mail_outbox WHERE subject LIKE 'Payment failed%'`.execute(
      t.db,
    );
    expect(rows).toEqual([
      {
        toAddress: webhookOrg.admin.email,
        subject: "Payment failed for Webhook Local on UnionHall",
      },
    ]);
  });

  it("mails the admins when the trial is about to end", async () => {
    const ending = event(
      "customer.subscription.trial_will_end",
      subscription("trialing", { trial_end: now + 3 * 86400 }),
      now + 31,
    );
    expect((await sendEvent(ending)).statusCode).toBe(200);
    const { rows } = await sql<{ toAddress: string }>`
      SELECT to_address FROM mail_outbox WHERE subject LIKE 'Your UnionHall trial%'`.execute(t.db);
    expect(rows.map((r) => r.toAddress)).toEqual([webhookOrg.admin.email]);
  });

  it("makes a canceled organization read-only, billing excepted; an old event does not revive it", async () => {
    const deleted = event("customer.subscription.deleted", subscription("canceled"), now + 40);
    expect((await sendEvent(deleted)).statusCode).toBe(200);
    expect((await orgState(webhookOrg.id))?.status).toBe("canceled");
    const late = event("customer.subscription.updated", subscription("active"), now + 35);
    await sendEvent(late);
    expect((await orgState(webhookOrg.id))?.status).toBe("canceled");

    const write = await webhookOrg.member.client.post("/api/grievances", {
      name: "After Cancel",
      badgeNumber: "C-1",
      jobTitle: "Manager",
      department: "Sales",
      location: "Main Office",
      description: "Filed after the subscription was canceled.",
      remedy: "None, this must be refused.",
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toMatch(/canceled: it is read-only for 30 days/);
    const adminWrite = await webhookOrg.admin.client.post("/api/invitations", {
      email: "late@example.org",
      role: "member",
    });
    expect(adminWrite.statusCode).toBe(403);
    expect((await webhookOrg.member.client.get("/api/announcements")).statusCode).toBe(200);
    const billing = await webhookOrg.admin.client.get("/api/billing");
    expect(billing.json()).toMatchObject({ status: "canceled", writeLock: "canceled" });
    // Billing stays open so that an admin can pay again.
    const again = await checkout(
      { planId: "growth", billingCycle: "monthly" },
      webhookOrg.admin.client,
    );
    expect(again.statusCode).toBe(200);
    const portal = await webhookOrg.admin.client.post("/api/billing/portal");
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toBe("https://billing.stripe.test/p/session/cus_webhook_1");
  });

  it("ends a website build paid over time after its 12 monthly payments", async () => {
    const res = await checkout({ packageId: "union-labor", paymentOption: "pay-over-time" });
    expect(res.statusCode).toBe(200);
    const packageSession = lastSessionId();
    const completed = event(
      "checkout.session.completed",
      {
        id: packageSession,
        object: "checkout.session",
        customer: "cus_pkg_1",
        subscription: "sub_pkg_1",
        metadata: { installments: "12" },
      },
      now + 50,
    );
    expect((await sendEvent(completed)).statusCode).toBe(200);
    const update = fake.requests.find(
      (r) => r.method === "POST" && r.path === "/v1/subscriptions/sub_pkg_1",
    );
    const cancelAt = Number(update?.params.cancel_at);
    const months = (cancelAt - Date.now() / 1000) / (30.44 * 86400);
    expect(months).toBeGreaterThan(11.5);
    expect(months).toBeLessThan(12.5);
    const back = await org.admin.client.get(`/api/checkout-session/${packageSession}`);
    expect(back.json()).toMatchObject({
      status: "complete",
      metadata: { planName: "Union or Labor" },
    });
  });

  it("keeps other organizations writable", async () => {
    const res = await org.admin.client.post("/api/announcements", {
      title: "Still open",
      content: "Hello",
      category: "General",
    });
    expect(res.statusCode).toBe(201);
  });
});

describe("test-mode provider (no STRIPE_SECRET_KEY)", () => {
  let tm: TestApp;
  let local: TestOrganization;
  beforeAll(async () => {
    tm = await startTestApp();
    local = await createOrganization(tm, "Test Mode Local", "starter");
  });
  afterAll(() => tm.close());

  const sessionIdOf = (url: string) => url.split("/").at(-1) as string;

  it("serves its own checkout page that completes the same flow", async () => {
    // A new organization is on the no-card trial: no subscription behind it yet.
    expect((await local.admin.client.get("/api/billing")).json()).toMatchObject({
      status: "trialing",
      subscribed: false,
    });
    const res = await local.admin.client.post("/api/create-checkout-session", {
      planId: "growth",
      billingCycle: "yearly",
      price: 0,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/billing\/test-checkout\/cs_test_local_/);
    const id = sessionIdOf(url);
    const page = await local.admin.client.get(`/api/billing/test-checkout/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      status: "open",
      planName: "Growth",
      billingCycle: "yearly",
      lineItems: [{ name: "UnionHall Growth (yearly)", amount: 290, interval: "year" }],
      // The organization's trial carries over: nothing is due today.
      trialDays: 14,
      dueToday: 0,
    });
    const trialDays = (Date.parse(page.json().trialEndsAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    // Someone else cannot see or complete it.
    expect((await local.member.client.get(`/api/billing/test-checkout/${id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await local.member.client.post(`/api/billing/test-checkout/${id}/complete`)).statusCode,
    ).toBe(404);

    const done = await local.admin.client.post(`/api/billing/test-checkout/${id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().url).toBe(`http://localhost:3000/onboarding/complete?session_id=${id}`);
    const session = await local.admin.client.get(`/api/checkout-session/${id}`);
    expect(session.json()).toMatchObject({
      status: "complete",
      metadata: { planName: "Growth", billingCycle: "yearly" },
    });
    const billing = (await local.admin.client.get("/api/billing")).json();
    expect(billing).toMatchObject({
      provider: "test",
      plan: "growth",
      billingCycle: "yearly",
      status: "trialing",
      subscribed: true,
      writeLock: null,
    });
    expect(billing.nextChargeAmount).toBe(290);
    // Closed sessions stay closed.
    expect(
      (await local.admin.client.post(`/api/billing/test-checkout/${id}/complete`)).statusCode,
    ).toBe(409);
  });

  it("cancels the same way", async () => {
    const res = await local.admin.client.post("/api/create-checkout-session", {
      planId: "founders",
      isFoundersPlan: true,
      billingCycle: "monthly",
    });
    const id = sessionIdOf(res.json().url);
    const cancel = await local.admin.client.post(`/api/billing/test-checkout/${id}/cancel`);
    expect(cancel.json().url).toBe("http://localhost:3000/onboarding/cancelled");
    expect((await local.admin.client.get("/api/billing")).json().plan).toBe("growth");
  });

  it("pays Founders at once, records the invoice, and its portal can cancel", async () => {
    const res = await local.admin.client.post("/api/create-checkout-session", {
      planId: "founders",
      billingCycle: "monthly",
    });
    const id = sessionIdOf(res.json().url);
    expect((await local.admin.client.get(`/api/billing/test-checkout/${id}`)).json()).toMatchObject(
      { trialDays: null, trialEndsAt: null, dueToday: 125 + 3500 },
    );
    await local.admin.client.post(`/api/billing/test-checkout/${id}/complete`);
    const billing = (await local.admin.client.get("/api/billing")).json();
    expect(billing).toMatchObject({ plan: "founders", status: "active" });
    expect(billing.invoices[0].amountPaid).toBe((125 + 3500) * 100);
    const portal = await local.admin.client.post("/api/billing/portal");
    expect(portal.json().url).toBe("http://localhost:3000/billing/test-portal");
    expect((await local.member.client.post("/api/billing/test-portal/cancel")).statusCode).toBe(
      403,
    );
    expect((await local.admin.client.post("/api/billing/test-portal/cancel")).statusCode).toBe(204);
    expect((await local.admin.client.get("/api/billing")).json().status).toBe("canceled");
  });

  it("makes an organization whose no-card trial ran out read-only", async () => {
    const lapsed = await createOrganization(tm, "Lapsed Local", "starter");
    await withTenant(tm.db, lapsed.id, (trx) =>
      sql`UPDATE organizations SET trial_ends_at = now() - interval '1 day' WHERE id = ${lapsed.id}`.execute(
        trx,
      ),
    );
    const write = await lapsed.admin.client.post("/api/announcements", {
      title: "After trial",
      content: "Hello",
      category: "General",
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toMatch(/free trial has ended/);
    expect((await lapsed.admin.client.get("/api/billing")).json().writeLock).toBe("lapsed");
    // Paying reopens it (Growth: the local has a steward, whom Starter has no role for).
    const res = await lapsed.admin.client.post("/api/create-checkout-session", {
      planId: "growth",
      billingCycle: "monthly",
    });
    await lapsed.admin.client.post(
      `/api/billing/test-checkout/${sessionIdOf(res.json().url)}/complete`,
    );
    expect((await lapsed.admin.client.get("/api/billing")).json()).toMatchObject({
      status: "active",
      writeLock: null,
    });
    const after = await lapsed.admin.client.post("/api/announcements", {
      title: "Paid again",
      content: "Hello",
      category: "General",
    });
    expect(after.statusCode).toBe(201);
  });

  it("refuses a move to a plan the organization does not fit, naming what to change first (issue 14)", async () => {
    const local = await createOrganization(tm, "Downgrade Local", "pro");
    const sessionsBefore = async () => {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM checkout_sessions WHERE organization_id = ${local.id}`.execute(
        tm.db,
      );
      return Number(rows[0]?.n);
    };
    const before = await sessionsBefore();
    const starter = () =>
      local.admin.client.post("/api/create-checkout-session", {
        planId: "starter",
        billingCycle: "monthly",
      });
    // A steward: Starter has no steward role.
    let res = await starter();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "The Starter plan has no steward role. Make your steward members first (Directory), then choose Starter.",
    );
    expect((await local.admin.client.get("/api/billing")).json().usage).toEqual({
      users: 3,
      stewards: 1,
    });
    // The steward becomes a member; then 11 people are more than Starter's 10 seats.
    await withTenant(tm.db, local.id, (trx) =>
      sql`UPDATE memberships SET role = 'member' WHERE organization_id = ${local.id} AND role = 'steward'`.execute(
        trx,
      ),
    );
    // Eight open invitations count as seats as well (cheaper than eight accounts).
    await withTenant(tm.db, local.id, (trx) =>
      sql`INSERT INTO invitations (organization_id, email, role, token_hash, expires_at)
          SELECT ${local.id}, 'seat' || n || '@example.test', 'member', 'hash-' || n || '-' || ${local.id},
                 now() + interval '7 days'
          FROM generate_series(1, 8) AS n`.execute(trx),
    );
    res = await starter();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "The Starter plan allows up to 10 users and your organization has 11 (members and open invitations). Remove 1 first (Directory), then choose Starter.",
    );
    expect(await sessionsBefore()).toBe(before);
    // Growth holds them.
    expect(
      (
        await local.admin.client.post("/api/create-checkout-session", {
          planId: "growth",
          billingCycle: "monthly",
        })
      ).statusCode,
    ).toBe(200);
  });
});
