import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { RADAR_WAIT_MS } from "../../src/server/modules/insights/routes.ts";
import { normaliseArticle } from "../../src/shared/articles.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { clusterTitle, type TInsights } from "../../src/shared/schemas/insights.ts";
import { officeClock } from "../support/clock.ts";
import { grievanceBody } from "../support/deadlines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * The repeat-violation radar (issue 21) on a fixture with known patterns. Today is Monday
 * 23 November 2026 in New York (the default procedure's time zone).
 */
const clock = officeClock();
const at = clock.setDay;
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
const ids: Record<string, string[]> = { overtime: [], seniority: [], leave: [], scope: [] };

async function file(client: TestClient, day: string, overrides: Record<string, unknown>) {
  at(day);
  const res = await client.post("/api/grievances", grievanceBody(overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return (res.json() as TGrievance).id;
}
const cite = (
  department: string,
  location: string,
  article: string,
  extra: Record<string, unknown> = {},
) => ({ department, location, articles: [article], ...extra });

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  org = await createOrganization(t, "Radar Local");
  other = await createOrganization(t, "Other Radar Local");
  const m = org.member.client;
  // Four spellings of one article in Manufacturing, at three locations.
  for (const [day, location, article] of [
    ["2026-10-02", "Main Office", "Art. 12.3 Overtime"],
    ["2026-10-20", "South Plant", "article 12.3 overtime"],
    ["2026-11-05", "Main Office", "ART 12.3  Overtime"],
    ["2026-11-20", "North Plant", "Art. 12.3 Overtime"],
  ] as const)
    ids.overtime?.push(await file(m, day, cite("Manufacturing", location, article)));
  // Three departments at South Plant, 61 days from first to last.
  for (const [day, department] of [
    ["2026-09-01", "Sales"],
    ["2026-10-01", "IT"],
    ["2026-11-01", "Production"],
  ] as const)
    ids.seniority?.push(await file(m, day, cite(department, "South Plant", "Art. 7 Seniority")));
  // The same three grievances by department and by location: one pattern.
  for (const day of ["2026-11-01", "2026-11-02", "2026-11-03"])
    ids.leave?.push(
      await file(m, day, cite("Quality Control", "Distribution Center", "Article 4 Leave")),
    );
  // Each within 90 days of the one before, but never three within 90 days: no pattern.
  for (const day of ["2026-06-01", "2026-08-15", "2026-11-10"])
    await file(m, day, cite("Sales", "Main Office", "Art. 9 Safety"));
  // Two only: no pattern.
  for (const day of ["2026-11-10", "2026-11-11"])
    await file(m, day, cite("IT", "North Plant", "Art. 3 Breaks"));
  // A pattern that ended more than 90 days ago: no longer shown.
  for (const day of ["2026-01-05", "2026-01-06", "2026-01-07"])
    await file(m, day, cite("Production", "North Plant", "Art. 5 Pay"));
  // Another organization: two overtime grievances in Manufacturing (not a pattern with ours)
  // and a pattern of its own.
  for (const day of ["2026-11-02", "2026-11-03"])
    await file(
      other.member.client,
      day,
      cite("Manufacturing", "Main Office", "Art. 12.3 Overtime"),
    );
  for (const day of ["2026-11-04", "2026-11-05", "2026-11-06"])
    ids.scope?.push(
      await file(other.member.client, day, cite("Sales", "Main Office", "Art. 1 Scope")),
    );
  at("2026-11-23");
}, 120_000);
afterAll(() => t.close());

const insights = async (client: TestClient) => {
  const res = await client.get("/api/insights");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TInsights).clusters;
};
const latestFirst = (list: string[] | undefined) => [...(list ?? [])].reverse();

