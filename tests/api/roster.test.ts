import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RosterMessages } from "../../src/shared/schemas/roster.ts";
import { grievanceBody } from "../support/deadlines.ts";
import { createOrganization, createTwoOrganizations } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * The roster (issue 29, product-decisions.md 32): people with or without accounts, edited by
 * stewards and admins, grievants of grievances filed for them, linked to their account when
 * they join with the roster's email.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Person {
  id: string;
  name: string;
  badgeNumber: string | null;
  status: string;
  hasAccount: boolean;
  userId: string | null;
  invitation: string;
}

async function roster(client: TestClient, query = "") {
  const res = await client.get(`/api/roster${query ? `?${query}` : ""}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Person[]; nextCursor: string | null; total: number };
}

async function add(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post("/api/roster", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Person;
}

const listIds = async (client: TestClient, query = "") =>
  ((await client.get(`/api/grievances?${query}`)).json() as { items: { id: string }[] }).items.map(
    (g) => g.id,
  );

describe("the roster", () => {
  it("holds every member account as a linked person, and people without accounts", async () => {
    const org = await createOrganization(t, "Roster Local");
    const start = await roster(org.admin.client, "status=all");
    expect(start.total).toBe(3);
    expect(start.items.every((p) => p.hasAccount && p.invitation === "joined")).toBe(true);
    expect(start.items.map((p) => p.userId).sort()).toEqual(
      [org.admin.id, org.steward.id, org.member.id].sort(),
    );

    // A steward adds people; the badge number is unique in the organization.
    const ana = await add(org.steward.client, {
      name: "Ana Torres",
      email: "ANA.TORRES@Example.org",
      badgeNumber: " 4411 ",
      department: "Assembly",
      hireDate: "2019-04-02",
      language: "es",
    });
    expect(ana).toMatchObject({
      name: "Ana Torres",
      badgeNumber: "4411",
      status: "active",
      hasAccount: false,
      invitation: "none",
    });
    const twice = await org.admin.client.post("/api/roster", { name: "Ben", badgeNumber: "4411" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields.badgeNumber).toBe(RosterMessages.badgeTaken);
    const sameEmail = await org.admin.client.post("/api/roster", {
      name: "Ana Again",
      email: "ana.torres@example.org",
    });
    expect(sameEmail.statusCode).toBe(409);

    // Bad input: 400 in plain words, in the reader's language, nothing written.
    const bad = await org.admin.client.post("/api/roster", {
      name: "  ",
      email: "not-an-email",
      hireDate: "2019-02-30",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      name: RosterMessages.name,
      email: RosterMessages.email,
      hireDate: RosterMessages.hireDate,
    });
    expect((await roster(org.admin.client, "status=all")).total).toBe(4);

    // Search by name or badge; filters by account and status.
    for (let i = 0; i < 5; i++)
      await add(org.admin.client, { name: `Zed Walker ${i}`, badgeNumber: `Z-${i}` });
    expect((await roster(org.admin.client, "q=4411")).items.map((p) => p.name)).toEqual([
      "Ana Torres",
    ]);
    expect((await roster(org.admin.client, "q=zed%20walker")).total).toBe(5);
    expect((await roster(org.admin.client, "hasAccount=false")).total).toBe(6);
    expect((await roster(org.admin.client, "hasAccount=true")).total).toBe(3);

    // Marking left keeps the person; the default view is the active ones.
    const left = await org.steward.client.request("PATCH", `/api/roster/${ana.id}`, {
      status: "left",
      department: "",
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ status: "left", department: null, badgeNumber: "4411" });
    expect((await roster(org.admin.client, "q=ana")).total).toBe(0);
    expect((await roster(org.admin.client, "status=left")).items.map((p) => p.id)).toEqual([
      ana.id,
    ]);

    // Keyset pages by name: every person once, the total on each page.
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await roster(
        org.admin.client,
        `status=all&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(page.total).toBe(9);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(9);
    expect((await org.admin.client.get("/api/roster?cursor=garbage")).statusCode).toBe(400);
  });

  it("is for stewards and admins: members keep the directory and get 403 here", async () => {
    const org = await createOrganization(t, "Members Local");
    expect((await org.member.client.get("/api/roster")).statusCode).toBe(403);
    expect((await org.member.client.post("/api/roster", { name: "Someone" })).statusCode).toBe(403);
    expect((await org.member.client.get("/api/members")).statusCode).toBe(200);
    const person = await add(org.admin.client, { name: "Quiet Person" });
    const patch = await org.member.client.request("PATCH", `/api/roster/${person.id}`, {
      status: "left",
    });
    expect(patch.statusCode).toBe(403);
    expect((await t.client().get("/api/roster")).statusCode).toBe(401);
  });

  it("never shows or changes another organization's people (attacker and victim)", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    const secret = await add(victim.admin.client, {
      name: "Victim Secret",
      badgeNumber: "V-1",
      email: "victim.secret@example.org",
    });
    const seen = await roster(attacker.admin.client, "status=all&q=victim");
    expect(seen.items.some((p) => p.id === secret.id)).toBe(false);
    const patch = await attacker.admin.client.request("PATCH", `/api/roster/${secret.id}`, {
      name: "Pwned",
    });
    expect(patch.statusCode).toBe(404);
    // The same badge and email are free in another organization.
    await add(attacker.admin.client, {
      name: "Own Person",
      badgeNumber: "V-1",
      email: "victim.secret@example.org",
    });
    // Filing for the victim's person, or adding them to a group grievance, finds nobody.
    const filed = await attacker.steward.client.post(
      "/api/grievances",
      grievanceBody({ grievantRosterId: secret.id }),
    );
    expect(filed.statusCode).toBe(400);
    const group = await attacker.steward.client.post(
      "/api/grievances",
      grievanceBody({ type: "group", grievantIds: [secret.id] }),
    );
    expect(group.statusCode).toBe(400);
    const after = await roster(victim.admin.client, "q=secret");
    expect(after.items.map((p) => p.name)).toEqual(["Victim Secret"]);
  });
});

