import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { startJobs } from "../../src/server/jobs.ts";
import { sendTrialNotices } from "../../src/server/modules/billing/trial-notices.ts";
import { OrgMessages } from "../../src/shared/schemas/organizations.ts";
import { linkIn } from "../support/mail-catcher.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { APP_URL, type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";

/**
 * Billing (issue 8): no-card trials get their "ends soon" and "has ended" mails from a job
 * (Stripe only warns trials it knows of), and a read-only organization takes no new members.
 */
let t: MailTestApp;
beforeAll(async () => {
  t = await startTestAppWithMail();
});
afterAll(() => t.close());

/** Moves an organization's trial end, as time passing would. */
async function trialEndsIn(org: TestOrganization, interval: string, subscription?: string) {
  await withTenant(t.db, org.id, (trx) =>
    sql`
      UPDATE organizations SET trial_ends_at = now() + ${interval}::interval,
        billing_subscription_id = ${subscription ?? null}
      WHERE id = ${org.id}`.execute(trx),
  );
}

async function delivered() {
  await t.mail.drain();
  return t.smtp.messages.map((m) => ({ to: m.to.join(", "), subject: m.subject }));
}

describe("trial notices for no-card trials", () => {
  it("mails the admins three days ahead and when the trial has ended, once each", async () => {
    const ending = await createOrganization(t, "Ending Local", "starter");
    const ended = await createOrganization(t, "Ended Local", "starter");
    const fresh = await createOrganization(t, "Fresh Local", "starter");
    const paid = await createOrganization(t, "Card Trial Local", "growth");
    const archived = await createOrganization(t, "Archived Local", "starter");
    await trialEndsIn(ending, "2 days");
    await trialEndsIn(ended, "-1 hour");
    await trialEndsIn(fresh, "10 days");
    // A trial Stripe knows of is warned by Stripe's own trial_will_end event.
    await trialEndsIn(paid, "2 days", "sub_with_card");
    // Past its 30 read-only days: nothing more to say.
    await trialEndsIn(archived, "-40 days");
    t.smtp.messages.length = 0;

    expect(await sendTrialNotices(t.db, APP_URL)).toBe(2);
    const mails = await delivered();
    expect(mails).toHaveLength(2);
    expect(mails).toContainEqual({
      to: ending.admin.email,
      subject: "Your UnionHall trial for Ending Local ends soon",
    });
    expect(mails).toContainEqual({
      to: ended.admin.email,
      subject: "Your UnionHall trial for Ended Local has ended",
    });
    const endedMail = t.smtp.to(ended.admin.email).at(-1);
    expect(endedMail?.text).toContain("read-only for 30 days");
    expect(linkIn(endedMail, "/settings/billing")).toBe(`${APP_URL}/settings/billing`);

    // Once each: the next run finds nothing new.
    expect(await sendTrialNotices(t.db, APP_URL)).toBe(0);
    // The ending trial runs out: its admins hear that it has ended.
    await trialEndsIn(ending, "-1 minute");
    expect(await sendTrialNotices(t.db, APP_URL)).toBe(1);
    expect((await delivered()).at(-1)).toEqual({
      to: ending.admin.email,
      subject: "Your UnionHall trial for Ending Local has ended",
    });
    // Stewards and members are never mailed about billing.
    for (const org of [ending, ended]) {
      expect(t.smtp.to(org.steward.email)).toEqual([]);
      expect(t.smtp.to(org.member.email)).toEqual([]);
    }
  });

  it("claims each notice once when two server instances run the job together", async () => {
    const orgs = await Promise.all(
      ["Race One", "Race Two", "Race Three"].map((n) => createOrganization(t, n, "starter")),
    );
    for (const org of orgs) await trialEndsIn(org, "1 day");
    const counts = await Promise.all([
      sendTrialNotices(t.db, APP_URL),
      sendTrialNotices(t.db, APP_URL),
      sendTrialNotices(t.db, APP_URL),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it("runs on the server's scheduler when it starts", async () => {
    const org = await createOrganization(t, "Start Local", "starter");
    await trialEndsIn(org, "1 day");
    const jobs = startJobs({ db: t.db, appUrl: APP_URL, log: pino({ level: "silent" }) });
    await jobs.stop();
    await t.mail.drain();
    expect(t.smtp.to(org.admin.email).map((m) => m.subject)).toEqual([
      "Your UnionHall trial for Start Local ends soon",
    ]);
  });
});

describe("a read-only organization takes no new members", () => {
  it("refuses joining by code or by invitation until a plan is bought", async () => {
    const org = await createOrganization(t, "Lapsed Join Local", "growth");
    const invitee = await t.createSignedIn({ email: `lapsed-invitee-${Date.now()}@example.org` });
    const sent = await org.admin.client.post("/api/invitations", {
      email: invitee.email,
      role: "member",
    });
    expect(sent.statusCode).toBe(201);
    const invitation = await t.waitForMail(invitee.email);
    const token = new URL(linkIn(invitation, "/accept-invite")).searchParams.get("token") ?? "";
    await trialEndsIn(org, "-1 day");

    const joiner = await t.createSignedIn();
    const joinerClient = joiner.client;
    const byCode = await joinerClient.post("/api/organizations/join", {
      inviteCode: org.inviteCode,
    });
    expect(byCode.statusCode).toBe(403);
    expect(byCode.json().error.message).toBe(OrgMessages.closedToNewMembers);

    const inviteeClient = invitee.client;
    const accepted = await inviteeClient.post(`/api/invitations/by-token/${token}/accept`);
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json().error.message).toBe(OrgMessages.closedToNewMembers);
    // Nothing changed: neither belongs anywhere, the invitation is still open.
    expect((await joinerClient.get("/api/me")).json().organization).toBeNull();
    expect((await inviteeClient.get("/api/me")).json().organization).toBeNull();

    // The admin pays (test-mode checkout): both can come in.
    const checkout = await org.admin.client.post("/api/create-checkout-session", {
      planId: "growth",
      billingCycle: "monthly",
    });
    const sessionId = checkout.json().url.split("/").at(-1);
    await org.admin.client.post(`/api/billing/test-checkout/${sessionId}/complete`);
    expect(
      (await joinerClient.post("/api/organizations/join", { inviteCode: org.inviteCode }))
        .statusCode,
    ).toBe(200);
    expect((await inviteeClient.post(`/api/invitations/by-token/${token}/accept`)).statusCode).toBe(
      200,
    );
  });
});