describe("GET /api/insights", () => {
  it("finds exactly the patterns of the fixture", async () => {
    const clusters = await insights(org.steward.client);
    expect(clusters.map(({ id: _, ...c }) => c)).toEqual([
      {
        article: "Art. 12.3 Overtime",
        department: "Manufacturing",
        location: null,
        count: 4,
        grievanceIds: latestFirst(ids.overtime),
        from: "2026-10-02",
        to: "2026-11-20",
      },
      {
        article: "Article 4 Leave",
        department: "Quality Control",
        location: "Distribution Center",
        count: 3,
        grievanceIds: latestFirst(ids.leave),
        from: "2026-11-01",
        to: "2026-11-03",
      },
      {
        article: "Art. 7 Seniority",
        department: null,
        location: "South Plant",
        count: 3,
        grievanceIds: latestFirst(ids.seniority),
        from: "2026-09-01",
        to: "2026-11-01",
      },
    ]);
    expect(clusters.every((c) => /^[0-9a-f]{24}$/.test(c.id))).toBe(true);
    expect(clusterTitle(clusters[0] as (typeof clusters)[0])).toBe(
      "Pattern: 4 grievances about Art. 12.3 Overtime in Manufacturing since 2 Oct",
    );
    // Admins see the same.
    expect(await insights(org.admin.client)).toEqual(clusters);
  });

  it("never shows a member a pattern", async () => {
    expect((await org.member.client.get("/api/insights")).statusCode).toBe(403);
    const [first] = await insights(org.steward.client);
    const res = await org.member.client.post(`/api/insights/${first?.id}/dismiss`, {});
    expect(res.statusCode).toBe(403);
  });

  it("shows another organization only its own", async () => {
    const theirs = await insights(other.steward.client);
    // Grievance ids are numbered per organization: theirs are the three they filed.
    expect(theirs.map((c) => [c.article, c.count, c.grievanceIds])).toEqual([
      ["Art. 1 Scope", 3, latestFirst(ids.scope)],
    ]);
    const ours = await insights(org.steward.client);
    expect(ours.map((c) => c.count)).toEqual([4, 3, 3]);
  });

  it("answers simultaneous requests of two organizations each with their own patterns", async () => {
    // Requests that arrive while the radar runs share that run (routes.ts): never across
    // organizations, and each gets the whole answer.
    const ours = await insights(org.steward.client);
    const theirs = await insights(other.steward.client);
    expect(ours.map((c) => c.count)).toEqual([4, 3, 3]);
    expect(theirs.map((c) => c.article)).toEqual(["Art. 1 Scope"]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? other.steward : i % 3 ? org.admin : org.steward).client.get("/api/insights"),
      ),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(200);
      expect(res.json().clusters).toEqual(i % 2 ? theirs : ours);
    }
  });

  it("compares articles as the database and src/shared/articles.ts both do", async () => {
    const samples = [
      "Art. 12.3 Overtime",
      "ARTICLE 12.3  overtime",
      " art.12.3\tOvertime ",
      "Article12.3",
      "Artwork 4",
      "Articles of agreement",
      "§ 4 Leave",
    ];
    const { rows } = await sql<{ k: string }>`
      SELECT normalise_article(x) AS k FROM unnest(${samples}::text[]) WITH ORDINALITY AS u(x, i)
      ORDER BY i`.execute(t.db);
    expect(rows.map((r) => r.k)).toEqual(samples.map(normaliseArticle));
  });
});

