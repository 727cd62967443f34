import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream, until } from "../support/event-stream.ts";
import { addPerson, createOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/** Server-sent events over real HTTP, fed by PostgreSQL LISTEN/NOTIFY. */
let t: TestApp;
let base = "";
beforeAll(async () => {
  t = await startTestApp({ streamRecheckMs: 200 });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const openStream = (client: TestClient) => openEventStream(base, client);

describe("GET /api/events", () => {
  it("tells stewards about every change, members about their own only, other organizations nothing", async () => {
    const org = await createOrganization(t, "Live Local");
    const other = await createOrganization(t, "Elsewhere Local");
    const colleague = await addPerson(t, org.id, "member");
    const steward = await openStream(org.steward.client);
    const member = await openStream(org.member.client);
    const outsider = await openStream(other.admin.client);
    try {
      const filed = await colleague.client.post("/api/grievances", {
        name: "Col League",
        badgeNumber: "C-1",
        jobTitle: "Manager",
        department: "Sales",
        location: "Main Office",
        description: "The break room was closed for a month without notice.",
        remedy: "Reopen the break room and consult the union first.",
      });
      const id = filed.json().id;
      await until(() => steward.received.some((e) => e.grievanceId === id && e.kind === "filed"));
      await org.steward.client.post(`/api/grievances/${id}/status`, { status: "escalated" });
      await until(() => steward.received.some((e) => e.grievanceId === id && e.kind === "appeal"));
      await new Promise((r) => setTimeout(r, 200));
      expect(member.received).toEqual([]);
      expect(outsider.received).toEqual([]);
    } finally {
      steward.close();
      member.close();
      outsider.close();
    }
  });

  it("tells each grievant of a group grievance, and a removed one of the removal, then nothing", async () => {
    const org = await createOrganization(t, "Group Live Local");
    const second = await addPerson(t, org.id, "member");
    const first = await openStream(org.member.client);
    const removed = await openStream(second.client);
    try {
      const filed = await org.steward.client.post("/api/grievances", {
        type: "group",
        grievantIds: [org.member.id, second.id],
        name: "Night Shift",
        badgeNumber: "G-1",
        jobTitle: "Machine Operator",
        department: "Manufacturing",
        location: "Main Office",
        description: "Overtime was given out of seniority order to the whole night shift.",
        remedy: "Pay each grievant the missed overtime.",
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const id = filed.json().id;
      await until(() => first.received.some((e) => e.grievanceId === id));
      await until(() => removed.received.some((e) => e.grievanceId === id));
      const del = await org.steward.client.request(
        "DELETE",
        `/api/grievances/${id}/grievants/${second.id}`,
      );
      expect(del.statusCode).toBeLessThan(300);
      // The removed grievant hears of the removal (their page then finds nothing) ...
      await until(() => removed.received.some((e) => e.kind === "grievants"));
      const heard = removed.received.length;
      await org.steward.client.post(`/api/grievances/${id}/comments`, {
        text: "Still working on it.",
      });
      await until(() => first.received.some((e) => e.kind === "comment"));
      await new Promise((r) => setTimeout(r, 200));
      // ... and of nothing after it.
      expect(removed.received).toHaveLength(heard);
      expect((await second.client.get(`/api/grievances/${id}`)).statusCode).toBe(404);
    } finally {
      first.close();
      removed.close();
    }
  });

  it("never gives a grievant's stream an internal note (product-decisions.md 28)", async () => {
    const org = await createOrganization(t, "Quiet Local");
    const filed = await org.member.client.post("/api/grievances", {
      name: "Mem Ber",
      badgeNumber: "Q-1",
      jobTitle: "Manager",
      department: "Sales",
      location: "Main Office",
      description: "The parking permit fee doubled without bargaining.",
      remedy: "Return to the old fee and bargain any change.",
    });
    const id = filed.json().id;
    const member = await openStream(org.member.client);
    const steward = await openStream(org.steward.client);
    try {
      const secret = "Internal: member has a prior warning on file";
      const note = await org.steward.client.post(`/api/grievances/${id}/comments`, {
        text: secret,
        internal: true,
      });
      expect(note.statusCode).toBe(201);
      await until(() => steward.received.some((e) => e.grievanceId === id && e.kind === "note"));
      await org.steward.client.post(`/api/grievances/${id}/comments`, { text: "Filed today." });
      await until(() => member.received.some((e) => e.grievanceId === id && e.kind === "comment"));
      expect(member.received.map((e) => e.kind)).toEqual(["comment"]);
      expect(member.raw()).not.toContain(secret);
      expect(member.raw()).not.toContain("note");
    } finally {
      member.close();
      steward.close();
    }
  });

  it("needs a signed-in member", async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });

  it("ends a stream when its listener is demoted, removed, signs out or has sessions revoked", async () => {
    const org = await createOrganization(t, "Closing Local");
    const demoted = await addPerson(t, org.id, "steward");
    const removed = await addPerson(t, org.id, "steward");
    const signedOut = await addPerson(t, org.id, "steward");
    const revoked = await addPerson(t, org.id, "steward");
    const streams = {
      demoted: await openStream(demoted.client),
      removed: await openStream(removed.client),
      signedOut: await openStream(signedOut.client),
      revoked: await openStream(revoked.client),
      admin: await openStream(org.admin.client),
    };
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(Object.values(streams).some((s) => s.ended())).toBe(false);
      expect(
        (
          await org.admin.client.request("PATCH", `/api/members/${demoted.id}`, {
            role: "member",
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await org.admin.client.request("DELETE", `/api/members/${removed.id}`)).statusCode,
      ).toBe(204);
      await signedOut.client.post("/api/auth/sign-out");
      await revoked.client.post("/api/auth/revoke-sessions");
      await until(
        () =>
          streams.demoted.ended() &&
          streams.removed.ended() &&
          streams.signedOut.ended() &&
          streams.revoked.ended(),
      );
      // A change now reaches the admin, and none of the closed streams.
      const filed = await org.member.client.post("/api/grievances", {
        name: "Late Filer",
        badgeNumber: "L-1",
        jobTitle: "Manager",
        department: "Sales",
        location: "Main Office",
        description: "Filed after the others lost their rights to hear of it.",
        remedy: "Nothing for them to hear about.",
      });
      const id = filed.json().id;
      await until(() => streams.admin.received.some((e) => e.grievanceId === id));
      expect(streams.admin.ended()).toBe(false);
      for (const name of ["demoted", "removed", "signedOut", "revoked"] as const) {
        expect(streams[name].received.filter((e) => e.grievanceId === id)).toEqual([]);
      }
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  }, 60_000);

  it("filters each event by the listener's rights at that moment", async () => {
    const org = await createOrganization(t, "Filtering Local");
    const steward = await addPerson(t, org.id, "steward");
    const stream = await openStream(steward.client);
    try {
      // Demoted in the database, not through the app: nothing tells the stream; its own
      // checks (per event, and every few moments) find the new role.
      await withTenantRole(org.id, steward.id);
      const filed = await org.member.client.post("/api/grievances", {
        name: "Some One",
        badgeNumber: "S-1",
        jobTitle: "Manager",
        department: "Sales",
        location: "Main Office",
        description: "Someone else's grievance, not for a member to hear of.",
        remedy: "Keep it among stewards.",
      });
      expect(filed.statusCode).toBe(201);
      await until(() => stream.ended());
      expect(stream.received).toEqual([]);
    } finally {
      stream.close();
    }
  }, 60_000);
});

/** Sets a member's role as the organization's own transaction would (row-level security on). */
async function withTenantRole(organizationId: string, userId: string) {
  const { withTenant } = await import("../../src/server/db/tenant.ts");
  await withTenant(t.db, organizationId, (trx) =>
    trx
      .updateTable("memberships")
      .set({ role: "member" })
      .where("organizationId", "=", organizationId)
      .where("userId", "=", userId)
      .execute(),
  );
}
