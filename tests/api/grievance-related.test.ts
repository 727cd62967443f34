import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * Related grievances (issue 19): links kept both ways, within one organization; individual
 * grievances converted into one group grievance.
 */
let t: TestApp;
let org: TestOrganization;
let victim: TestOrganization;

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date("2026-11-23T15:00:00Z") });
  org = await createOrganization(t, "Related Local");
  victim = await createOrganization(t, "Victim Related Local");
});
afterAll(() => t.close());

const filing = (overrides: Record<string, unknown> = {}) => ({
  name: "Jordan Lee",
  badgeNumber: "M-3003",
  jobTitle: "Machine Operator",
  department: "Manufacturing",
  location: "Main Office",
  description: "Scheduled overtime was given out of seniority order twice this month.",
  remedy: "Pay the missed overtime and follow the seniority list.",
  ...overrides,
});

async function file(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post("/api/grievances", filing(overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TGrievance;
}

const detail = async (client: TestClient, id: string) =>
  (await client.get(`/api/grievances/${id}`)).json() as TGrievance;

/** A grievance id that exists in the victim's organization and not in ours. */
async function victimOnlyId() {
  const mine = await file(org.steward.client);
  let theirs = await file(victim.member.client);
  while (theirs.id <= mine.id) theirs = await file(victim.member.client);
  expect((await org.steward.client.get(`/api/grievances/${theirs.id}`)).statusCode).toBe(404);
  return theirs.id;
}

describe("related grievances", () => {
  it("a steward links and unlinks two grievances; both show the link and log it", async () => {
    const a = await file(org.member.client);
    const b = await file(org.steward.client);
    const res = await org.steward.client.post(`/api/grievances/${a.id}/related`, {
      grievanceId: b.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TGrievance).relatedIds).toEqual([b.id]);
    const other = await detail(org.steward.client, b.id);
    expect(other.relatedIds).toEqual([a.id]);
    expect(other.activityLog[0]?.action).toBe(`Linked to related grievance ${a.id}`);
    // Twice is a conflict; a grievance is not related to itself.
    expect(
      (await org.steward.client.post(`/api/grievances/${b.id}/related`, { grievanceId: a.id }))
        .statusCode,
    ).toBe(409);
    expect(
      (await org.steward.client.post(`/api/grievances/${a.id}/related`, { grievanceId: a.id }))
        .statusCode,
    ).toBe(400);
    // The member who filed `a` sees no link to `b`, which is not theirs.
    expect((await detail(org.member.client, a.id)).relatedIds).toEqual([]);
    // A member may not link.
    expect(
      (await org.member.client.post(`/api/grievances/${a.id}/related`, { grievanceId: b.id }))
        .statusCode,
    ).toBe(403);

    const del = await org.admin.client.request("DELETE", `/api/grievances/${b.id}/related/${a.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((del.json() as TGrievance).relatedIds).toEqual([]);
    expect((await detail(org.steward.client, a.id)).relatedIds).toEqual([]);
    expect(
      (await org.admin.client.request("DELETE", `/api/grievances/${b.id}/related/${a.id}`))
        .statusCode,
    ).toBe(404);
  });

  it("a grievant sees links to grievances that are theirs too", async () => {
    const a = await file(org.member.client);
    const b = await file(org.member.client);
    await org.steward.client.post(`/api/grievances/${a.id}/related`, { grievanceId: b.id });
    expect((await detail(org.member.client, a.id)).relatedIds).toEqual([b.id]);
  });

  it("links at filing: stewards and admins only, the organization's own grievances", async () => {
    const a = await file(org.member.client);
    const b = await file(org.member.client);
    const policy = await file(org.steward.client, {
      type: "policy",
      articles: ["Art. 12.3 Overtime"],
      relatedIds: [a.id, b.id, a.id],
    });
    expect(policy.type).toBe("policy");
    expect(policy.relatedIds).toEqual([a.id, b.id].sort());
    expect((await detail(org.steward.client, a.id)).relatedIds).toContain(policy.id);
    expect((await detail(org.steward.client, b.id)).relatedIds).toContain(policy.id);

    // Issue 30: a policy grievance has no individual grievant, so it needs no job title; one
    // given is still from the organization's list, and any other type still needs one.
    const untitled = await file(org.steward.client, { type: "policy", jobTitle: "" });
    expect(untitled.jobTitle).toBe("");
    const { jobTitle: _left, ...withoutTitle } = filing({ type: "policy" });
    expect((await org.steward.client.post("/api/grievances", withoutTitle)).statusCode).toBe(201);
    const foreign = await org.steward.client.post(
      "/api/grievances",
      filing({ type: "policy", jobTitle: "Astronaut" }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.jobTitle).toBe(
      "Please choose a job title from your organization's list.",
    );
    for (const type of ["individual", "group"]) {
      const res = await org.steward.client.post("/api/grievances", filing({ type, jobTitle: "" }));
      expect(res.statusCode, type).toBe(400);
      expect(res.json().error.fields.jobTitle, type).toBe("Job title is required");
    }

    const refused = await org.member.client.post("/api/grievances", filing({ relatedIds: [a.id] }));
    expect(refused.statusCode).toBe(403);
    const unknown = await org.steward.client.post(
      "/api/grievances",
      filing({ relatedIds: ["G-1999-9999"] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.relatedIds).toBe(
      "Choose related grievances of your organization.",
    );
  });

  it("another organization's grievance ids answer 404 or 400 and change nothing", async () => {
    const mine = await file(org.steward.client);
    const theirs = await victimOnlyId();
    const before = await detail(victim.admin.client, theirs);

    // As the linked grievance: 404, at filing: 400.
    const link = await org.steward.client.post(`/api/grievances/${mine.id}/related`, {
      grievanceId: theirs,
    });
    expect(link.statusCode).toBe(404);
    const filed = await org.steward.client.post(
      "/api/grievances",
      filing({ relatedIds: [theirs] }),
    );
    expect(filed.statusCode).toBe(400);
    // As the grievance acted on: 404.
    expect(
      (await org.steward.client.post(`/api/grievances/${theirs}/related`, { grievanceId: mine.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await org.steward.client.request("DELETE", `/api/grievances/${theirs}/related/${mine.id}`))
        .statusCode,
    ).toBe(404);

    expect((await detail(org.steward.client, mine.id)).relatedIds).toEqual([]);
    const after = await detail(victim.admin.client, theirs);
    expect(after.relatedIds).toEqual(before.relatedIds);
    expect(after.activityLog).toEqual(before.activityLog);
  });
});

describe("converting individual grievances into a group grievance", () => {
  const convert = (client: TestClient, body: Record<string, unknown>) =>
    client.post("/api/grievances/convert-to-group", body);
  const count = async (client: TestClient) =>
    ((await client.get("/api/grievances?limit=1")).json() as { total: number }).total;

  it("joins them: the grievants move to the group one, each original closes as merged with its history", async () => {
    const second = await addPerson(t, org.id, "member", { name: "Sam Second" });
    const a = await file(org.member.client, { articles: ["Art. 12.3 Overtime"] });
    const b = await file(second.client, { name: "Sam Second", articles: ["Art. 4 Seniority"] });
    await org.steward.client.post(`/api/grievances/${a.id}/comments`, { text: "Spoke to HR." });

    const res = await convert(org.steward.client, {
      grievanceIds: [a.id, b.id],
      subject: "Overtime out of seniority order",
    });
    expect(res.statusCode, res.body).toBe(201);
    const group = res.json() as TGrievance;
    expect(group.type).toBe("group");
    expect(group.subject).toBe("Overtime out of seniority order");
    expect(group.grievants.map((p) => p.id).sort()).toEqual([org.member.id, second.id].sort());
    expect(group.relatedIds).toEqual([a.id, b.id].sort());
    expect(group.articles).toEqual(["Art. 12.3 Overtime", "Art. 4 Seniority"]);
    expect(group.status).toBe("new");
    expect(group.nextDeadline?.kind).toBe("response");
    expect(group.activityLog.at(-1)?.action).toContain(`from ${a.id}, ${b.id}`);

    const original = await detail(org.steward.client, a.id);
    expect(original.status).toBe("resolved");
    expect(original.outcome).toMatchObject({
      result: "merged",
      mergedInto: group.id,
      label: `Merged into ${group.id}`,
    });
    expect(original.relatedIds).toEqual([group.id]);
    expect(original.nextDeadline).toBeNull();
    expect(original.deadlines.every((d) => d.closedOn !== null)).toBe(true);
    expect(original.activityLog.map((e) => e.action)).toContain("Comment: Spoke to HR.");
    expect(original.actions).not.toContain("reopen");
    expect(
      (await org.steward.client.post(`/api/grievances/${a.id}/reopen`, { reason: "Oops" }))
        .statusCode,
    ).toBe(409);

    // Each grievant sees the group grievance and their own original, not the other's.
    const mine = await detail(second.client, group.id);
    expect(mine.isGrievant).toBe(true);
    expect(mine.relatedIds).toEqual([b.id]);
    expect((await detail(second.client, b.id)).outcome?.mergedInto).toBe(group.id);
    expect((await second.client.get(`/api/grievances/${a.id}`)).statusCode).toBe(404);
    const list = (await org.member.client.get("/api/grievances")).json() as {
      items: { id: string }[];
    };
    expect(list.items.map((i) => i.id)).toContain(group.id);
  });

  it("refuses a member, fewer than two, a resolved one and a group one, changing nothing", async () => {
    const a = await file(org.member.client);
    const b = await file(org.member.client);
    expect((await convert(org.member.client, { grievanceIds: [a.id, b.id] })).statusCode).toBe(403);
    expect((await convert(org.steward.client, { grievanceIds: [a.id] })).statusCode).toBe(400);
    expect((await convert(org.steward.client, { grievanceIds: [a.id, a.id] })).statusCode).toBe(
      409,
    );
    await org.steward.client.post(`/api/grievances/${b.id}/close`, {
      outcome: "withdrawn",
      reason: "We told the grievant why in writing.",
      summary: "Withdrawn.",
    });
    const total = await count(org.steward.client);
    const resolved = await convert(org.steward.client, { grievanceIds: [a.id, b.id] });
    expect(resolved.statusCode).toBe(409);
    const group = await file(org.steward.client, { type: "group", grievantIds: [org.member.id] });
    const c = await file(org.member.client);
    expect((await convert(org.steward.client, { grievanceIds: [c.id, group.id] })).statusCode).toBe(
      409,
    );
    expect(await count(org.steward.client)).toBe(total + 2);
    const untouched = await detail(org.steward.client, a.id);
    expect(untouched.status).toBe("new");
    expect(untouched.relatedIds).toEqual([]);
  });

  it("another organization's grievance id answers 404 and changes nothing on either side", async () => {
    const mine = await file(org.member.client);
    const mine2 = await file(org.member.client);
    const theirs = await victimOnlyId();
    const before = await detail(victim.admin.client, theirs);
    const total = await count(org.steward.client);
    const theirTotal = await count(victim.admin.client);

    const res = await convert(org.steward.client, { grievanceIds: [mine.id, theirs] });
    expect(res.statusCode).toBe(404);
    expect(
      (await convert(org.steward.client, { grievanceIds: [mine.id, mine2.id, theirs] })).statusCode,
    ).toBe(404);

    expect(await count(org.steward.client)).toBe(total);
    expect(await count(victim.admin.client)).toBe(theirTotal);
    expect((await detail(org.steward.client, mine.id)).status).toBe("new");
    const after = await detail(victim.admin.client, theirs);
    expect(after.status).toBe(before.status);
    expect(after.relatedIds).toEqual(before.relatedIds);
    expect(after.activityLog).toEqual(before.activityLog);
  });
});
