import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Auth } from "../../lib/auth/auth.ts";
import { createUserWithPassword } from "../../lib/auth/users.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { addMember } from "../../lib/tenancy/memberships.ts";
import { seedDemoAnnouncements } from "../../modules/announcements/demo.ts";
import { seedDemoDocuments } from "../../modules/documents/demo.ts";
import { seedDemoGrievances } from "../../modules/grievances/demo.ts";
import { newInviteCode } from "../../modules/organizations/invite-code.ts";
import type { DB } from "../connection.ts";
import type { Role } from "../schema.ts";
import { withTenant } from "../tenant.ts";

/** The demo sign-ins; the README lists the same. */
export const DEMO_ORGANIZATION = "Demo Local 101";
export const DEMO_USERS: {
  role: Role;
  name: string;
  email: string;
  password: string;
  badge: string;
  department: string;
}[] = [
  {
    role: "admin",
    name: "Alex Rivera",
    email: "admin@demolocal101.example",
    password: "DemoAdmin101",
    badge: "A-1001",
    department: "Administrative",
  },
  {
    role: "steward",
    name: "Sam Okafor",
    email: "steward@demolocal101.example",
    password: "DemoSteward101",
    badge: "S-2002",
    department: "Production",
  },
  {
    role: "member",
    name: "Jordan Lee",
    email: "member@demolocal101.example",
    password: "DemoMember101",
    badge: "M-3003",
    department: "Manufacturing",
  },
];

/** The demo organization's people by role, for the feature seeders. */
export type DemoPeople = Record<Role, { id: string; name: string }>;

/** On an empty database: a demo organization with an admin, a steward and a member. */
export async function seedDemo(
  db: DB,
  auth: Auth,
  log: Logger,
  options: { storage?: Storage; appUrl: string },
): Promise<boolean> {
  const { storage, appUrl } = options;
  const anyUser = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (anyUser) return false;

  const organizationId = randomUUID();
  const org = await withTenant(db, organizationId, (trx) =>
    trx
      .insertInto("organizations")
      .values({
        id: organizationId,
        name: DEMO_ORGANIZATION,
        inviteCode: newInviteCode(),
        plan: "growth",
        billingCycle: "monthly",
        status: "trialing",
        trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
        setupCompleted: true,
      })
      .returning(["id", "inviteCode"])
      .executeTakeFirstOrThrow(),
  );

  const people = {} as DemoPeople;
  for (const demo of DEMO_USERS) {
    const user = await createUserWithPassword(auth, {
      email: demo.email,
      password: demo.password,
      name: demo.name,
      accountType: demo.role === "admin" ? "admin" : "member",
      verified: true,
    });
    await addMember(db, {
      organizationId: org.id,
      userId: user.id,
      role: demo.role,
      badgeNumber: demo.badge,
      department: demo.department,
      facility: "Main Office",
    });
    people[demo.role] = { id: user.id, name: demo.name };
  }
  // The library (needs the file storage), the announcements board and a few grievances.
  if (storage) await seedDemoDocuments(db, storage, org.id, people);
  await seedDemoAnnouncements(db, org.id, people);
  await seedDemoGrievances(db, org.id, people, appUrl);
  log.info(
    {
      organization: DEMO_ORGANIZATION,
      inviteCode: org.inviteCode,
      signIns: DEMO_USERS.map((u) => `${u.role}: ${u.email} / ${u.password}`),
    },
    "demo data created (shown once)",
  );
  return true;
}
