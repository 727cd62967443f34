import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { radarState, runRadar } from "../../src/server/modules/insights/radar.ts";
import { ArticleMessages } from "../../src/shared/schemas/articles.ts";
import type { TInsights } from "../../src/shared/schemas/insights.ts";
import type { TReportGroup } from "../../src/shared/schemas/reports.ts";
import { officeClock } from "../support/clock.ts";
import { fileGrievance } from "../support/deadlines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * The contract's article list and citations matched by article number (issue 30,
 * product-decisions.md 34): reports and the radar group 'Art. 12.3 Overtime', 'Article 12.3'
 * and 'Sec. 12.3' as one article. Today is Monday 23 November 2026 in New York.
 */
const clock = officeClock();
let t: TestApp;
let org: TestOrganization;

const LIST = [
  { number: "12.3", title: "Overtime", aliases: ["Mandatory overtime", "Art. 11.4"] },
  { number: "12.30", title: "Call-in pay", aliases: [] },
  { number: "21", title: "Health and safety", aliases: ["H&S"] },
];

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  org = await createOrganization(t, "Articles Local 30");
});
afterAll(() => t.close());

async function file(day: string, article: string, department = "Manufacturing") {
  clock.setDay(day);
  // One location per department, so each department's pattern is the only one.
  const location = department === "Sales" ? "South Plant" : "Main Office";
  const { id } = await fileGrievance(org.member.client, {
    department,
    location,
    articles: [article],
  });
  clock.setDay("2026-11-23");
  return id;
}
const put = (body: unknown, client: TestClient = org.admin.client) =>
  client.request("PUT", "/api/organization/articles", body);
/**
 * The radar as a steward reads it. The run is made first, as a request's would be: a run
 * slower than a request's wait on a busy test machine would otherwise be answered by the
 * last saved one, marked stale (insights/routes.ts).
 */
const radar = async () => {
  await runRadar(t.db, org.id, clock.now());
  const res = await org.steward.client.get("/api/insights");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().stale).toBe(false);
  return (res.json() as TInsights).clusters;
};
const articleReport = async () => {
  const res = await org.steward.client.get(
    "/api/reports/grievances?groupBy=article&from=2026-01-01&to=2026-11-30",
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { groups: TReportGroup[] }).groups.map((g) => [g.key, g.filed]);
};
const numbers = (id: string) =>
  withTenant(t.db, org.id, (trx) =>
    trx
      .selectFrom("grievances")
      .select(["articleNumbers", "articleKeys"])
      .where("organizationId", "=", org.id)
      .where("id", "=", id)
      .executeTakeFirstOrThrow(),
  );

describe("citations matched by article number", () => {
  const ids: string[] = [];

  it("three differently written citations of 12.3 are one article: the radar finds the pattern", async () => {
    ids.push(await file("2026-10-05", "Art. 12.3 Overtime"));
    ids.push(await file("2026-10-26", "Article 12.3"));
    // Not 12.3: 12.30 is its own article, and so is text with no number.
    await file("2026-11-02", "Art. 12.30 Call-in pay");
    await file("2026-11-03", "Past practice");
    expect(await radar()).toEqual([]);
    ids.push(await file("2026-11-09", "Sec. 12.3"));

    const clusters = await radar();
    expect(clusters.map((c) => [c.article, c.department, c.count])).toEqual([
      ["Art. 12.3 Overtime", "Manufacturing", 3],
    ]);
    expect([...(clusters[0]?.grievanceIds ?? [])].sort()).toEqual([...ids].sort());
    expect(await numbers(ids[2] as string)).toEqual({
      articleNumbers: ["12.3"],
      articleKeys: ["12.3"],
    });
    // The report: one row for 12.3 (labelled by its most cited spelling), 12.30 and the text.
    expect(await articleReport()).toEqual(
      expect.arrayContaining([
        ["Art. 12.3 Overtime", 3],
        ["Art. 12.30 Call-in pay", 1],
        ["Past practice", 1],
      ]),
    );
    expect((await articleReport()).length).toBe(3);
  });

  it("an alias joins a citation with no number once the list has it, in the same request", async () => {
    const alias = await file("2026-11-16", "Mandatory overtime", "Sales");
    const renumbered = await file("2026-11-17", "Article 11.4", "Sales");
    expect((await numbers(alias)).articleKeys).toEqual(["mandatory overtime"]);
    expect((await numbers(renumbered)).articleKeys).toEqual(["11.4"]);
    expect(await radar()).toHaveLength(1);

    const res = await put(LIST);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(LIST);
    expect(await numbers(alias)).toEqual({ articleNumbers: ["12.3"], articleKeys: ["12.3"] });
    expect((await numbers(renumbered)).articleNumbers).toEqual(["12.3"]);
    expect(await articleReport()).toEqual(
      expect.arrayContaining([
        ["Art. 12.3 Overtime", 5],
        ["Art. 12.30 Call-in pay", 1],
      ]),
    );
    // Shipping now has two citations of 12.3: no pattern there yet; a third makes one.
    await file("2026-11-18", "12.3 Overtime", "Sales");
    expect((await radar()).map((c) => [c.department, c.count]).sort()).toEqual([
      ["Manufacturing", 3],
      ["Sales", 3],
    ]);
    // A grievance filed now is matched at filing by the list.
    const safety = await file("2026-11-19", "h & s");
    expect((await numbers(safety)).articleNumbers).toEqual(["21"]);
  });

  it("re-matches when the list changes: without the alias, the citation is text again", async () => {
    await radar();
    const current = () =>
      withTenant(t.db, org.id, (trx) => radarState(trx, org.id, clock.now())).then(
        (s) => s.current,
      );
    expect(await current()).toBe(true);
    const res = await put([{ number: "12.3", title: "Overtime", aliases: [] }]);
    expect(res.statusCode, res.body).toBe(200);
    // The re-match marks the saved radar out of date (migration 0200's trigger).
    expect(await current()).toBe(false);
    expect((await radar()).map((c) => [c.department, c.count])).toEqual([["Manufacturing", 3]]);
    expect(await articleReport()).toEqual(expect.arrayContaining([["Mandatory overtime", 1]]));
    expect((await put(LIST)).statusCode).toBe(200);
  });

  it("matches grievances written without numbers (bulk loads, imports) when the list is saved", async () => {
    // As the bench and older rows write them: citations with no numbers stored.
    await withTenant(t.db, org.id, (trx) =>
      sql`
      INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title,
        department, location, subject, description, remedy, articles, filed_at, updated_at)
      VALUES (${org.id}, 'G-2026-9001', ${org.member.id}, 'Bulk', 'B-1', 'Operator', 'Bulk',
        'Main Office', 'Bulk', 'Bulk row', 'Bulk remedy', ARRAY['§ 12.3', 'OT'],
        now(), now())`.execute(trx),
    );
    expect(await numbers("G-2026-9001")).toEqual({
      articleNumbers: [],
      articleKeys: ["§ 12.3", "ot"],
    });
    expect(
      (
        await put([
          ...LIST.slice(0, 2),
          { number: "21", title: "Safety", aliases: ["Mandatory overtime"] },
        ])
      ).statusCode,
    ).toBe(400); // The alias is 12.3's: a refused list matches nothing again
    expect((await numbers("G-2026-9001")).articleNumbers).toEqual([]);
    expect((await put(LIST)).statusCode).toBe(200);
    expect(await numbers("G-2026-9001")).toEqual({
      articleNumbers: ["12.3", ""],
      articleKeys: ["12.3", "ot"],
    });
  });
});

