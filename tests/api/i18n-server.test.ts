import { execFileSync } from "node:child_process";
import { sql } from "kysely";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { sendTrialNotices } from "../../src/server/modules/billing/trial-notices.ts";
import { sendDeadlineReminders } from "../../src/server/modules/deadlines/reminders.ts";
import { markMissedDeadlines } from "../../src/server/modules/grievances/missed-deadlines.ts";
import { assign, fileGrievance, setDueDate } from "../support/deadlines.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import {
  APP_URL,
  type MailTestApp,
  startTestAppWithMail,
  type TestClient,
} from "../support/test-app.ts";

/**
 * What the server writes for a person, in that person's language (issue 22): sign-up takes the
 * browser's language, every mail reads users.language, the case file and the calendar feed the
 * reader's. The clock is Monday 23 November 2026, 10:00 in New York.
 */
const clock = new Date("2026-11-23T15:00:00Z");
let t: MailTestApp;
let org: TestOrganization;

beforeAll(async () => {
  t = await startTestAppWithMail({ now: () => clock });
  org = await createOrganization(t, "Idiomas Local");
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => {
  counter += 1;
  return `i18n-${counter}-${Date.now()}@example.org`;
};

/** Sign-up as the browser sends it, with its Accept-Language. */
function signUp(body: Record<string, unknown>, acceptLanguage?: string) {
  return t.client().raw({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: {
      "content-type": "application/json",
      ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}),
    },
    payload: Buffer.from(JSON.stringify(body)),
  });
}

const stored = (email: string) =>
  t.db
    .selectFrom("users")
    .select(["name", "language", "accountType", "emailVerified"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();

/** Sets a signed-in person's language as the profile page does. */
async function setLanguage(person: { client: TestClient }, language: "en" | "es") {
  const res = await person.client.request("PUT", "/api/profile/language", { language });
  expect(res.statusCode, res.body).toBe(204);
}

describe("sign-up takes the browser's language", () => {
  it("stores 'es' from Accept-Language es-US and sends the verification mail in Spanish", async () => {
    const email = freshEmail();
    const res = await signUp(
      { name: "Rosa Díaz", email, password: "Valid-Pass-42" },
      "es-US,es;q=0.9,en;q=0.8",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(email)).language).toBe("es");
    const mail = await t.waitForMail(email);
    expect(mail.subject).toBe("Confirme su cuenta de UnionHall");
    expect(mail.text).toContain("Hola, Rosa Díaz:");
    expect(mail.text).toContain("/verify-email?token=");
  });

  it("stores 'en' from an English browser and sends the verification mail in English", async () => {
    const email = freshEmail();
    const res = await signUp(
      { name: "Pat Doe", email, password: "Valid-Pass-42" },
      "en-US,en;q=0.9",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(email)).language).toBe("en");
    const mail = await t.waitForMail(email);
    expect(mail.subject).toBe("Confirm your UnionHall account");
    expect(mail.text).toContain("Hello Pat Doe,");
  });

  it.each([
    ["de", "es-MX", "es", "Confirme su cuenta de UnionHall"],
    ["fr", "es-MX", "es", "Confirme su cuenta de UnionHall"],
    ["<script>", undefined, "en", "Confirm your UnionHall account"],
    [42, "es-US", "es", "Confirme su cuenta de UnionHall"],
  ])(
    "a body language %j that is not offered stores the browser's and changes nothing else",
    async (language, header, expected, subject) => {
      const email = freshEmail();
      const res = await signUp(
        { name: "Sam Ortiz", email, password: "Valid-Pass-42", accountType: "admin", language },
        header,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await stored(email)).toEqual({
        name: "Sam Ortiz",
        language: expected,
        accountType: "admin",
        emailVerified: false,
      });
      expect((await t.waitForMail(email)).subject).toBe(subject);
    },
  );

  it("keeps an offered language given in the body", async () => {
    const email = freshEmail();
    const res = await signUp(
      { name: "Ana Ruiz", email, password: "Valid-Pass-42", language: "es" },
      "en-US",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(email)).language).toBe("es");
    expect((await t.waitForMail(email)).subject).toBe("Confirme su cuenta de UnionHall");
  });
});

