import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * Website packages bought through the test-mode checkout (no STRIPE_SECRET_KEY): what the
 * buyer reads back on /onboarding/complete.
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