describe("POST /api/insights/:id/dismiss", () => {
  it("hides a pattern for the whole organization until it grows", async () => {
    const [overtime] = await insights(org.steward.client);
    const res = await org.steward.client.post(`/api/insights/${overtime?.id}/dismiss`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: overtime?.id, dismissedCount: 4 });
    expect((await insights(org.admin.client)).map((c) => c.article)).toEqual([
      "Article 4 Leave",
      "Art. 7 Seniority",
    ]);
    // A fifth grievance: the same pattern, same id, back on the dashboard.
    const fifth = await file(
      org.member.client,
      "2026-11-22",
      cite("Manufacturing", "South Plant", "Art 12.3 Overtime"),
    );
    at("2026-11-23");
    const [back] = await insights(org.admin.client);
    expect(back).toMatchObject({ id: overtime?.id, count: 5, to: "2026-11-22" });
    expect(back?.grievanceIds[0]).toBe(fifth);
  });

  it("refuses another organization's pattern with 404 and changes nothing", async () => {
    const ours = await insights(org.steward.client);
    const target = ours.find((c) => c.article === "Art. 7 Seniority");
    const res = await other.admin.client.post(`/api/insights/${target?.id}/dismiss`, {});
    expect(res.statusCode).toBe(404);
    expect(await insights(org.steward.client)).toEqual(ours);
  });

  it("answers 400 to a malformed id and 404 to an unknown one", async () => {
    expect((await org.steward.client.post("/api/insights/nope/dismiss", {})).statusCode).toBe(400);
    const res = await org.steward.client.post(`/api/insights/${"0".repeat(24)}/dismiss`, {});
    expect(res.statusCode).toBe(404);
  });
});

/**
 * The saved run (migration 0111, docs/decisions/027): the radar reruns only when what it
 * reads changed; a run that takes longer than the request's wait goes on while the last run
 * answers (`stale`), or, before any run finished, a 503 with Retry-After. A slow run is made
 * here by the owner locking the grievances table.
 */
