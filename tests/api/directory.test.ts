import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn } from "../support/mail-catcher.ts";
import { addPerson, createOrganization } from "../support/tenants.ts";
import { type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await startTestAppWithMail();
});
afterAll(() => t.close());

describe("the member directory", () => {
  it("lists the organization's members with search by name, role or email and a facility filter", async () => {
    const org = await createOrganization(t, "Directory Local");
    await addPerson(t, org.id, "member", { name: "Rosa Parks", facility: "North Plant" });
    await addPerson(t, org.id, "member", { name: "Cesar Chavez", facility: "South Plant" });
    const all = (await org.member.client.get("/api/members")).json();
    expect(all.total).toBe(5);
    expect(all.items[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        email: expect.any(String),
        role: expect.any(String),
      }),
    );
    const byName = (await org.member.client.get("/api/members?q=rOSA")).json();
    expect(byName.items.map((m: { name: string }) => m.name)).toEqual(["Rosa Parks"]);
    const byRole = (await org.member.client.get("/api/members?q=STEWARD")).json();
    expect(byRole.items.map((m: { role: string }) => m.role)).toEqual(["steward"]);
    const byEmail = (
      await org.member.client.get(
        `/api/members?q=${encodeURIComponent(org.admin.email.toUpperCase())}`,
      )
    ).json();
    expect(byEmail.items).toHaveLength(1);
    const byFacility = (await org.member.client.get("/api/members?facility=South%20Plant")).json();
    expect(byFacility.items.map((m: { name: string }) => m.name)).toEqual(["Cesar Chavez"]);
    const wildcard = (await org.member.client.get("/api/members?q=%25")).json();
    expect(wildcard.items).toHaveLength(0);
  });

  it("pages the directory by name with a cursor and the real total; filters by role", async () => {
    const org = await createOrganization(t, "Paging Local");
    // Two of one name: the cursor's id keeps them apart.
    for (const name of ["Ann Able", "Ann Able", "Bo Baker", "Cy Cole"])
      await addPerson(t, org.id, "member", { name });
    const everyone = (await org.admin.client.get("/api/members?limit=100")).json();
    expect(everyone.total).toBe(7);
    expect(everyone.nextCursor).toBeNull();
    const ids: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const res = await org.admin.client.get(
        `/api/members?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(7);
      expect(body.items.length).toBeLessThanOrEqual(2);
      ids.push(...body.items.map((m: { id: string }) => m.id));
      cursor = body.nextCursor;
    }
    expect(ids).toEqual(everyone.items.map((m: { id: string }) => m.id));
    const names = everyone.items.map((m: { name: string }) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    const staff = (await org.member.client.get("/api/members?role=steward,admin")).json();
    expect(staff.total).toBe(2);
    expect(staff.items.map((m: { role: string }) => m.role).sort()).toEqual(["admin", "steward"]);
    expect((await org.member.client.get("/api/members?role=owner")).statusCode).toBe(400);
    expect((await org.member.client.get("/api/members?cursor=garbage")).statusCode).toBe(400);
    expect((await org.member.client.get("/api/members?limit=101")).statusCode).toBe(400);
  });

  it("an admin invites by email with a role; the invitee accepts with that email only", async () => {
    const org = await createOrganization(t, "Invite Local");
    const invitee = await t.createSignedIn({ email: `steward-${Date.now()}@example.org` });
    const res = await org.admin.client.post("/api/invitations", {
      email: invitee.email.toUpperCase(),
      role: "steward",
      badgeNumber: "B-77",
      department: "Assembly",
      facility: "North Plant",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: invitee.email, role: "steward" });
    const link = new URL(linkIn(await t.waitForMail(invitee.email), "/accept-invite"));
    const token = link.searchParams.get("token") ?? "";

    const stranger = await t.createSignedIn();
    const strangerClient = stranger.client;
    expect(
      (await strangerClient.post(`/api/invitations/by-token/${token}/accept`)).statusCode,
    ).toBe(403);

    // Signed out, the link's holder already sees who invites them where.
    expect((await t.client().get(`/api/invitations/by-token/${token}`)).json()).toEqual({
      organizationName: "Invite Local",
      email: invitee.email,
      role: "steward",
      invitedBy: "Invite Local Admin",
    });
    const client = invitee.client;
    expect((await client.post(`/api/invitations/by-token/${token}/accept`)).statusCode).toBe(200);
    const me = (await client.get("/api/me")).json();
    expect(me).toMatchObject({
      role: "steward",
      user: { badgeNumber: "B-77", department: "Assembly", facility: "North Plant" },
    });
    expect((await client.post(`/api/invitations/by-token/${token}/accept`)).statusCode).toBe(409);
  });

  it("validates invitations and gates roles and seats by plan", async () => {
    const org = await createOrganization(t, "Starter Local", "starter");
    const bad = await org.admin.client.post("/api/invitations", { email: "nope", role: "member" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBe("Please enter a valid email address");
    expect(
      (await org.admin.client.post("/api/invitations", { email: "x@example.org", role: "boss" }))
        .statusCode,
    ).toBe(400);
    const steward = await org.admin.client.post("/api/invitations", {
      email: "s@example.org",
      role: "steward",
    });
    expect(steward.statusCode).toBe(409);
    expect(steward.json().error.message).toMatch(/Starter plan has no steward role/);
    const dup = await org.admin.client.post("/api/invitations", {
      email: org.member.email,
      role: "member",
    });
    expect(dup.statusCode).toBe(409);
    for (let i = 0; i < 7; i++) {
      expect(
        (
          await org.admin.client.post("/api/invitations", {
            email: `seat${i}@example.org`,
            role: "member",
          })
        ).statusCode,
      ).toBe(201);
    }
    const full = await org.admin.client.post("/api/invitations", {
      email: "eleven@example.org",
      role: "member",
    });
    expect(full.statusCode).toBe(409);
    const open = (await org.admin.client.get("/api/invitations")).json().items;
    expect(open).toHaveLength(7);
    expect(
      (await org.admin.client.request("DELETE", `/api/invitations/${open[0].id}`)).statusCode,
    ).toBe(204);
    expect(
      (
        await org.admin.client.post("/api/invitations", {
          email: "eleven@example.org",
          role: "member",
        })
      ).statusCode,
    ).toBe(201);
  });

  it("only admins add, edit and remove; stewards and members get 403", async () => {
    const org = await createOrganization(t, "Perm Local");
    for (const p of [org.steward, org.member]) {
      expect(
        (await p.client.post("/api/invitations", { email: "z@example.org", role: "member" }))
          .statusCode,
      ).toBe(403);
      expect(
        (await p.client.request("PATCH", `/api/members/${org.member.id}`, { role: "admin" }))
          .statusCode,
      ).toBe(403);
      expect((await p.client.request("DELETE", `/api/members/${org.member.id}`)).statusCode).toBe(
        403,
      );
    }
  });

  it("an admin edits a member's role and details", async () => {
    const org = await createOrganization(t, "Edit Local");
    const res = await org.admin.client.request("PATCH", `/api/members/${org.member.id}`, {
      role: "steward",
      badgeNumber: " 1234 ",
      facility: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: org.member.id,
      role: "steward",
      badgeNumber: "1234",
      facility: null,
    });
    expect((await org.member.client.get("/api/me")).json().role).toBe("steward");
    const lastAdmin = await org.admin.client.request("PATCH", `/api/members/${org.admin.id}`, {
      role: "member",
    });
    expect(lastAdmin.statusCode).toBe(409);
  });

  it("removing a member ends their sessions at once", async () => {
    const org = await createOrganization(t, "Remove Local");
    expect((await org.member.client.get("/api/me")).statusCode).toBe(200);
    expect(
      (await org.admin.client.request("DELETE", `/api/members/${org.member.id}`)).statusCode,
    ).toBe(204);
    expect((await org.member.client.get("/api/me")).statusCode).toBe(401);
    const list = (await org.admin.client.get("/api/members")).json();
    expect(list.items.map((m: { id: string }) => m.id)).not.toContain(org.member.id);
    expect(
      (await org.admin.client.request("DELETE", `/api/members/${org.admin.id}`)).statusCode,
    ).toBe(409);
  });
});
