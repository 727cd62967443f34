import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SALES_EMAIL } from "../../src/server/env.ts";
import { publicPageMeta } from "../../src/server/modules/public-site/page-meta.ts";
import { FORM_LIMIT, GATE_LIMIT } from "../../src/server/modules/public-site/routes.ts";
import { pricingCatalogue } from "../../src/shared/plans.ts";
import { fullTitle } from "../../src/shared/public-pages.ts";
import { AuthMessages } from "../../src/shared/schemas/auth.ts";
import { PublicSiteMessages } from "../../src/shared/schemas/public-site.ts";
import { SetupMessages } from "../../src/shared/schemas/website-setup.ts";
import {
  type MailTestApp,
  startTestApp,
  startTestAppWithMail,
  type TestApp,
} from "../support/test-app.ts";

let t: MailTestApp;

beforeAll(async () => {
  t = await startTestAppWithMail();
});
afterAll(() => t.close());

const db = () => t.db;
let ipCounter = 0;
/** Each test speaks from its own address, so the per-address limits do not leak between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function post(url: string, body: unknown, ip: string) {
  return t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json" },
    remoteAddress: ip,
    payload: JSON.stringify(body),
  });
}

const countInquiries = async (kind: "contact" | "founders") =>
  Number(
    (
      await db()
        .selectFrom("salesInquiries")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("kind", "=", kind)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("GET /api/pricing-plans", () => {
  it("serves the catalogue to anyone, cacheable for 5 minutes", async () => {
    const res = await t.client().get("/api/pricing-plans");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const body = res.json();
    expect(body).toEqual(pricingCatalogue());
    expect(body.annualSavingPercent).toBe(17);
    expect(body.plans.map((p: { id: string }) => p.id)).toEqual([
      "starter",
      "growth",
      "pro",
      "enterprise",
      "founders",
      "coming-soon",
    ]);
    const growth = body.plans.find((p: { id: string }) => p.id === "growth");
    expect(growth).toMatchObject({ monthlyPrice: 29, yearlyPrice: 290, popular: true });
    const enterprise = body.plans.find((p: { id: string }) => p.id === "enterprise");
    expect(enterprise).toMatchObject({ isHidden: true, isCustomPricing: true });
    expect(body.websitePackages).toHaveLength(9);
  });

  it("answers ?refresh=true with a fresh, uncached copy", async () => {
    const res = await t.client().get("/api/pricing-plans?refresh=true");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual(pricingCatalogue());
  });

  it("refuses an unknown refresh value", async () => {
    const res = await t.client().get("/api/pricing-plans?refresh=maybe");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
  });
});

describe("GET /api/viewer", () => {
  it("says whether the visitor is signed in, always with a 200", async () => {
    const anonymous = await t.client().get("/api/viewer");
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ signedIn: false });
    const user = await t.createSignedIn();
    const client = user.client;
    expect((await client.get("/api/viewer")).json()).toEqual({ signedIn: true });
    // An unverified account's sign-in is refused: no session, so still signed out.
    const unverified = await t.createUser({ verified: false });
    const pending = t.client();
    await pending.signIn(unverified.email, unverified.password);
    expect((await pending.get("/api/viewer")).json()).toEqual({ signedIn: false });
  });
});

describe("GET /api/site-info", () => {
  it("tells the web app whether the gate is on and where sales mail goes", async () => {
    const res = await t.client().get("/api/site-info");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accessGate: false,
      billing: "test",
      salesEmail: DEFAULT_SALES_EMAIL,
    });
  });
});

const contact = {
  name: "Dana Whitfield",
  email: "dana@local512.example",
  organization: "Teamsters Local 512",
  message: "We have about 40 members and would like a demo of grievance tracking.",
};

describe("POST /api/contact", () => {
  it.each([
    [{ name: "" }, "name", PublicSiteMessages.nameMin],
    [{ email: "not-an-email" }, "email", AuthMessages.invalidEmail],
    [{ organization: " " }, "organization", PublicSiteMessages.organizationMin],
    [{ message: "Hi" }, "message", PublicSiteMessages.messageMin],
    [{ message: "x".repeat(5001) }, "message", PublicSiteMessages.messageMax],
  ])(
    "refuses %j with 400 and the field's message, storing nothing",
    async (override, field, message) => {
      const before = await countInquiries("contact");
      const res = await post("/api/contact", { ...contact, ...override }, freshIp());
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toBe(message);
      expect(error.fields[field]).toBe(message);
      expect(await countInquiries("contact")).toBe(before);
    },
  );

  it("refuses a missing body field with the field named", async () => {
    const { message: _omitted, ...withoutMessage } = contact;
    const res = await post("/api/contact", withoutMessage, freshIp());
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(["message"]);
  });

  it("stores the request and mails it to the sales address", async () => {
    const res = await post(
      "/api/contact",
      { ...contact, email: " Dana@Local512.example " },
      freshIp(),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const row = await db()
      .selectFrom("salesInquiries")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "contact",
      name: contact.name,
      email: "dana@local512.example",
      organization: contact.organization,
      message: contact.message,
      details: { topic: "general" },
      userId: null,
    });
    const mail = await t.waitForMail(
      DEFAULT_SALES_EMAIL,
      "Contact request from Dana Whitfield (Teamsters Local 512)",
    );
    expect(mail.text).toContain("Email: dana@local512.example");
    expect(mail.text).toContain(contact.message);
  });

  it("marks an Enterprise inquiry as such in the subject", async () => {
    const res = await post(
      "/api/contact",
      { ...contact, name: "Lee Park", topic: "enterprise" },
      freshIp(),
    );
    expect(res.statusCode).toBe(201);
    const mail = await t.waitForMail(
      DEFAULT_SALES_EMAIL,
      "Enterprise Plan Inquiry from Lee Park (Teamsters Local 512)",
    );
    expect(mail.text).toContain("Topic: Enterprise plan");
  });

  it("links the request to the account of a signed-in visitor", async () => {
    const user = await t.createSignedIn();
    const client = user.client;
    const res = await client.post("/api/contact", { ...contact, name: "Signed In" });
    expect(res.statusCode).toBe(201);
    const row = await db()
      .selectFrom("salesInquiries")
      .select("userId")
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(user.id);
  });

  it(`accepts ${FORM_LIMIT.max} requests an hour from one address, then answers 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < FORM_LIMIT.max; i++) {
      expect((await post("/api/contact", contact, ip)).statusCode).toBe(201);
    }
    const before = await countInquiries("contact");
    const res = await post("/api/contact", contact, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: "RATE_LIMITED",
      message: PublicSiteMessages.tooManyRequests,
    });
    expect(await countInquiries("contact")).toBe(before);
    // Another address is not affected.
    expect((await post("/api/contact", contact, freshIp())).statusCode).toBe(201);
  });
});

const founders = {
  name: "Ray Alvarez",
  email: "ray@atu1181.example",
  organization: "ATU Local 1181",
  role: "Recording secretary",
  memberCount: "51-250",
  message: "We want to move our grievances off spreadsheets this year.",
};

describe("POST /api/founders-applications", () => {
  it.each([
    [{ name: "R" }, "name", PublicSiteMessages.nameMin],
    [{ email: "ray@" }, "email", AuthMessages.invalidEmail],
    [{ organization: "" }, "organization", PublicSiteMessages.organizationMin],
    [{ memberCount: "a lot" }, "memberCount", PublicSiteMessages.memberCount],
    [{ role: "r".repeat(101) }, "role", PublicSiteMessages.roleMax],
    [{ message: "short" }, "message", PublicSiteMessages.messageMin],
  ])(
    "refuses %j with 400 and the field's message, storing nothing",
    async (override, field, message) => {
      const before = await countInquiries("founders");
      const res = await post("/api/founders-applications", { ...founders, ...override }, freshIp());
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fields[field]).toBe(message);
      expect(await countInquiries("founders")).toBe(before);
    },
  );

  it("stores the application and mails it to the sales address", async () => {
    const res = await post("/api/founders-applications", founders, freshIp());
    expect(res.statusCode).toBe(201);
    const row = await db()
      .selectFrom("salesInquiries")
      .selectAll()
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "founders",
      organization: "ATU Local 1181",
      details: { role: "Recording secretary", memberCount: "51-250" },
    });
    const mail = await t.waitForMail(DEFAULT_SALES_EMAIL, "Founders application: ATU Local 1181");
    expect(mail.text).toContain("Members: 51-250");
    expect(mail.text).toContain("Role: Recording secretary");
    expect(mail.text).toContain(founders.message);
  });
});

describe("POST /api/access-gate (product-decisions.md 23)", () => {
  beforeEach(() => {
    t.app.deps.env.SITE_ACCESS_CODE = undefined;
  });
  afterAll(() => {
    t.app.deps.env.SITE_ACCESS_CODE = undefined;
  });

  it("is off without SITE_ACCESS_CODE: 404, and site-info says so", async () => {
    const res = await post("/api/access-gate", { code: "123456" }, freshIp());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(PublicSiteMessages.accessGateOff);
  });

  it("lets the right code through to /home", async () => {
    t.app.deps.env.SITE_ACCESS_CODE = "482913";
    expect((await t.client().get("/api/site-info")).json().accessGate).toBe(true);
    const res = await post("/api/access-gate", { code: "482913" }, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ granted: true, redirectTo: "/home" });
  });

  it("answers a wrong code with 403 'Access Denied'", async () => {
    t.app.deps.env.SITE_ACCESS_CODE = "482913";
    for (const code of ["000000", "48291", "4829130", ""]) {
      const res = await post("/api/access-gate", { code }, freshIp());
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: "FORBIDDEN", message: "Access Denied" });
    }
  });

  it(`allows ${GATE_LIMIT.max} attempts per address, then refuses even the right code`, async () => {
    t.app.deps.env.SITE_ACCESS_CODE = "482913";
    const ip = freshIp();
    for (let i = 0; i < GATE_LIMIT.max; i++) {
      expect((await post("/api/access-gate", { code: `11111${i}` }, ip)).statusCode).toBe(403);
    }
    const blocked = await post("/api/access-gate", { code: "482913" }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: "RATE_LIMITED",
      message: PublicSiteMessages.tooManyAttempts,
    });
    // The counter is in the database, hashed, never the raw address. The refused attempt was
    // refused from this instance's memory: a flood writes no more than the limit's worth.
    const rows = await db()
      .selectFrom("publicRateLimits")
      .selectAll()
      .where("bucket", "=", "access-gate")
      .execute();
    expect(rows.some((r) => r.hits === GATE_LIMIT.max)).toBe(true);
    expect(rows.every((r) => !r.subject.includes(ip))).toBe(true);
    // Another address still gets in.
    expect((await post("/api/access-gate", { code: "482913" }, freshIp())).statusCode).toBe(200);
  });

  it("counts parallel guesses: no more than the limit get an answer", async () => {
    t.app.deps.env.SITE_ACCESS_CODE = "482913";
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post("/api/access-gate", { code: `2222${10 + i}` }, ip)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 403)).toHaveLength(GATE_LIMIT.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - GATE_LIMIT.max);
  });
});

const setup = {
  siteName: "Maria & Sam",
  contactName: "Maria Santos",
  about: "We met at a union picnic in 2019 and are getting married in June.",
  eventType: "Wedding",
  eventDate: "2027-06-12",
};

/** A completed purchase of `packageId` by `userId` (what the checkout leaves behind). */
async function buy(userId: string, packageId: string, organizationId: string | null = null) {
  const id = `cs_test_local_${randomUUID().replaceAll("-", "")}`;
  await sql`
    INSERT INTO checkout_sessions (id, provider, user_id, organization_id, kind, package_id,
      billing_cycle, add_ons, line_items, success_url, cancel_url, status, completed_at)
    VALUES (${id}, 'test', ${userId}, ${organizationId}, 'package', ${packageId}, 'monthly',
      '{}', '[]'::jsonb, 'https://x.test/s', 'https://x.test/c', 'complete', now())`.execute(t.db);
}

