import { sql } from "kysely";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** Webhooks fail closed (issue 13): atomic, validated, inside Stripe's time window, https only. */
const SECRET = "whsec_hardening_0123456789";
const stripe = new Stripe("sk_test_unused");

let t: TestApp;
let org: TestOrganization;
beforeAll(async () => {
  t = await startTestApp({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
  org = await createOrganization(t, "Webhook Hardening Local", "starter");
});
afterAll(() => t.close());

let counter = 0;
const now = Math.floor(Date.now() / 1000);
const event = (type: string, object: Record<string, unknown>, created = now) => ({
  id: `evt_hard_${++counter}_${Date.now()}`,
  object: "event",
  type,
  created,
  data: { object },
});

function send(body: unknown, timestamp?: number) {
  const payload = JSON.stringify(body);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: SECRET,
    ...(timestamp ? { timestamp } : {}),
  });
  return t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": header },
    payload,
  });
}

const invoice = (id: string, url: string) => ({
  id,
  object: "invoice",
  customer: "cus_hard_1",
  amount_paid: 1900,
  created: now,
  hosted_invoice_url: url,
  parent: { subscription_details: { metadata: { organizationId: org.id }, subscription: null } },
  lines: { object: "list", data: [] },
});

async function invoices() {
  return withTenant(t.db, org.id, async (trx) => {
    const { rows } = await sql<{ id: string; hostedUrl: string | null }>`
      SELECT id, hosted_url FROM billing_invoices ORDER BY id`.execute(trx);
    return rows;
  });
}

describe("Stripe webhooks fail closed", () => {
  it("refuses a signed event whose timestamp is in the future or too old", async () => {
    const body = event("invoice.paid", invoice("in_future", "https://invoice.stripe.test/1"));
    expect((await send(body, now + 3600)).statusCode).toBe(400);
    expect((await send(body, now - 3600)).statusCode).toBe(400);
    expect(await invoices()).toEqual([]);
    expect((await send(body)).statusCode).toBe(200);
  });

  it("answers 400, not 500, to signed events of odd shapes", async () => {
    const odd = [
      { id: "evt_odd_1", type: "invoice.paid", created: now, data: { object: { id: 5 } } },
      event("invoice.paid", { ...invoice("in_odd", "https://x.test"), lines: null }),
      event("customer.subscription.updated", { id: "sub_x", status: 7, customer: "c" }),
      { id: "evt_odd_2", type: "invoice.paid", created: "yesterday", data: { object: {} } },
      { id: "evt_odd_3", type: "invoice.paid", created: now, data: null },
      event("checkout.session.completed", { id: ["cs"] }),
    ];
    for (const body of odd) {
      const res = await send(body);
      expect(res.statusCode).toBe(400);
    }
    // An organization id that is not one is ignored, not a database error.
    const notUuid = event("invoice.paid", {
      ...invoice("in_bad_org", "https://x.test"),
      parent: { subscription_details: { metadata: { organizationId: "nope" } } },
    });
    expect((await send(notUuid)).statusCode).toBe(200);
  });

  it("keeps only https invoice links", async () => {
    await send(event("invoice.paid", invoice("in_js", "javascript:alert(document.cookie)")));
    await send(event("invoice.paid", invoice("in_http", "http://invoice.example/1")));
    const rows = await invoices();
    expect(rows.find((r) => r.id === "in_js")?.hostedUrl).toBeNull();
    expect(rows.find((r) => r.id === "in_http")?.hostedUrl).toBeNull();
  });

  it("a duplicate arriving during the first attempt waits for it, and the event applies once", async () => {
    const body = event("invoice.paid", invoice("in_concurrent", "https://invoice.stripe.test/c"));
    // Hold the organization's invoices: the first attempt stops inside its transaction.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = withTenant(t.db, org.id, async (trx) => {
      await sql`LOCK TABLE billing_invoices IN EXCLUSIVE MODE`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const first = send(body);
    await new Promise((r) => setTimeout(r, 200));
    let secondDone = false;
    const second = send(body).then((res) => {
      secondDone = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 400));
    // Before: the id was already stored outside a transaction, and the retry got 200 at once.
    expect(secondDone).toBe(false);
    release();
    await holder;
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().duplicate, b.json().duplicate].sort()).toEqual([false, true]);
    expect((await invoices()).filter((r) => r.id === "in_concurrent")).toHaveLength(1);
  });
});

describe("BILLING_MODE=off (a union running its own copy)", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp({ env: { BILLING_MODE: "off" } });
  });
  afterAll(() => off.close());

  it("has no plans, prices or checkout, and says so to the web app", async () => {
    const c = off.client();
    expect((await c.get("/api/pricing-plans")).statusCode).toBe(404);
    expect((await c.get("/api/site-info")).json().billing).toBe("off");
    const admin = await off.createSignedIn({ accountType: "admin" });
    const checkout = await admin.client.post("/api/create-checkout-session", {
      kind: "plan",
      planId: "pro",
    });
    expect(checkout.statusCode).toBe(404);
  });

  it("creates organizations active, with no trial to run out and no seat limit", async () => {
    const org = await createOrganization(off, "Self-hosted Local", "starter");
    const row = await withTenant(off.db, org.id, (trx) =>
      trx
        .selectFrom("organizations")
        .select(["plan", "status", "trialEndsAt"])
        .where("id", "=", org.id)
        .executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ plan: "enterprise", status: "active", trialEndsAt: null });
    // An organization whose trial had run out is not read-only with billing off.
    await withTenant(off.db, org.id, (trx) =>
      sql`UPDATE organizations SET status = 'trialing', trial_ends_at = now() - interval '40 days'
          WHERE id = ${org.id}`.execute(trx),
    );
    const write = await org.admin.client.post("/api/organization/invite-code");
    expect(write.statusCode).toBe(200);
  });
});