describe("grievances of roster people", () => {
  it("a steward files for a person without an account; they join by code and find it, nobody else does", async () => {
    const org = await createOrganization(t, "Filing Local");
    const email = `maria.${Date.now()}@example.org`;
    const maria = await add(org.steward.client, {
      name: "Maria Lopez",
      email: email.toUpperCase(),
      badgeNumber: "B-77",
    });
    const res = await org.steward.client.post(
      "/api/grievances",
      grievanceBody({
        name: "Maria Lopez",
        badgeNumber: "B-77",
        grievantRosterId: maria.id,
        subject: "Kestrel shift swap",
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json();
    expect(g.grievants).toEqual([{ id: maria.id, name: "Maria Lopez", rosterId: maria.id }]);
    // The steward is not its grievant; a member may not file for someone else.
    expect(g.isGrievant).toBe(false);
    const forOther = await org.member.client.post(
      "/api/grievances",
      grievanceBody({ grievantRosterId: maria.id }),
    );
    expect(forOther.statusCode).toBe(403);
    expect(await listIds(org.member.client)).not.toContain(g.id);

    // Maria registers with the roster's email (any case) and joins by the code.
    const account = await t.createSignedIn({ email, name: "María L." });
    expect((await account.client.get("/api/grievances")).statusCode).toBe(403);
    const joined = await account.client.post("/api/organizations/join", {
      inviteCode: org.inviteCode,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const linked = (await roster(org.admin.client, "q=B-77")).items[0];
    expect(linked).toMatchObject({
      id: maria.id,
      hasAccount: true,
      userId: account.id,
      invitation: "joined",
    });
    // One person, not a second one for the account.
    expect((await roster(org.admin.client, `q=${encodeURIComponent(email)}`)).total).toBe(1);

    expect(await listIds(account.client)).toEqual([g.id]);
    expect(await listIds(account.client, "q=b-77")).toEqual([g.id]);
    const detail = await account.client.get(`/api/grievances/${g.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().isGrievant).toBe(true);
    const comment = await account.client.post(`/api/grievances/${g.id}/comments`, {
      text: "I have the schedule printout.",
    });
    expect(comment.statusCode, comment.body).toBeLessThan(300);

    // Other members never see it, by list, search or id.
    for (const other of [org.member]) {
      expect(await listIds(other.client)).not.toContain(g.id);
      expect(await listIds(other.client, "q=b-77")).toEqual([]);
      expect((await other.client.get(`/api/grievances/${g.id}`)).statusCode).toBe(404);
    }
  });

  it("takes roster ids beside account ids for a group grievance's grievants", async () => {
    const org = await createOrganization(t, "Group Roster Local");
    const noAccount = await add(org.admin.client, { name: "Pat Kim", badgeNumber: "G-1" });
    const other = await add(org.admin.client, { name: "Lee Park" });
    const res = await org.steward.client.post(
      "/api/grievances",
      grievanceBody({ type: "group", grievantIds: [org.member.id, noAccount.id] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json();
    expect(g.grievants.map((p: { name: string }) => p.name).sort()).toEqual([
      "Group Roster Local Member",
      "Pat Kim",
    ]);
    const added = await org.steward.client.post(`/api/grievances/${g.id}/grievants`, {
      rosterId: other.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().grievants).toHaveLength(3);
    const both = await org.steward.client.post(`/api/grievances/${g.id}/grievants`, {
      rosterId: other.id,
      userId: org.member.id,
    });
    expect(both.statusCode).toBe(400);
    expect(
      (await org.steward.client.post(`/api/grievances/${g.id}/grievants`, { rosterId: other.id }))
        .statusCode,
    ).toBe(409);
    const removed = await org.steward.client.request(
      "DELETE",
      `/api/grievances/${g.id}/grievants/${noAccount.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      removed
        .json()
        .grievants.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(["Group Roster Local Member", "Lee Park"].sort());
    // The member account is still named by its account id.
    const byAccount = await org.steward.client.request(
      "DELETE",
      `/api/grievances/${g.id}/grievants/${org.member.id}`,
    );
    expect(byAccount.statusCode).toBe(200);
    expect(await listIds(org.member.client)).not.toContain(g.id);
  });
});

describe("leaving and coming back", () => {
  it("a removed member's person stays with their grievances and is linked again when they rejoin", async () => {
    const org = await createOrganization(t, "Rejoin Local");
    const person = (await roster(org.admin.client, `q=${encodeURIComponent(org.member.email)}`))
      .items[0] as Person;
    const filed = await org.steward.client.post(
      "/api/grievances",
      grievanceBody({ grievantRosterId: person.id }),
    );
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().id;
    expect(await listIds(org.member.client)).toContain(id);
    const removed = await org.admin.client.request("DELETE", `/api/members/${org.member.id}`);
    expect(removed.statusCode).toBe(204);
    const after = (await roster(org.admin.client, `q=${encodeURIComponent(org.member.email)}`))
      .items[0];
    expect(after).toMatchObject({ id: person.id, hasAccount: false, userId: null });
    const detail = (await org.admin.client.get(`/api/grievances/${id}`)).json();
    expect(detail.grievants).toEqual([{ id: person.id, name: person.name, rosterId: person.id }]);

    const client = await t.signInAs({ id: org.member.id });
    const back = await client.post("/api/organizations/join", { inviteCode: org.inviteCode });
    expect(back.statusCode, back.body).toBe(200);
    expect(await listIds(client)).toContain(id);
    expect((await roster(org.admin.client, "status=all")).total).toBe(3);
  });
});