describe("the saved radar run", () => {
  let owner: pg.Client;
  beforeAll(async () => {
    owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
  });
  afterAll(() => owner.end());

  const saved = async (organizationId: string) =>
    (
      await owner.query(
        "SELECT version::int, computed_version::int, computed_at FROM insight_radar WHERE organization_id = $1",
        [organizationId],
      )
    ).rows[0];
  const body = async (client: TestClient) => {
    const res = await client.get("/api/insights");
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TInsights;
  };
  /**
   * Runs `fn` while the grievances cannot be read (a run waits on the lock), and keeps them
   * locked `thenMs` longer (a run then surely takes longer than a request waits).
   */
  async function whileLocked<T>(fn: () => Promise<T>, thenMs = 0): Promise<T> {
    await owner.query("BEGIN");
    await owner.query("LOCK TABLE grievances IN ACCESS EXCLUSIVE MODE");
    try {
      const result = await fn();
      await new Promise((r) => setTimeout(r, thenMs));
      return result;
    } finally {
      await owner.query("ROLLBACK");
    }
  }
  /** The run the last request started, done: the next answer is current. */
  async function settled(client: TestClient) {
    for (let i = 0; i < 50; i++) {
      const res = await client.get("/api/insights");
      if (res.statusCode === 200 && !(res.json() as TInsights).stale)
        return res.json() as TInsights;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the radar never became current");
  }

  it("reruns after a filing or an edit of what it reads, not after a status change", async () => {
    const first = await body(org.steward.client);
    expect(first.stale).toBe(false);
    const before = await saved(org.id);
    expect(before.computed_version).toBe(before.version);
    // Read again: the same run answers.
    expect((await body(org.admin.client)).computedAt).toBe(first.computedAt);

    const [any] = ids.leave ?? [];
    const status = await org.steward.client.post(`/api/grievances/${any}/status`, {
      status: "pending",
    });
    expect(status.statusCode, status.body).toBe(200);
    expect((await saved(org.id)).version).toBe(before.version);
    expect((await body(org.steward.client)).computedAt).toBe(first.computedAt);

    await owner.query(
      "UPDATE grievances SET department = 'Sales' WHERE organization_id = $1 AND id = $2",
      [org.id, any],
    );
    expect((await saved(org.id)).version).toBe(before.version + 1);
    const edited = await body(org.steward.client);
    expect(edited.stale).toBe(false);
    // Two leave grievances in Quality Control: no pattern there; Distribution Center keeps it.
    const leave = edited.clusters.find((c) => c.article === "Article 4 Leave");
    expect(leave).toMatchObject({ department: null, location: "Distribution Center", count: 3 });
    expect((await saved(org.id)).computed_version).toBe(before.version + 1);
    await owner.query(
      "UPDATE grievances SET department = 'Quality Control' WHERE organization_id = $1 AND id = $2",
      [org.id, any],
    );
  });

  it("lets the application's role save runs of its own organization only, never the version", async () => {
    await expect(
      withTenant(t.db, org.id, (trx) =>
        trx
          .updateTable("insightRadar")
          .set({ version: "1" })
          .where("organizationId", "=", org.id)
          .execute(),
      ),
    ).rejects.toThrow(/permission denied/);
    // Another organization's saved patterns are neither seen nor removable from inside ours.
    const theirs = await withTenant(t.db, org.id, async (trx) => {
      const seen = await trx
        .selectFrom("insightRadarClusters")
        .select("organizationId")
        .where("organizationId", "=", other.id)
        .execute();
      const removed = await trx
        .deleteFrom("insightRadarClusters")
        .where("organizationId", "=", other.id)
        .executeTakeFirst();
      return { seen: seen.length, removed: Number(removed.numDeletedRows) };
    });
    expect(theirs).toEqual({ seen: 0, removed: 0 });
    const kept = await owner.query(
      "SELECT count(*)::int AS n FROM insight_radar_clusters WHERE organization_id = $1",
      [other.id],
    );
    expect(kept.rows[0].n).toBeGreaterThan(0);
  });

  it("answers 503 with Retry-After before its first run finishes, then the run", async () => {
    const slow = await createOrganization(t, "Slow Radar Local");
    for (const day of ["2026-11-02", "2026-11-03", "2026-11-04"])
      await file(slow.member.client, day, cite("IT", "Main Office", "Art. 2 Hours"));
    at("2026-11-23");
    const res = await whileLocked(() => slow.steward.client.get("/api/insights"), 300);
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({
      error: {
        code: "UNAVAILABLE",
        message:
          "The repeat-violation radar is still being worked out for your local. Please try again in a few seconds.",
      },
    });
    const done = await settled(slow.steward.client);
    expect(done.clusters.map((c) => [c.article, c.count])).toEqual([["Art. 2 Hours", 3]]);

    // That run took longer than a request waits: the next one is held back for a while
    // (twenty times as long), and meanwhile the last run answers, marked stale, at once.
    await file(slow.member.client, "2026-11-05", cite("IT", "Main Office", "Art. 2 Hours"));
    at("2026-11-23");
    const before = await saved(slow.id);
    const started = Date.now();
    const held = await body(slow.admin.client);
    // Stale without waiting out a run (a run is waited for RADAR_WAIT_MS), and none started:
    // one would have saved the filing's version by now (a run of four grievances takes ms).
    expect(Date.now() - started).toBeLessThan(RADAR_WAIT_MS);
    expect(held).toMatchObject({ stale: true, computedAt: done.computedAt });
    expect(held.clusters.map((c) => c.count)).toEqual([3]);
    expect(await saved(slow.id)).toEqual(before);
  });

  it("answers the last run, marked stale, while a newer one cannot finish", async () => {
    const busy = await createOrganization(t, "Busy Radar Local");
    for (const day of ["2026-11-02", "2026-11-03", "2026-11-04"])
      await file(busy.member.client, day, cite("IT", "Main Office", "Art. 2 Hours"));
    at("2026-11-23");
    const done = await body(busy.steward.client);
    expect(done.clusters.map((c) => c.count)).toEqual([3]);

    await file(busy.member.client, "2026-11-05", cite("IT", "Main Office", "Art. 2 Hours"));
    at("2026-11-23");
    const stale = await whileLocked(() => body(busy.admin.client));
    expect(stale).toMatchObject({ stale: true, computedAt: done.computedAt });
    expect(stale.clusters.map((c) => c.count)).toEqual([3]);
    // The run goes on once the grievances can be read, and saves the pattern as it now is.
    const fresh = await settled(busy.admin.client);
    expect(fresh.clusters.map((c) => c.count)).toEqual([4]);
    expect(fresh.computedAt > done.computedAt).toBe(true);
  });
});