describe("PUT /api/profile/language", () => {
  it("refuses what is not an offered language with a clear message and changes nothing", async () => {
    await setLanguage(org.member, "es");
    for (const body of [{ language: "fr" }, { language: "<script>" }, { language: 42 }, {}, []]) {
      const res = await org.member.client.request("PUT", "/api/profile/language", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // The member reads Spanish, so the message is Spanish; and the language stays 'es'.
      expect(res.body).not.toMatch(/Choose one of the offered languages/);
    }
    const res = await org.member.client.request("PUT", "/api/profile/language", { language: "x" });
    expect(res.json().error.fields).toEqual({
      language: "Elija uno de los idiomas que ofrecemos.",
    });
    expect((await stored(org.member.email)).language).toBe("es");
    await setLanguage(org.member, "en");
    const english = await org.member.client.request("PUT", "/api/profile/language", {
      language: "fr",
    });
    expect(english.json().error.fields).toEqual({
      language: "Choose one of the offered languages.",
    });
  });

  it("is refused signed out", async () => {
    const res = await t.client().request("PUT", "/api/profile/language", { language: "es" });
    expect(res.statusCode).toBe(401);
  });
});

describe("account mails in the user's language", () => {
  it("sends a Spanish user the reset-password mail in Spanish", async () => {
    const user = await t.createUser({ name: "Luis Gómez" });
    await t.db.updateTable("users").set({ language: "es" }).where("id", "=", user.id).execute();
    const res = await t.client().post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.waitForMail(user.email);
    expect(mail.subject).toBe("Restablezca su contraseña de UnionHall");
    expect(mail.text).toContain("Hola, Luis Gómez:");
    expect(mail.text).toContain(
      "Elija una contraseña nueva: http://localhost:3000/reset-password?token=",
    );
  });

  it("sends an English user the reset-password mail in English, as before", async () => {
    const user = await t.createUser({ name: "Lee Park" });
    await t.client().post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect((await t.waitForMail(user.email)).subject).toBe("Reset your UnionHall password");
  });

  it("tells a Spanish user in Spanish that they already have an account", async () => {
    const user = await t.createUser({ name: "Eva Cruz" });
    await t.db.updateTable("users").set({ language: "es" }).where("id", "=", user.id).execute();
    // The one who tries it has an English browser: the mail is for the owner.
    await signUp({ name: "Someone", email: user.email, password: "Valid-Pass-42" }, "en-US");
    const mail = await t.waitForMail(user.email);
    expect(mail.subject).toBe("Usted ya tiene una cuenta de UnionHall");
    expect(mail.text).toContain(`¿Olvidó su contraseña? ${APP_URL}/forgot-password`);
  });
});

describe("organization mails", () => {
  it("sends an announcement to each member in their own language", async () => {
    await setLanguage(org.member, "es");
    const res = await org.admin.client.post("/api/announcements", {
      title: "Asamblea general",
      content: "El jueves a las 6.",
      category: "Meetings",
      emailMembers: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const es = await t.waitForMail(org.member.email, "Idiomas Local: Asamblea general");
    expect(es.text).toContain("Reuniones · publicado por Idiomas Local Admin en Idiomas Local");
    expect(es.text).toContain("Ver todos los anuncios");
    const en = await t.waitForMail(org.steward.email, "Idiomas Local: Asamblea general");
    expect(en.text).toContain("Meetings · posted by Idiomas Local Admin in Idiomas Local");
    await setLanguage(org.member, "en");
  });

  it("invites a new address in the inviter's language", async () => {
    await setLanguage(org.admin, "es");
    const email = freshEmail();
    const res = await org.admin.client.post("/api/invitations", { email, role: "steward" });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await t.waitForMail(email);
    expect(mail.subject).toBe("Lo invitan a Idiomas Local en UnionHall");
    expect(mail.text).toContain("como delegado sindical");
    await setLanguage(org.admin, "en");
  });
});

describe("the case file and the calendar feed in the reader's language", () => {
  let id: string;

  beforeAll(async () => {
    id = (await fileGrievance(org.member.client, { subject: "Horas extra fuera de orden" })).id;
    await assign(org.admin.client, id, org.steward.id);
  });

  const pdfText = async (client: TestClient) => {
    const res = await client.raw({ method: "GET", url: `/api/grievances/${id}/case-file.pdf` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return execFileSync("pdftotext", ["-", "-"], { input: res.rawPayload })
      .toString("utf8")
      .replace(/\s+/g, " ");
  };

  it("labels a Spanish steward's PDF in Spanish, an English one's in English", async () => {
    await setLanguage(org.steward, "es");
    const es = await pdfText(org.steward.client);
    expect(es).toContain(`Expediente ${id}`);
    expect(es).toContain("Tipo: Individual");
    expect(es).toContain("Estado: Nueva");
    expect(es).toContain("Datos de la persona que presenta la queja");
    expect(es).toContain("Notas internas (solo delegados y administradores)");
    expect(es).toMatch(/Página 1 .*Página (\d+) de \1/);
    // The local's own words are never translated.
    expect(es).toContain("Horas extra fuera de orden");
    expect(es).not.toContain("Case file");
    // The activity log's stored English sentences are read in Spanish too.
    expect(es).toContain("Queja presentada por");
    expect(es).not.toContain("Grievance filed by");
    await setLanguage(org.steward, "en");
    const en = await pdfText(org.steward.client);
    expect(en).toContain(`Case file ${id}`);
    expect(en).toContain("Grievant's details");
    // The status as the portal's badge says it.
    expect(en).toContain("Status: New");
    expect(en).not.toContain("Expediente");
    expect(en).toContain("Grievance filed by");
  });

  it("titles a Spanish steward's calendar feed in Spanish", async () => {
    await setLanguage(org.steward, "es");
    const created = await org.steward.client.post("/api/profile/calendar", {});
    expect(created.statusCode, created.body).toBe(201);
    const feed = await t.app.inject({
      method: "GET",
      url: new URL(created.json().url).pathname,
    });
    expect(feed.statusCode).toBe(200);
    const events = Object.values(ical.sync.parseICS(feed.body)).filter(
      (e): e is VEvent => e?.type === "VEVENT",
    );
    expect(events.map((e) => e.summary)).toContain(
      `${id} Paso 1: vence la respuesta del empleador`,
    );
    expect(feed.body).toContain("X-WR-CALNAME:Idiomas Local: plazos de quejas formales");
    await setLanguage(org.steward, "en");
    const english = await t.app.inject({
      method: "GET",
      url: new URL(created.json().url).pathname,
    });
    expect(english.body).toContain(`${id} Step 1: employer answer due`);
  });
});

describe("the jobs' mails in each recipient's language", () => {
  /** The outbox's mails to an address (the jobs queue them; no need to send them). */
  const queued = (email: string) =>
    t.db
      .selectFrom("mailOutbox")
      .select(["subject", "textBody"])
      .where("toAddress", "=", email)
      .orderBy("id")
      .execute();

  it("reminds a Spanish steward in Spanish, with the date in Spanish", async () => {
    const local = await createOrganization(t, "Recordatorio Local");
    await setLanguage(local.steward, "es");
    const g = await fileGrievance(local.member.client, { subject: "Turnos" });
    await setDueDate(t, local.id, g.id, "2026-11-26");
    await assign(local.admin.client, g.id, local.steward.id);
    // 07:05 in New York, three days ahead.
    expect(await sendDeadlineReminders(t.db, APP_URL, new Date("2026-11-23T12:05:00Z"))).toBe(1);
    const [mail] = await queued(local.steward.email);
    expect(mail?.subject).toBe(
      `Recordatorio: ${g.id} Paso 1: vence la respuesta del empleador en 3 días (jue, 26 de nov de 2026)`,
    );
    expect(mail?.textBody).toContain("Cómo se contó la fecha:");
  });

  it("tells the assignee and each admin of a missed deadline in their own language", async () => {
    const local = await createOrganization(t, "Vencido Local");
    await setLanguage(local.steward, "es");
    const g = await fileGrievance(local.member.client, { subject: "Descanso" });
    await assign(local.admin.client, g.id, local.steward.id);
    await setDueDate(t, local.id, g.id, "2026-11-20");
    expect(await markMissedDeadlines(t.db, APP_URL, clock)).toBeGreaterThanOrEqual(1);
    const [es] = await queued(local.steward.email);
    expect(es?.subject).toBe(`Plazo vencido en la queja ${g.id}`);
    expect(es?.textBody).toContain(
      `La respuesta del empleador en Paso 1 de la queja ${g.id} (Descanso) vencía el vie, 20 de nov de 2026`,
    );
    const [en] = await queued(local.admin.email);
    expect(en?.subject).toBe(`Deadline missed on grievance ${g.id}`);
    expect(en?.textBody).toContain("was due Fri 20 Nov 2026 and has passed.");
  });

  it("sends the trial notice to each admin in their own language", async () => {
    const local = await createOrganization(t, "Prueba Local", "starter");
    const second = await addPerson(t, local.id, "admin", { name: "Segunda Admin" });
    await setLanguage(second, "es");
    await withTenant(t.db, local.id, (trx) =>
      sql`UPDATE organizations SET trial_ends_at = now() + interval '2 days'
        WHERE id = ${local.id}`.execute(trx),
    );
    expect(await sendTrialNotices(t.db, APP_URL)).toBe(1);
    const [es] = await queued(second.email);
    expect(es?.subject).toBe("Su prueba de UnionHall para Prueba Local termina pronto");
    expect(es?.textBody).toMatch(/La prueba gratuita de Prueba Local termina el \d+ \w+ \d{4}\./);
    const [en] = await queued(local.admin.email);
    expect(en?.subject).toBe("Your UnionHall trial for Prueba Local ends soon");
    expect(en?.textBody).toMatch(/ends on \d{4}-\d{2}-\d{2}\./);
  });
});

describe("the employer's mails and page", () => {
  it("serves in the steward's language, shows the page in the visitor's, tells the assignee in theirs", async () => {
    const local = await createOrganization(t, "Empleador Local");
    await setLanguage(local.steward, "es");
    const g = await fileGrievance(local.member.client, { subject: "Horario" });
    await assign(local.admin.client, g.id, local.steward.id);
    const email = freshEmail();
    const made = await local.admin.client.post("/api/employer-contacts", {
      name: "Morgan Hale",
      title: "HR Manager",
      email,
    });
    expect(made.statusCode, made.body).toBe(201);
    const served = await local.steward.client.post(`/api/grievances/${g.id}/serve`, {
      contactId: made.json().id,
      message: "Responda por escrito, por favor.",
    });
    expect(served.statusCode, served.body).toBe(201);
    const mail = await t.waitForMail(email);
    expect(mail.subject).toBe(`Queja ${g.id} presentada por Empleador Local`);
    expect(mail.text).toContain("Hola, Morgan Hale:");
    expect(mail.text).toContain(
      "Según el contrato colectivo, su respuesta vence el mar, 8 de dic de 2026.",
    );
    const token = mail.text.match(/\/respond\/([A-Za-z0-9_-]{43})/)?.[1];
    const page = (language: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/respond/${token}`,
        headers: { "accept-language": language },
      });
    expect((await page("en-US")).json().dueText).toBe(
      "Your answer is due by Tue 8 Dec 2026 under the agreement",
    );
    expect((await page("es-US")).json().dueText).toBe(
      "Según el contrato colectivo, su respuesta vence el mar, 8 de dic de 2026",
    );
    const answered = await t.app.inject({
      method: "POST",
      url: `/api/respond/${token}`,
      payload: { decision: "denied", text: "No procede." },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const told = await t.waitForMail(
      local.steward.email,
      `El empleador respondió a la queja ${g.id}`,
    );
    expect(told.text).toContain(
      `Morgan Hale respondió a la queja ${g.id} (Horario) en Paso 1: denegada.`,
    );
  });
});
