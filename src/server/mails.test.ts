import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../shared/i18n/languages.ts";
import { line } from "../shared/i18n/text-lines.ts";
import type { Language } from "./lib/i18n/index.ts";
import type { MailContent } from "./lib/mail/templates.ts";
import * as authMails from "./lib/mail/templates.ts";
import * as announcementMails from "./modules/announcements/mail.ts";
import * as billingMails from "./modules/billing/mail.ts";
import * as reminderMails from "./modules/deadlines/reminder-mail.ts";
import * as employerMails from "./modules/employer/mail.ts";
import * as exportMails from "./modules/exports/mail.ts";
import * as grievanceMails from "./modules/grievances/mail.ts";
import * as informationMails from "./modules/information-requests/mail.ts";
import * as salesMails from "./modules/public-site/mails.ts";

/**
 * Every mail template, fed text a person could have typed (names, titles, messages, answers),
 * must give HTML in which that text is only text.
 */
const EVIL = `<script>alert(1)</script>"&<>`;
const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;&lt;&gt;";

const reminder = {
  grievanceId: EVIL,
  subject: EVIL,
  stepName: EVIL,
  kind: "response" as const,
  dueDate: "2026-03-02",
  reminder: "one_day" as const,
  // A closure the local named, and an agreed extension's name: both typed, both in the mail.
  explanation: [
    line("line.skipped", { day: "2026-02-27", reason: { type: "closure", name: EVIL } }),
    line("line.extended", { from: "2026-02-27", to: "2026-03-02", agreedWith: EVIL }),
  ],
  unassigned: true,
};

/** One call per template, each given EVIL wherever a person's text can go, in a language. */
const CASES: Record<string, Record<string, (language: Language) => MailContent>> = {
  "lib/mail/templates.ts": {
    verifyEmailMail: (l) => authMails.verifyEmailMail(EVIL, EVIL, l),
    resetPasswordMail: (l) => authMails.resetPasswordMail(EVIL, EVIL, l),
    existingAccountMail: (l) => authMails.existingAccountMail(EVIL, EVIL, EVIL, l),
    invitationMail: (l) => authMails.invitationMail(EVIL, "steward", EVIL, l),
    grievanceUpdateMail: (l) => authMails.grievanceUpdateMail(EVIL, EVIL, EVIL, EVIL, l),
  },
  "modules/announcements/mail.ts": {
    announcementMail: (language) =>
      announcementMails.announcementMail({
        language,
        organizationName: EVIL,
        title: EVIL,
        content: EVIL,
        category: EVIL,
        authorName: EVIL,
        url: EVIL,
      }),
  },
  "modules/billing/mail.ts": {
    billingMail: (l) => billingMails.billingMail("trial_will_end", EVIL, null, EVIL, l),
  },
  "modules/deadlines/reminder-mail.ts": {
    reminderMail: (l) => reminderMails.reminderMail(EVIL, reminder, EVIL, l),
    digestMail: (l) =>
      reminderMails.digestMail(
        EVIL,
        "2026-03-01",
        [reminder],
        {
          limit: { days: 10, dayType: "business" },
          cases: [{ grievanceId: EVIL, subject: EVIL, days: 20 }],
        },
        EVIL,
        l,
      ),
  },
  "modules/exports/mail.ts": {
    exportReadyMail: (language) =>
      exportMails.exportReadyMail({
        language,
        organizationName: EVIL,
        sizeBytes: 5_000_000,
        expiresAt: "2026-12-03T10:00:00.000Z",
        url: EVIL,
      }),
  },
  "modules/employer/mail.ts": {
    serviceMail: (language) =>
      employerMails.serviceMail({
        language,
        organizationName: EVIL,
        contactName: EVIL,
        grievanceId: EVIL,
        subject: EVIL,
        stepName: EVIL,
        dueText: EVIL,
        message: EVIL,
        url: EVIL,
      }),
    answeredMail: (language) =>
      employerMails.answeredMail({
        language,
        grievanceId: EVIL,
        subject: EVIL,
        stepName: EVIL,
        contactName: EVIL,
        decision: "partial",
        appeal: { stepName: EVIL, dueDate: "2026-03-02" },
        url: EVIL,
      }),
  },
  "modules/information-requests/mail.ts": {
    requestMail: (language) =>
      informationMails.requestMail({
        language,
        organizationName: EVIL,
        contactName: EVIL,
        grievanceId: EVIL,
        items: [EVIL, EVIL],
        dueDate: "2026-03-02",
        message: EVIL,
        url: EVIL,
        reminder: false,
      }),
    stewardReminderMail: (language) =>
      informationMails.stewardReminderMail({
        language,
        grievanceId: EVIL,
        missing: 2,
        dueDate: "2026-03-02",
        url: EVIL,
      }),
  },
  "modules/grievances/mail.ts": {
    decisionNoticeMail: (language) =>
      grievanceMails.decisionNoticeMail({
        name: EVIL,
        grievanceId: EVIL,
        kind: "withdrawn",
        step: EVIL,
        reason: EVIL,
        appeal: { text: EVIL, dueOn: "2026-03-02" },
        decidedBy: EVIL,
        url: EVIL,
        language,
      }),
    questionAskedMail: (language) =>
      grievanceMails.questionAskedMail({
        name: EVIL,
        asker: EVIL,
        grievanceId: EVIL,
        text: EVIL,
        replyDueOn: "2026-03-02",
        url: EVIL,
        language,
      }),
    questionAnsweredMail: (language) =>
      grievanceMails.questionAnsweredMail({
        name: EVIL,
        steward: EVIL,
        question: EVIL,
        reply: EVIL,
        url: EVIL,
        language,
      }),
    deadlineMissedMail: (language) =>
      grievanceMails.deadlineMissedMail({
        language,
        grievanceId: EVIL,
        subject: EVIL,
        kind: "response",
        stepName: EVIL,
        dueDate: "2026-03-02",
        url: EVIL,
      }),
  },
  "modules/public-site/mails.ts": {
    contactMail: () =>
      salesMails.contactMail({
        name: EVIL,
        email: EVIL,
        organization: EVIL,
        message: EVIL,
        topicLabel: EVIL,
        enterprise: true,
      }),
    foundersMail: () =>
      salesMails.foundersMail({
        name: EVIL,
        email: EVIL,
        organization: EVIL,
        role: EVIL,
        memberCount: EVIL,
        message: EVIL,
      }),
    setupMail: () =>
      salesMails.setupMail({
        packageName: EVIL,
        buyerName: EVIL,
        buyerEmail: EVIL,
        created: true,
        fields: [
          { label: EVIL, value: EVIL, long: false },
          { label: EVIL, value: EVIL, long: true },
        ],
      }),
  },
};