describe("GET/PUT /api/organization/articles", () => {
  it("lets every member read the list; only admins write it", async () => {
    for (const who of [org.member, org.steward, org.admin]) {
      const res = await who.client.get("/api/organization/articles");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(LIST);
    }
    for (const who of [org.member, org.steward]) {
      expect((await put([], who.client)).statusCode).toBe(403);
    }
    expect((await t.client().get("/api/organization/articles")).statusCode).toBe(401);
    const fresh = await createOrganization(t, "Fresh Articles Local");
    expect((await fresh.member.client.get("/api/organization/articles")).json()).toEqual([]);
  });

  it("refuses a bad list with 400 in plain words and changes nothing", async () => {
    const cases: [unknown, string, string][] = [
      [[{ number: "12.a", title: "X", aliases: [] }], "0.number", ArticleMessages.number],
      [[{ number: "Art. 12", title: "X", aliases: [] }], "0.number", ArticleMessages.number],
      [[{ number: "", title: "X", aliases: [] }], "0.number", ArticleMessages.number],
      [[{ number: "12", title: " ", aliases: [] }], "0.title", ArticleMessages.title],
      [[{ number: "12", title: "x".repeat(121), aliases: [] }], "0.title", ArticleMessages.title],
      [
        [
          { number: "12", title: "A", aliases: [] },
          { number: "012", title: "B", aliases: [] },
        ],
        "1.number",
        ArticleMessages.numberDuplicate,
      ],
      [
        [
          { number: "12", title: "A", aliases: ["OT"] },
          { number: "13", title: "B", aliases: ["o.t."] },
        ],
        "1.aliases.0",
        ArticleMessages.aliasTaken,
      ],
      [
        [
          { number: "12", title: "A", aliases: ["Art. 13"] },
          { number: "13", title: "B", aliases: [] },
        ],
        "0.aliases.0",
        ArticleMessages.aliasTaken,
      ],
      [[{ number: "12", title: "A", aliases: ["!!!"] }], "0.aliases.0", ArticleMessages.alias],
      [
        [{ number: "12", title: "A", aliases: Array.from({ length: 21 }, (_, i) => `a${i}`) }],
        "0.aliases",
        ArticleMessages.aliasesMax,
      ],
      [
        Array.from({ length: 501 }, (_, i) => ({ number: String(i + 1), title: "A", aliases: [] })),
        "",
        ArticleMessages.articlesMax,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, `${field}: ${res.body.slice(0, 200)}`).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe("VALIDATION_FAILED");
      if (field) expect(error.fields[field], res.body.slice(0, 300)).toBe(message);
      else expect(error.message).toBe(message);
    }
    for (const body of [{}, "12.3", [null], [{ number: 12.3, title: "A", aliases: [] }]]) {
      expect((await put(body)).statusCode).toBe(400);
    }
    expect((await org.admin.client.get("/api/organization/articles")).json()).toEqual(LIST);
  });
});
