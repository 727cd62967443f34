import { execFileSync } from "node:child_process";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../src/shared/i18n/languages.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import type { TProcedure } from "../../src/shared/schemas/procedure.ts";
import { assign, fileGrievance } from "../support/deadlines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { type MailTestApp, startTestAppWithMail, type TestClient } from "../support/test-app.ts";

/**
 * The product's defaults are translated until the local renames them (issue 31, decision 039).
 * A local on the default procedure and lists: its Spanish and French readers see 'Paso 1' /
 * 'Étape 1' and 'Ventas' / 'Ventes' in the case file, the tracker's CSV, the calendar feed and
 * the decision notice mail, while the stored values (and the API's English) stay as they were,
 * so a search by the stored department still finds the case. A local that renamed its first
 * step and typed its own department sees exactly what it typed, in every language.
 */
const clock = new Date("2026-11-23T15:00:00Z");
let t: MailTestApp;
let standard: TestOrganization;
let typed: TestOrganization;

const WORDS: Record<
  Exclude<Language, "en">,
  { step: string; arbitration: string; department: string; location: string }
> = {
  es: {
    step: "Paso 1",
    arbitration: "Arbitraje",
    department: "Ventas",
    location: "Oficina principal",
  },
  "fr-CA": {
    step: "Étape 1",
    arbitration: "Arbitrage",
    department: "Ventes",
    location: "Bureau principal",
  },
};
const READERS = Object.keys(WORDS) as (keyof typeof WORDS)[];

async function setLanguage(client: TestClient, language: Language) {
  const res = await client.request("PUT", "/api/profile/language", { language });
  expect(res.statusCode, res.body).toBe(204);
}

async function caseFileText(client: TestClient, id: string) {
  const res = await client.raw({ method: "GET", url: `/api/grievances/${id}/case-file.pdf` });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return execFileSync("pdftotext", ["-", "-"], { input: res.rawPayload })
    .toString("utf8")
    .replace(/\s+/g, " ");
}

async function csvRow(client: TestClient, id: string) {
  const res = await client.raw({ method: "GET", url: "/api/grievances/export.csv" });
  expect(res.statusCode).toBe(200);
  return res.body.split("\r\n").find((r) => r.startsWith(`"${id}",`)) ?? "";
}

async function calendarTitles(client: TestClient) {
  const created = await client.post("/api/profile/calendar", {});
  expect(created.statusCode, created.body).toBe(201);
  const feed = await t.app.inject({ method: "GET", url: new URL(created.json().url).pathname });
  expect(feed.statusCode).toBe(200);
  return Object.values(ical.sync.parseICS(feed.body))
    .filter((e): e is VEvent => e?.type === "VEVENT")
    .map((e) => String(e.summary));
}

beforeAll(async () => {
  t = await startTestAppWithMail({ now: () => clock });
  standard = await createOrganization(t, "Default Words Local");
  typed = await createOrganization(t, "Own Words Local");
});
afterAll(() => t.close());

