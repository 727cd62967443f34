import { execFileSync } from "node:child_process";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assign, fileGrievance } from "../support/deadlines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { type MailTestApp, startTestAppWithMail, type TestClient } from "../support/test-app.ts";

/**
 * French (Canada), the third language (issue 31, decision 037): added as catalogues and a
 * language entry only, it reaches sign-up, the profile, the roster, mails, the case file, the
 * calendar feed and the tracker's CSV like the other two. The clock is Monday 23 November 2026,
 * 10:00 in New York.
 */
const clock = new Date("2026-11-23T15:00:00Z");
let t: MailTestApp;
let org: TestOrganization;

beforeAll(async () => {
  t = await startTestAppWithMail({ now: () => clock });
  org = await createOrganization(t, "Section locale 301");
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => {
  counter += 1;
  return `fr-${counter}-${Date.now()}@example.org`;
};

const languageOf = async (email: string) =>
  (
    await t.db
      .selectFrom("users")
      .select("language")
      .where("email", "=", email)
      .executeTakeFirstOrThrow()
  ).language;

async function setLanguage(person: { client: TestClient }, language: string) {
  const res = await person.client.request("PUT", "/api/profile/language", { language });
  expect(res.statusCode, res.body).toBe(204);
}

describe("sign-up and the profile in French", () => {
  it.each([["fr-CA,fr;q=0.9,en;q=0.8"], ["fr-FR,fr;q=0.9"], ["fr"]])(
    "a browser asking for %j gets fr-CA and the verification mail in French",
    async (header) => {
      const email = freshEmail();
      const res = await t.client().raw({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { "content-type": "application/json", "accept-language": header },
        payload: Buffer.from(
          JSON.stringify({ name: "Élise Tremblay", email, password: "Valid-Pass-42" }),
        ),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await languageOf(email)).toBe("fr-CA");
      const mail = await t.waitForMail(email);
      expect(mail.subject).toBe("Confirmez votre compte UnionHall");
      expect(mail.text).toContain("Bonjour Élise Tremblay,");
      expect(mail.text).not.toMatch(/\bConfirm your\b/);
    },
  );

  it("takes 'fr-CA' on the profile, refuses 'fr' in the reader's language and changes nothing", async () => {
    await setLanguage(org.member, "fr-CA");
    expect(await languageOf(org.member.email)).toBe("fr-CA");
    const bad = await org.member.client.request("PUT", "/api/profile/language", { language: "fr" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ language: "Choisissez une des langues offertes." });
    expect(await languageOf(org.member.email)).toBe("fr-CA");
    await setLanguage(org.member, "en");
  });

  it("a roster person's language takes 'fr' as fr-CA", async () => {
    const res = await org.admin.client.post("/api/roster", {
      name: "Luc Gagnon",
      language: "fr",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().language).toBe("fr-CA");
    const bad = await org.admin.client.post("/api/roster", { name: "Jo Doe", language: "de" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.language).toBe("The language is not one the product offers.");
  });
});

describe("the case file, the calendar feed and the tracker's CSV in French", () => {
  let id: string;

  beforeAll(async () => {
    id = (await fileGrievance(org.member.client, { subject: "Heures supplémentaires refusées" }))
      .id;
    await assign(org.admin.client, id, org.steward.id);
    await setLanguage(org.steward, "fr-CA");
  });

  it("writes a French steward's case file in French, accents and all", async () => {
    const res = await org.steward.client.raw({
      method: "GET",
      url: `/api/grievances/${id}/case-file.pdf`,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = execFileSync("pdftotext", ["-", "-"], { input: res.rawPayload })
      .toString("utf8")
      .replace(/\s+/g, " ");
    expect(text).toContain(`Dossier de grief ${id}`);
    expect(text).toContain("Type: Individuel");
    expect(text).toContain("Statut: Nouveau");
    expect(text).toContain("Renseignements sur le plaignant");
    expect(text).toContain("Notes internes (délégués syndicaux et administrateurs seulement)");
    expect(text).toContain("Chronologie des étapes et délais");
    expect(text).toMatch(/Page 1 .*Page (\d+) de \1/);
    // The footer's time through Intl in French, in the local's time zone (issue 30).
    expect(text).toContain("Produit le 23 nov. 2026, 10 h 00 EST");
    // What the local typed stays as typed, accents intact.
    expect(text).toContain("Heures supplémentaires refusées");
    expect(text).not.toContain("Case file");
    expect(text).not.toContain("Grievant's details");
  });

  it("titles a French steward's calendar feed in French", async () => {
    const created = await org.steward.client.post("/api/profile/calendar", {});
    expect(created.statusCode, created.body).toBe(201);
    const feed = await t.app.inject({ method: "GET", url: new URL(created.json().url).pathname });
    expect(feed.statusCode).toBe(200);
    const events = Object.values(ical.sync.parseICS(feed.body)).filter(
      (e): e is VEvent => e?.type === "VEVENT",
    );
    expect(events.map((e) => e.summary)).toContain(
      `${id} Étape 1 : réponse de l'employeur attendue`,
    );
    expect(feed.body).toContain("X-WR-CALNAME:Section locale 301 : délais des griefs");
    expect(feed.body).not.toContain("employer answer due");
  });

  it("exports the tracker's CSV in the reader's language, English as before", async () => {
    const french = await org.steward.client.raw({
      method: "GET",
      url: "/api/grievances/export.csv",
    });
    expect(french.statusCode).toBe(200);
    const [header, ...rows] = french.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(
      `"No","Nom","N° d'employé","Titre d'emploi","Service","Lieu de travail","Statut","Déposé","Description","Mesure corrective"`,
    );
    const row = rows.find((r) => r.startsWith(`"${id}",`)) ?? "";
    expect(row).toContain(`,"Nouveau",`);
    expect(row).toContain("23 nov. 2026, 15 h 00 UTC");
    await setLanguage(org.steward, "en");
    const english = await org.steward.client.raw({
      method: "GET",
      url: "/api/grievances/export.csv",
    });
    const [enHeader, ...enRows] = english.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(enHeader).toBe(
      `"ID","Name","Badge #","Job Title","Department","Location","Status","Filed","Description","Remedy"`,
    );
    const enRow = enRows.find((r) => r.startsWith(`"${id}",`)) ?? "";
    expect(enRow).toContain(`,"new","2026-11-23T15:00:00.000Z",`);
    await setLanguage(org.steward, "fr-CA");
  });
});
