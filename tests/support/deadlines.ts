import { withTenant } from "../../src/server/db/tenant.ts";
import type { TestApp, TestClient } from "./test-app.ts";

export const grievanceBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Jordan Lee",
  badgeNumber: "M-3003",
  jobTitle: "Machine Operator",
  department: "Manufacturing",
  location: "Main Office",
  description: "Scheduled overtime was given out of seniority order twice this month.",
  remedy: "Pay the missed overtime and follow the seniority list.",
  ...overrides,
});

export async function fileGrievance(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post("/api/grievances", grievanceBody(overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: string; nextDeadline: { id: string; dueDate: string } | null };
}

/** Moves a grievance's running deadline to `dueDate` (as if computed so), in the database. */
export async function setDueDate(
  t: TestApp,
  organizationId: string,
  grievanceId: string,
  dueDate: string,
) {
  await withTenant(t.db, organizationId, async (trx) => {
    const g = await trx
      .selectFrom("grievances")
      .select("nextDeadlineId")
      .where("organizationId", "=", organizationId)
      .where("id", "=", grievanceId)
      .executeTakeFirstOrThrow();
    if (!g.nextDeadlineId) throw new Error(`${grievanceId} has no running deadline`);
    await trx
      .updateTable("grievanceDeadlines")
      .set({ dueDate })
      .where("organizationId", "=", organizationId)
      .where("id", "=", g.nextDeadlineId)
      .execute();
    await trx
      .updateTable("grievances")
      .set({ nextDueDate: dueDate })
      .where("organizationId", "=", organizationId)
      .where("id", "=", grievanceId)
      .execute();
  });
}

export async function assign(client: TestClient, grievanceId: string, userId: string) {
  const res = await client.post(`/api/grievances/${grievanceId}/assign`, { userId });
  if (res.statusCode !== 200) throw new Error(res.body);
}
