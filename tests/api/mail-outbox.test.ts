import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "../../src/server/lib/mail/outbox.ts";
import { createTransport } from "../../src/server/lib/mail/transport.ts";
import { startMailWorker } from "../../src/server/lib/mail/worker.ts";
import { type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await startTestAppWithMail();
});
afterAll(() => t.close());

const row = (to: string) =>
  t.db.selectFrom("mailOutbox").selectAll().where("toAddress", "=", to).executeTakeFirstOrThrow();

describe("mail outbox", () => {
  it("keeps a mail through an SMTP outage and delivers it once the server is back", async () => {
    const to = `outage-${Date.now()}@example.org`;
    t.smtp.setRefusing(true);
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
    expect(t.smtp.to(to)).toHaveLength(0);

    t.smtp.setRefusing(false);
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
    expect(t.smtp.to(to)).toHaveLength(1);
    expect(t.smtp.to(to)[0]?.subject).toBe("Outage test");
  });

  it("sends each mail once when two server instances share the outbox", async () => {
    const log = pino({ level: "silent" });
    const second = startMailWorker({
      db: t.db,
      transport: createTransport({ smtpUrl: t.smtp.smtpUrl, from: "second@unionhall.local", log }),
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
    expect(t.smtp.to(to)).toHaveLength(20);
    expect(new Set(t.smtp.to(to).map((m) => m.subject)).size).toBe(20);
  });
});
