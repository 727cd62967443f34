import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createOrganization,
  createTwoOrganizations,
  type TestOrganization,
} from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * Website packages bought through the test-mode checkout (no STRIPE_SECRET_KEY): what the
 * buyer reads back on /onboarding/complete, and the organization's list on the billing page.
 */
let t: TestApp;
let org: TestOrganization;

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t, "Package Local 12", "starter");
});
afterAll(() => t.close());

/** Starts and completes a test-mode checkout; returns its session id. */
async function buy(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const started = await client.post("/api/create-checkout-session", body);
  expect(started.statusCode, started.body).toBe(200);
  const id = (started.json().url as string).split("/").at(-1) as string;
  const done = await client.post(`/api/billing/test-checkout/${id}/complete`);
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

describe("a website package's checkout read back", () => {
  it("shows the test-mode checkout's monthly payments with their number of months", async () => {
    const started = await org.admin.client.post("/api/create-checkout-session", {
      packageId: "life-moments",
      paymentOption: "pay-over-time",
    });
    const id = (started.json().url as string).split("/").at(-1);
    const page = await org.admin.client.get(`/api/billing/test-checkout/${id}`);
    expect(page.json().lineItems).toEqual([
      {
        name: "Event Showcase website: down payment",
        amount: 150,
        interval: null,
        months: null,
        todayLabel: "Down payment",
      },
      {
        name: "Event Showcase website: monthly payment",
        amount: 50,
        interval: "month",
        months: 12,
        todayLabel: "First monthly payment",
      },
    ]);
    // No trial for a website: the down payment and the first month are due today.
    expect(page.json()).toMatchObject({ trialDays: null, trialEndsAt: null, dueToday: 150 + 50 });
    const hosted = await org.admin.client.post("/api/create-checkout-session", {
      packageId: "life-moments",
    });
    const hostedId = (hosted.json().url as string).split("/").at(-1);
    const hostedPage = await org.admin.client.get(`/api/billing/test-checkout/${hostedId}`);
    expect(hostedPage.json().lineItems[1]).toEqual({
      name: "Event Showcase website: monthly hosting",
      amount: 15,
      interval: "month",
      months: null,
      todayLabel: "First month of hosting",
    });
  });

  it("names the package, what was charged, its add-ons and its set-up page", async () => {
    const id = await buy(org.admin.client, {
      packageId: "life-moments",
      paymentOption: "pay-over-time",
      addOns: ["rsvp-form", "reminder-emails"],
    });
    const res = await org.admin.client.get(`/api/checkout-session/${id}`);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      id,
      status: "complete",
      kind: "package",
      metadata: { planName: "Event Showcase", billingCycle: "monthly" },
      package: {
        sessionId: id,
        packageId: "life-moments",
        name: "Event Showcase",
        setupRoute: "/life-moments/setup",
        // 150 down + the one-time RSVP form 20; 50/month + reminder emails 5/month.
        payment: "$170 down + $55/month for 12 months",
        addOns: ["RSVP form", "Reminder emails"],
      },
    });
    expect(Date.parse(session.package.purchasedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("reads a set-up-and-hosting package without a number of months", async () => {
    const id = await buy(org.member.client, { packageId: "union-labor" });
    const session = (await org.member.client.get(`/api/checkout-session/${id}`)).json();
    expect(session.package).toMatchObject({
      name: "Union or Labor",
      setupRoute: "/union-labor/setup",
      payment: "$1,500 setup + $55/month",
      addOns: [],
    });
  });

  it("has no package for a plan's checkout", async () => {
    const id = await buy(org.admin.client, { planId: "growth", billingCycle: "yearly" });
    const session = (await org.admin.client.get(`/api/checkout-session/${id}`)).json();
    expect(session).toMatchObject({
      kind: "plan",
      metadata: { planName: "Growth", billingCycle: "yearly" },
      package: null,
    });
  });
});

describe("the organization's website packages on GET /api/billing", () => {
  it("lists completed package checkouts of the organization, newest first, and nothing else", async () => {
    const local = await createOrganization(t, "Listing Local 14", "starter");
    const first = await buy(local.admin.client, { packageId: "school-hub" });
    // Bought by a member of the organization: still the organization's.
    const second = await buy(local.member.client, {
      packageId: "nonprofit-church",
      paymentOption: "pay-over-time",
      addOns: ["donation-portal"],
    });
    // Neither an abandoned nor a cancelled package checkout, nor a plan, is listed.
    await local.admin.client.post("/api/create-checkout-session", { packageId: "barber-pro" });
    const cancelled = await local.admin.client.post("/api/create-checkout-session", {
      packageId: "bakers-biz",
    });
    const cancelledId = (cancelled.json().url as string).split("/").at(-1);
    await local.admin.client.post(`/api/billing/test-checkout/${cancelledId}/cancel`);
    await buy(local.admin.client, { planId: "pro", billingCycle: "monthly" });

    const billing = await local.admin.client.get("/api/billing");
    expect(billing.statusCode).toBe(200);
    expect(billing.json().websitePackages).toEqual([
      {
        sessionId: second,
        packageId: "nonprofit-church",
        name: "Nonprofit or Church",
        setupRoute: "/nonprofit-church/setup",
        payment: "$399 down + $95/month for 12 months",
        paymentOption: "Pay over time",
        // The down payment with the one-time add-on, and the first of the twelve payments.
        charges: expect.objectContaining({ dueToday: 350 + 49 + 95, recurring: 95, months: 12 }),
        addOns: ["Donation portal"],
        purchasedAt: expect.any(String),
      },
      {
        sessionId: first,
        packageId: "school-hub",
        name: "School or Group Hub",
        setupRoute: "/school-hub/setup",
        payment: "$800 setup + $25/month",
        paymentOption: "One-time setup + monthly hosting",
        charges: expect.objectContaining({ dueToday: 800 + 25, recurring: 25, months: null }),
        addOns: [],
        purchasedAt: expect.any(String),
      },
    ]);
    // The billing page is the admins': a member cannot read it.
    expect((await local.member.client.get("/api/billing")).statusCode).toBe(403);
  });

  it("never shows another organization's packages (attacker and victim)", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    const victimSession = await buy(victim.admin.client, {
      packageId: "local-business",
      addOns: ["online-ordering"],
    });
    await buy(attacker.admin.client, { packageId: "authors-hub" });

    const attackerList = (await attacker.admin.client.get("/api/billing")).json().websitePackages;
    expect(attackerList.map((p: { packageId: string }) => p.packageId)).toEqual(["authors-hub"]);
    const victimList = (await victim.admin.client.get("/api/billing")).json().websitePackages;
    expect(victimList.map((p: { sessionId: string }) => p.sessionId)).toEqual([victimSession]);
    // Nor can the attacker read the victim's checkout by its id.
    expect(
      (await attacker.admin.client.get(`/api/checkout-session/${victimSession}`)).statusCode,
    ).toBe(404);
  });

  it("a package bought before joining any organization belongs to no organization's list", async () => {
    const user = await t.createSignedIn();
    const loner = user.client;
    const id = await buy(loner, { packageId: "daycare-pro" });
    const { rows } = await sql<{ organizationId: string | null }>`
      SELECT organization_id FROM checkout_sessions WHERE id = ${id}`.execute(t.db);
    expect(rows).toEqual([{ organizationId: null }]);
    expect((await loner.get(`/api/checkout-session/${id}`)).json().package.name).toBe("Childcare");
  });

  it("the list is read through checkout_sessions_org_packages_idx", async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      // The tables are tiny here: forbid the sequential scan to see which index serves it.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ "QUERY PLAN": string }>`
        EXPLAIN SELECT id FROM checkout_sessions
        WHERE organization_id = ${org.id}::uuid AND kind = 'package' AND status = 'complete'
        ORDER BY completed_at DESC, id LIMIT 50`.execute(trx);
      return rows.map((r) => Object.values(r).join("")).join("\n");
    });
    expect(plan).toContain("checkout_sessions_org_packages_idx");
  });
});
