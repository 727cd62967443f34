import { addMember } from "../../src/server/lib/tenancy/memberships.ts";
import type { Role } from "../../src/shared/permissions.ts";
import type { TestApp, TestClient } from "./test-app.ts";

/** Someone signed in through a minted session (no password: see TestApp.createSignedIn). */
export interface Person {
  id: string;
  email: string;
  client: TestClient;
}

export interface TestOrganization {
  id: string;
  name: string;
  inviteCode: string;
  admin: Person;
  steward: Person;
  member: Person;
}

export async function addPerson(
  t: TestApp,
  organizationId: string,
  role: Role,
  details: { facility?: string; name?: string } = {},
) {
  const person = await t.createSignedIn(details.name ? { name: details.name } : {});
  await addMember(t.db, {
    organizationId,
    userId: person.id,
    role,
    facility: details.facility ?? null,
  });
  return person;
}

/** An organization created through the API by its admin, with a steward and a member. */
export async function createOrganization(
  t: TestApp,
  name: string,
  plan = "pro",
  options: { adminPassword?: string } = {},
): Promise<TestOrganization> {
  const admin = await t.createSignedIn({
    accountType: "admin",
    name: `${name} Admin`,
    password: options.adminPassword,
  });
  const res = await admin.client.post("/api/organizations", {
    name,
    plan,
    billingCycle: "monthly",
  });
  if (res.statusCode !== 201) throw new Error(`organization not created: ${res.body}`);
  const org = res.json() as { id: string; name: string; inviteCode: string };
  const steward = await addPerson(t, org.id, "steward", { name: `${name} Steward` });
  const member = await addPerson(t, org.id, "member", { name: `${name} Member` });
  return { ...org, admin, steward, member };
}

/** The attacker/victim pair of every cross-tenant test. */
export async function createTwoOrganizations(t: TestApp) {
  const attacker = await createOrganization(t, "Attacker Local 1");
  const victim = await createOrganization(t, "Victim Local 2");
  return { attacker, victim };
}
