import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPerson, createOrganization } from "../support/tenants.ts";
import { type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";

/** Races found by the attack run (issue 13): each now has one outcome however requests interleave. */
let t: MailTestApp;
beforeAll(async () => {
  t = await startTestAppWithMail();
});
afterAll(() => t.close());

describe("the last admin", () => {
  it("two admins demoting each other at once leave one admin, every time", async () => {
    for (let round = 0; round < 3; round++) {
      const org = await createOrganization(t, `Race Local ${round}`);
      const second = await addPerson(t, org.id, "admin");
      const [a, b] = await Promise.all([
        org.admin.client.request("PATCH", `/api/members/${second.id}`, { role: "member" }),
        second.client.request("PATCH", `/api/members/${org.admin.id}`, { role: "member" }),
      ]);
      // One wins. The other is refused: 409 when both were admins when checked, 403 when the
      // winner had already committed before the loser's request was let in.
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const members = (await org.steward.client.get("/api/members")).json().items as {
        role: string;
      }[];
      expect(members.filter((m) => m.role === "admin")).toHaveLength(1);
    }
  }, 120_000);
});

describe("joining by code and accepting an invitation at once", () => {
  it("makes one membership, not two", async () => {
    const here = await createOrganization(t, "Code Race Local");
    const there = await createOrganization(t, "Invite Race Local");
    const person = await t.createSignedIn({ email: `racer-${Date.now()}@example.org` });
    const client = person.client;
    await there.admin.client.post("/api/invitations", { email: person.email, role: "member" });
    const mail = await t.waitForMail(person.email);
    const token = new URL(
      mail.text.match(/https?:\/\/\S*accept-invite\S*/)?.[0] ?? "",
    ).searchParams.get("token");
    const [joined, accepted] = await Promise.all([
      client.post("/api/organizations/join", { inviteCode: here.inviteCode }),
      client.post(`/api/invitations/by-token/${token}/accept`),
    ]);
    expect([joined.statusCode, accepted.statusCode].sort()).toEqual([200, 409]);
    const inHere = (await here.admin.client.get("/api/members")).json().items.length;
    const inThere = (await there.admin.client.get("/api/members")).json().items.length;
    // Each started with admin, steward and member: the person is in exactly one of them.
    expect(inHere + inThere).toBe(7);
  }, 120_000);
});