const MODULES: Record<string, Record<string, unknown>> = {
  "lib/mail/templates.ts": authMails,
  "modules/announcements/mail.ts": announcementMails,
  "modules/billing/mail.ts": billingMails,
  "modules/deadlines/reminder-mail.ts": reminderMails,
  "modules/employer/mail.ts": employerMails,
  "modules/grievances/mail.ts": grievanceMails,
  "modules/information-requests/mail.ts": informationMails,
  "modules/public-site/mails.ts": salesMails,
};

const SERVER = dirname(fileURLToPath(import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });

describe("mail templates", () => {
  it("are all covered here: every file that writes a mail, every template in it", () => {
    const mailFiles = sourceFiles(SERVER)
      .filter((file) => /\): MailContent\b/.test(readFileSync(file, "utf8")))
      .map((file) => relative(SERVER, file).split(sep).join("/"))
      .sort();
    expect(mailFiles).toEqual(Object.keys(CASES).sort());
    for (const [file, exports] of Object.entries(MODULES)) {
      const templates = Object.keys(exports).filter((name) => /Mail$/.test(name));
      expect(templates.sort(), file).toEqual(Object.keys(CASES[file] ?? {}).sort());
    }
  });

  const all = Object.entries(CASES).flatMap(([file, cases]) =>
    Object.entries(cases).flatMap(([name, make]) =>
      LANGUAGES.map((language) => ({ name: `${file} ${name} (${language})`, make, language })),
    ),
  );
  it.each(all)("$name escapes what people wrote", ({ make, language }) => {
    const mail = make(language);
    expect(mail.html).toContain(ESCAPED);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain(`"&<>`);
    // The plain-text part is text: it keeps what was written as it was.
    expect(mail.text).toContain(EVIL);
  });
});

describe("mail templates in the reader's language (issue 22)", () => {
  // The sales mails go to UnionHall's staff, in English whatever the visitor's language.
  const toPeople = Object.entries(CASES)
    .filter(([file]) => file !== "modules/public-site/mails.ts")
    .flatMap(([file, cases]) =>
      Object.entries(cases).map(([name, make]) => ({ name: `${file} ${name}`, make })),
    );
  it.each(toPeople)("$name has a Spanish text of its own", ({ make }) => {
    const en = make("en");
    const es = make("es");
    expect(es.text).not.toBe(en.text);
    expect(es.html).not.toBe(en.html);
  });
});