describe("website set-up intake (product-decisions.md 22)", () => {
  it("requires sign-in to read or send", async () => {
    const anonymous = t.client();
    expect((await anonymous.get("/api/website-setup/life-moments")).statusCode).toBe(401);
    const res = await anonymous.request("PUT", "/api/website-setup/life-moments", {
      details: setup,
    });
    expect(res.statusCode).toBe(401);
    const stored = await db().selectFrom("websiteSetupRequests").selectAll().execute();
    expect(stored).toHaveLength(0);
  });

  it("refuses an unknown package with 400", async () => {
    const user = await t.createSignedIn();
    const client = user.client;
    const res = await client.get("/api/website-setup/not-a-package");
    expect(res.statusCode).toBe(400);
  });

  it("validates the package's fields with their labels", async () => {
    const user = await t.createSignedIn();
    const client = user.client;
    await buy(user.id, "life-moments");
    const res = await client.request("PUT", "/api/website-setup/life-moments", {
      details: { ...setup, siteName: " ", eventType: "Picnic", eventDate: "next June" },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toEqual({
      "details.siteName": SetupMessages.required("Name on the page (e.g. Maria & Sam)"),
      "details.eventType": SetupMessages.option("Type of event"),
      "details.eventDate": SetupMessages.date("Date"),
    });
    const unknownField = await client.request("PUT", "/api/website-setup/life-moments", {
      details: { ...setup, favouriteColour: "blue" },
    });
    expect(unknownField.statusCode).toBe(400);
    // Nothing stored; the page still knows what was bought.
    expect((await client.get("/api/website-setup/life-moments")).json()).toMatchObject({
      request: null,
      purchase: { packageId: "life-moments", name: "Event Showcase" },
    });
  });

  it("stores one intake per buyer and package, updates it, and mails the sales team", async () => {
    const buyer = await t.createSignedIn({ name: "Maria Santos" });
    const other = await t.createSignedIn();
    const client = buyer.client;
    await buy(buyer.id, "life-moments");

    const first = await client.request("PUT", "/api/website-setup/life-moments", {
      details: setup,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().request).toMatchObject({
      packageId: "life-moments",
      details: { ...setup, contactPhone: "", domain: "", venue: "", notes: "" },
    });
    const created = await t.waitForMail(
      DEFAULT_SALES_EMAIL,
      "Website set-up: Event Showcase for Maria & Sam",
    );
    expect(created.text).toContain(`Account email: ${buyer.email}`);
    expect(created.text).toContain("Type of event: Wedding");
    expect(created.text).toContain(setup.about);

    const second = await client.request("PUT", "/api/website-setup/life-moments", {
      details: { ...setup, venue: "IBEW Hall, 12 Main St" },
    });
    expect(second.statusCode).toBe(200);
    await t.waitForMail(
      DEFAULT_SALES_EMAIL,
      "Website set-up updated: Event Showcase for Maria & Sam",
    );

    const read = (await client.get("/api/website-setup/life-moments")).json();
    expect(read.request.details.venue).toBe("IBEW Hall, 12 Main St");
    expect(read.request.submittedAt).toBe(first.json().request.submittedAt);

    // Another package of the same buyer is a separate intake; another buyer sees nothing.
    expect((await client.get("/api/website-setup/union-labor")).json()).toEqual({
      request: null,
      purchase: null,
    });
    const otherClient = other.client;
    expect((await otherClient.get("/api/website-setup/life-moments")).json()).toEqual({
      request: null,
      purchase: null,
    });

    const rows = await db()
      .selectFrom("websiteSetupRequests")
      .selectAll()
      .where("userId", "=", buyer.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("accepts the intake of each of the nine packages", async () => {
    const user = await t.createSignedIn();
    const client = user.client;
    const { SETUP_FORMS } = await import("../../src/shared/website-setup.ts");
    for (const [packageId, form] of Object.entries(SETUP_FORMS)) {
      await buy(user.id, packageId);
      const details: Record<string, string> = {};
      for (const field of form.sections.flatMap((s) => s.fields)) {
        if (!field.required) continue;
        details[field.name] = field.options?.[0] ?? `Answer for ${field.label}`;
      }
      const res = await client.request("PUT", `/api/website-setup/${packageId}`, { details });
      expect(res.statusCode, `${packageId}: ${res.body}`).toBe(200);
    }
    const rows = await db()
      .selectFrom("websiteSetupRequests")
      .select("packageId")
      .where("userId", "=", user.id)
      .execute();
    expect(rows).toHaveLength(9);
  });

  it("takes details only for a package the caller or the caller's organization bought", async () => {
    const user = await t.createSignedIn();
    const client = user.client;
    const before = (await t.mailsTo(DEFAULT_SALES_EMAIL)).length;
    const unbought = await client.request("PUT", "/api/website-setup/life-moments", {
      details: setup,
    });
    expect(unbought.statusCode).toBe(404);
    expect(unbought.json().error.message).toBe(SetupMessages.notPurchased);
    // Someone else's purchase does not count either.
    const other = await t.createSignedIn();
    await buy(other.id, "life-moments");
    expect(
      (await client.request("PUT", "/api/website-setup/life-moments", { details: setup }))
        .statusCode,
    ).toBe(404);
    expect(await t.mailsTo(DEFAULT_SALES_EMAIL)).toHaveLength(before);
    await buy(user.id, "life-moments");
    expect(
      (await client.request("PUT", "/api/website-setup/life-moments", { details: setup }))
        .statusCode,
    ).toBe(200);
  });
});

describe("page titles and descriptions in the served HTML (link previews)", () => {
  let withWeb: TestApp;
  const webDir = mkdtempSync(path.join(tmpdir(), "unionhall-web-"));
  beforeAll(async () => {
    writeFileSync(
      path.join(webDir, "index.html"),
      `<!doctype html><html><head><title>UnionHall</title><meta name="description" content="Default" /></head><body><div id="root"></div></body></html>`,
    );
    withWeb = await startTestApp({ webDir });
  });
  afterAll(async () => {
    await withWeb.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each(Object.entries(publicPageMeta()))(
    "%s has its own title and description",
    async (url, meta) => {
      const res = await withWeb.client().get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      const escaped = (s: string) => s.replaceAll("&", "&amp;").replaceAll("'", "&#39;");
      expect(res.body).toContain(`<title>${escaped(fullTitle(meta.title))}</title>`);
      expect(res.body).toContain(
        `<meta name="description" content="${escaped(meta.description)}" />`,
      );
      expect(res.body).toContain(
        `<meta property="og:title" content="${escaped(fullTitle(meta.title))}" />`,
      );
      expect(res.body).not.toContain('content="Default"');
    },
  );

  it("leaves other paths to the web app with the default head", async () => {
    const res = await withWeb.client().get("/dashboard");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>UnionHall</title>");
  });
});
