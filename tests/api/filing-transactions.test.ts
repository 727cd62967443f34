import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { convertToGroup } from "../../src/server/modules/grievances/convert.ts";
import { fileGrievance } from "../../src/server/modules/grievances/filing.ts";
import type { Tenant } from "../../src/server/plugins/access.ts";
import { grievanceBody } from "../support/deadlines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { APP_URL, startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * One filing, one transaction (issue 35): every statement node-postgres sends while the call
 * runs is seen here, and a `begin` (alone or with the tenant binding) is counted. Only the
 * call's own async chain counts, so the mail worker's polling does not.
 */
const watching = new AsyncLocalStorage<string[]>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text;
  if (typeof text === "string") watching.getStore()?.push(text);
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

async function begins<T>(fn: () => Promise<T>) {
  const sent: string[] = [];
  const result = await watching.run(sent, fn).catch((e: unknown) => e);
  return { result, begins: sent.filter((s) => /^\s*begin\b/i.test(s)).length, sent };
}

let t: TestApp;
let org: TestOrganization;
let steward: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t, "Transaction Local");
  steward = {
    organizationId: org.id,
    userId: org.steward.id,
    role: "steward",
    requireTwoFactor: false,
  };
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await t.close();
});

const count = () =>
  withTenant(t.db, org.id, (trx) =>
    trx
      .selectFrom("grievances")
      .select(trx.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ).then((r) => Number(r.n));

describe("filing a grievance", () => {
  it("opens one transaction for an individual filing, late and with deadlines", async () => {
    const member: Tenant = { ...steward, userId: org.member.id, role: "member" };
    const run = await begins(() =>
      fileGrievance(t.db, member, grievanceBody({ incidentDate: "2020-01-06" }) as never),
    );
    expect(run.result).toMatchObject({ filingLate: true });
    expect(run.begins).toBe(1);
    expect(run.sent.filter((s) => /^\s*commit\b/i.test(s))).toHaveLength(1);
  });

  it("opens one transaction for a group filing with grievants and related grievances", async () => {
    const first = (await fileGrievance(t.db, steward, grievanceBody() as never)) as { id: string };
    const run = await begins(() =>
      fileGrievance(
        t.db,
        steward,
        grievanceBody({
          type: "group",
          grievantIds: [org.member.id, org.steward.id],
          relatedIds: [first.id],
        }) as never,
      ),
    );
    expect(run.result).toMatchObject({ filingLate: false });
    expect(run.begins).toBe(1);
  });

  it("refuses a bad filing in its one transaction and writes nothing", async () => {
    const before = await count();
    const run = await begins(() =>
      fileGrievance(
        t.db,
        steward,
        grievanceBody({
          department: "Nowhere",
          type: "group",
          grievantIds: [org.member.id],
          relatedIds: ["G-1999-0001"],
        }) as never,
      ),
    );
    expect(run.result).toMatchObject({
      statusCode: 400,
      fields: { department: expect.any(String), relatedIds: expect.any(String) },
    });
    expect(run.begins).toBe(1);
    expect(run.sent.filter((s) => /^\s*rollback\b/i.test(s))).toHaveLength(1);
    expect(await count()).toBe(before);
  });
});

describe("joining grievances into a group grievance", () => {
  it("writes in one transaction; the grievants' mails go after it, outside any", async () => {
    const member: Tenant = { ...steward, userId: org.member.id, role: "member" };
    const filed: { id: string }[] = [];
    for (const subject of ["Overtime out of order", "Overtime again"])
      filed.push(await fileGrievance(t.db, member, grievanceBody({ subject }) as never));
    const ctx = {
      db: t.db,
      tenant: steward,
      actor: { id: org.steward.id, name: "Steward", role: "steward" },
      now: new Date(),
      appUrl: APP_URL,
    };
    const run = await begins(() =>
      convertToGroup(ctx, { grievanceIds: filed.map((g) => g.id) } as never),
    );
    expect(run.result).toMatch(/^G-/);
    expect(run.begins).toBe(1);
    const mails = run.sent.filter((s) => /insert into "mail_outbox"/i.test(s));
    expect(mails).toHaveLength(2);
  });
});
