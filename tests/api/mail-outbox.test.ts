import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "../../src/server/lib/mail/outbox.ts";
import { createTransport } from "../../src/server/lib/mail/transport.ts";
import { startMailWorker } from "../../src/server/lib/mail/worker.ts";
import { MailCatcher } from "../support/mail-catcher.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
const smtp = new MailCatcher();
beforeAll(async () => {
  await smtp.start();
  t = await startTestApp({ smtp });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const row = (to: string) =>
  t.db.selectFrom("mailOutbox").selectAll().where("toAddress", "=", to).executeTakeFirstOrThrow();

describe("mail outbox", () => {
  it("keeps a mail through an SMTP outage and delivers it once the server is back", async () => {
    const to = `outage-${Date.now()}@example.org`;
    smtp.setRefusing(true);
    await enqueueMail(t.db, {
      to,
      subject: "Outage test",
      text: "Hello https://example.org/x",
      html: "<p>Hello</p>",
    });
    await t.mail.drain();

    const failed = await row(to);
    expect(failed.status).toBe("pending");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/451/);
    const waitSeconds = (new Date(failed.nextAttemptAt).getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(2); // backed off, not retried in a loop
    expect(smtp.to(to)).toHaveLength(0);

    smtp.setRefusing(false);
    await t.db
      .updateTable("mailOutbox")
      .set({ nextAttemptAt: sql`now()` })
      .where("toAddress", "=", to)
      .execute();
    await t.mail.drain();

    const sent = await row(to);
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(2);
    expect(sent.transport).toBe("smtp");
    expect(smtp.to(to)).toHaveLength(1);
    expect(smtp.to(to)[0]?.subject).toBe("Outage test");
  });

  it("sends each mail once when two server instances share the outbox", async () => {
    const log = pino({ level: "silent" });
    const second = startMailWorker({
      db: t.db,
      transport: createTransport({ smtpUrl: smtp.smtpUrl, from: "second@unionhall.local", log }),
      log,
    });
    const to = `once-${Date.now()}@example.org`;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        enqueueMail(t.db, { to, subject: `Once ${i}`, text: "x", html: "x" }),
      ),
    );
    await Promise.all([t.mail.drain(), second.drain()]);
    await second.stop();
    expect(smtp.to(to)).toHaveLength(20);
    expect(new Set(smtp.to(to).map((m) => m.subject)).size).toBe(20);
  });
});
