import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrgMessages } from "../../src/shared/schemas/organizations.ts";
import { addPerson, createOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedInUser(accountType: "admin" | "member" = "admin") {
  const user = await t.createSignedIn({ accountType });
  const client = user.client;
  return { ...user, client };
}

describe("POST /api/organizations", () => {
  it("creates a trialing organization with the caller as admin", async () => {
    const admin = await signedInUser();
    const res = await admin.client.post("/api/organizations", {
      name: "Local 42",
      plan: "growth",
      billingCycle: "yearly",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: "Local 42", plan: "growth", status: "trialing" });
    expect(body.inviteCode).toMatch(/^[A-Z2-9]{10}$/);
    const days = (new Date(body.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const me = (await admin.client.get("/api/me")).json();
    expect(me.organization).toMatchObject({ id: body.id, name: "Local 42", setupCompleted: false });
    expect(me.role).toBe("admin");
    expect(me.permissions).toContain("manage:organization");

    const again = await admin.client.post("/api/organizations", {
      name: "Second",
      plan: "growth",
      billingCycle: "yearly",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(OrgMessages.alreadyMember);
  });

  it.each([
    [{ name: "ab" }, OrgMessages.nameMin],
    [{ name: "   ab   " }, OrgMessages.nameMin],
    [{ plan: "" }, undefined],
    [{ plan: "enterprise" }, "Please select a plan before proceeding."],
    [{ plan: "nonsense" }, "Please select a plan before proceeding."],
    [{ billingCycle: "weekly" }, undefined],
  ])("refuses %j with 400 and creates nothing", async (override, message) => {
    const admin = await signedInUser();
    const res = await admin.client.post("/api/organizations", {
      name: "Valid Name",
      plan: "growth",
      billingCycle: "monthly",
      ...override,
    });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
    expect((await admin.client.get("/api/me")).json().organization).toBeNull();
  });

  it("needs a signed-in user", async () => {
    const res = await t
      .client()
      .post("/api/organizations", { name: "Local 9", plan: "growth", billingCycle: "monthly" });
    expect(res.statusCode).toBe(401);
  });
});

describe("invitation codes", () => {
  it("finds the organization by code, lets a member join, and rotates", async () => {
    const org = await createOrganization(t, "Code Local");
    const joiner = await signedInUser("member");
    const found = await joiner.client.get(
      `/api/organizations/by-invite/${org.inviteCode.toLowerCase()}`,
    );
    expect(found.json()).toEqual({ id: org.id, name: "Code Local" });

    const joined = await joiner.client.post("/api/organizations/join", {
      inviteCode: org.inviteCode,
    });
    expect(joined.statusCode).toBe(200);
    const me = (await joiner.client.get("/api/me")).json();
    expect(me.role).toBe("member");
    expect(me.permissions).not.toContain("view:all_grievances");

    const rotated = await org.admin.client.post("/api/organization/invite-code");
    const newCode = rotated.json().inviteCode;
    expect(newCode).not.toBe(org.inviteCode);
    const late = await signedInUser("member");
    const old = await late.client.get(`/api/organizations/by-invite/${org.inviteCode}`);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.message).toBe(OrgMessages.invalidInvite);
    expect(
      (await late.client.post("/api/organizations/join", { inviteCode: org.inviteCode }))
        .statusCode,
    ).toBe(404);
    expect(
      (await late.client.post("/api/organizations/join", { inviteCode: newCode })).statusCode,
    ).toBe(200);
  });

  it("answers a short code with the spec's message", async () => {
    const joiner = await signedInUser("member");
    const res = await joiner.client.post("/api/organizations/join", { inviteCode: "abc" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(OrgMessages.inviteCodeMin);
  });

  it("only admins see and rotate the code", async () => {
    const org = await createOrganization(t, "Rotate Local");
    expect((await org.admin.client.get("/api/organization/invite-code")).json().inviteCode).toBe(
      org.inviteCode,
    );
    for (const p of [org.steward, org.member]) {
      expect((await p.client.get("/api/organization/invite-code")).statusCode).toBe(403);
      expect((await p.client.post("/api/organization/invite-code")).statusCode).toBe(403);
    }
  });

  it("enforces the Starter plan's 10 seats when someone joins", async () => {
    const org = await createOrganization(t, "Small Local", "starter"); // admin + steward + member = 3
    for (let i = 0; i < 7; i++) await addPerson(t, org.id, "member");
    const eleventh = await signedInUser("member");
    const res = await eleventh.client.post("/api/organizations/join", {
      inviteCode: org.inviteCode,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "This organization has reached its limit of 10 users on the Starter plan.",
    );
    expect((await eleventh.client.get("/api/me")).json().organization).toBeNull();
  });
});

describe("organization configuration", () => {
  it("serves the spec's defaults until setup, then the saved lists", async () => {
    const org = await createOrganization(t, "Config Local");
    const before = (await org.member.client.get("/api/organization/config")).json();
    expect(before.setupCompleted).toBe(false);
    expect(before.locations).toEqual([
      "Main Office",
      "South Plant",
      "North Plant",
      "Distribution Center",
      "Other",
    ]);
    expect(before.jobTitles).toHaveLength(9);

    const saved = await org.admin.client.request("PUT", "/api/organization/config", {
      name: "  Config Local 7  ",
      jobTitles: [" Welder ", "", "Electrician"],
      departments: ["Assembly"],
      locations: ["Dock 4"],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      name: "Config Local 7",
      jobTitles: ["Welder", "Electrician"],
      departments: ["Assembly"],
      locations: ["Dock 4"],
      setupCompleted: true,
    });
    expect((await org.admin.client.get("/api/me")).json().organization.setupCompleted).toBe(true);
  });

  it.each([
    ["jobTitles", "This job title already exists."],
    ["departments", "This department already exists."],
    ["locations", "This location already exists."],
  ])("refuses a duplicate %s after trimming, ignoring case", async (list, message) => {
    const org = await createOrganization(t, `Dup Local ${list}`);
    const body = {
      name: "Dup Local",
      jobTitles: ["A"],
      departments: ["B"],
      locations: ["C"],
      [list]: ["Night Shift", " night shift "],
    };
    const res = await org.admin.client.request("PUT", "/api/organization/config", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await org.admin.client.get("/api/organization/config")).json().setupCompleted).toBe(
      false,
    );
  });

  it("says a name or an entry too long in plain words, in the reader's language (issue 30)", async () => {
    const org = await createOrganization(t, "Long Names Local");
    const body = {
      name: "N".repeat(121),
      jobTitles: ["J".repeat(300)],
      departments: [],
      locations: [],
    };
    const res = await org.admin.client.request("PUT", "/api/organization/config", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: "Organization name must be at most 120 characters",
      "jobTitles.0": "Entries must be at most 100 characters",
    });
    const language = { language: "es" };
    expect(
      (await org.admin.client.request("PUT", "/api/profile/language", language)).statusCode,
    ).toBe(204);
    const es = await org.admin.client.request("PUT", "/api/organization/config", body);
    expect(es.json().error.fields).toEqual({
      name: "El nombre de la organización debe tener como máximo 120 caracteres",
      "jobTitles.0": "Cada elemento puede tener como máximo 100 caracteres",
    });
    // Nothing was saved.
    expect((await org.admin.client.get("/api/organization/config")).json().setupCompleted).toBe(
      false,
    );
  });

  it("needs a name, and only an admin may save", async () => {
    const org = await createOrganization(t, "Name Local");
    const body = { name: "  ", jobTitles: [], departments: [], locations: [] };
    const res = await org.admin.client.request("PUT", "/api/organization/config", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Organization name is required");
    for (const p of [org.steward, org.member]) {
      const denied = await p.client.request("PUT", "/api/organization/config", {
        ...body,
        name: "Mine",
      });
      expect(denied.statusCode).toBe(403);
    }
  });

  it("GET /api/organizations/:id answers its members and 404 for any other id", async () => {
    const org = await createOrganization(t, "Lookup Local");
    const res = await org.member.client.get(`/api/organizations/${org.id}`);
    expect(res.json()).toMatchObject({ id: org.id, name: "Lookup Local", status: "trialing" });
    expect(
      (await org.member.client.get("/api/organizations/00000000-0000-0000-0000-000000000000"))
        .statusCode,
    ).toBe(404);
    expect((await org.member.client.get("/api/organizations/not-a-uuid")).statusCode).toBe(404);
  });
});