describe("a local on the product's defaults", () => {
  let id: string;
  beforeAll(async () => {
    id = (await fileGrievance(standard.member.client, { department: "Sales" })).id;
    await assign(standard.admin.client, id, standard.steward.id);
  });

  it.each(READERS)(
    "reads the default step and entries in %s everywhere it is shown",
    async (language) => {
      const w = WORDS[language];
      await setLanguage(standard.steward.client, language);
      const pdf = await caseFileText(standard.steward.client, id);
      expect(pdf).toContain(w.step);
      expect(pdf).toContain(w.department);
      expect(pdf).toContain(w.location);
      expect(pdf).not.toContain("Step 1");
      expect(pdf).not.toContain("Sales");
      expect(pdf).not.toContain("Main Office");

      // The representation record names the procedure's steps and the deadlines' steps.
      const record = await standard.steward.client.raw({
        method: "GET",
        url: `/api/grievances/${id}/representation-record.pdf`,
      });
      expect(record.statusCode).toBe(200);
      const recordText = execFileSync("pdftotext", ["-", "-"], { input: record.rawPayload })
        .toString("utf8")
        .replace(/\s+/g, " ");
      expect(recordText).toContain(w.step);
      expect(recordText).toContain(w.arbitration);
      expect(recordText).not.toMatch(/Step \d|Arbitration/);

      const row = await csvRow(standard.steward.client, id);
      expect(row).toContain(`,"${w.department}",`);
      expect(row).toContain(`,"${w.location}",`);
      expect(row).not.toContain("Sales");

      const titles = await calendarTitles(standard.steward.client);
      const title = titles.find((s) => s.startsWith(id)) ?? "";
      expect(title).toContain(w.step);
      expect(title).not.toContain("Step 1");
      await setLanguage(standard.steward.client, "en");
    },
  );

  it("keeps English, the stored values and the API's names as before; a search by the stored department finds the case", async () => {
    const pdf = await caseFileText(standard.steward.client, id);
    expect(pdf).toContain("Step 1");
    expect(pdf).toContain("Sales");
    expect(await csvRow(standard.steward.client, id)).toContain(`,"Sales","Main Office",`);
    const g = (await standard.steward.client.get(`/api/grievances/${id}`)).json() as TGrievance;
    expect(g.step.name).toBe("Step 1");
    expect(g.department).toBe("Sales");
    const found = (await standard.steward.client.get("/api/grievances?q=sales")).json();
    expect(found.items.map((x: { id: string }) => x.id)).toContain(id);
  });

  it.each(READERS)("names the default step in the %s decision notice mail", async (language) => {
    await setLanguage(standard.member.client, language);
    const { id: closing } = await fileGrievance(standard.member.client);
    const res = await standard.steward.client.post(`/api/grievances/${closing}/close`, {
      outcome: "withdrawn",
      summary: "Closed.",
      reason: "The records show the overtime was offered by seniority.",
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await t.mailsTo(standard.member.email)).filter(
      (m) => m.text.includes(closing) && m.text.includes("offered by seniority"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(WORDS[language].step);
    expect(mails[0]?.text).not.toContain("Step 1");
    await setLanguage(standard.member.client, "en");
  });

  it("stores a default's name saved in another language as the default", async () => {
    const current = (await standard.admin.client.get("/api/organization/procedure")).json();
    const steps = (current as TProcedure).steps.map((s, i) =>
      i === 1 ? { ...s, name: "Paso 2" } : i === 3 ? { ...s, name: "Arbitrage" } : s,
    );
    const saved = await standard.admin.client.request("PUT", "/api/organization/procedure", {
      ...current,
      steps,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as TProcedure).steps.map((s) => s.name)).toEqual([
      "Step 1",
      "Step 2",
      "Step 3",
      "Arbitration",
    ]);
  });
});

describe("a local that renamed its step and typed its list", () => {
  let id: string;
  beforeAll(async () => {
    const current = (await typed.admin.client.get("/api/organization/procedure")).json();
    const steps = (current as TProcedure).steps.map((s, i) =>
      i === 0 ? { ...s, name: "Grievance Committee" } : s,
    );
    const saved = await typed.admin.client.request("PUT", "/api/organization/procedure", {
      ...current,
      steps,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const config = (await typed.admin.client.get("/api/organization/config")).json();
    const lists = await typed.admin.client.request("PUT", "/api/organization/config", {
      name: config.name,
      jobTitles: [],
      departments: ["Night Shift Packing"],
      locations: [],
    });
    expect(lists.statusCode, lists.body).toBe(200);
    id = (await fileGrievance(typed.member.client, { department: "Night Shift Packing" })).id;
    await assign(typed.admin.client, id, typed.steward.id);
  });

  it.each(READERS)(
    "shows what it typed to a %s reader, and the defaults it kept translated",
    async (language) => {
      await setLanguage(typed.steward.client, language);
      const pdf = await caseFileText(typed.steward.client, id);
      expect(pdf).toContain("Grievance Committee");
      expect(pdf).toContain("Night Shift Packing");
      expect(pdf).not.toContain(WORDS[language].step);
      // Its locations list is still the default one: translated.
      expect(pdf).toContain(WORDS[language].location);
      const row = await csvRow(typed.steward.client, id);
      expect(row).toContain(`,"Night Shift Packing",`);
      const title = (await calendarTitles(typed.steward.client)).find((s) => s.startsWith(id));
      expect(title).toContain("Grievance Committee");
      await setLanguage(typed.steward.client, "en");
    },
  );
});
