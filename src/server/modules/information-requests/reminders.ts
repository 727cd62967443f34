import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { asLanguage } from "../../lib/i18n/index.ts";
import type { Job } from "../../lib/jobs/scheduler.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { requestMail, stewardReminderMail } from "./mail.ts";
import { logEntry } from "./service.ts";

/**
 * On a request's due date (from 07:00 in its time zone), while items are missing: a reminder
 * to the employer's contact (a request served by link) and to the steward (the assignee, or
 * the admins when nobody is assigned). Each request is claimed once (`reminded_at` stamped
 * where it was empty) in the transaction that queues its mails, so several instances never
 * send one twice (docs/decisions/019). Returns how many requests were reminded.
 */
export async function sendInformationReminders(db: DB, appUrl: string, at: Date): Promise<number> {
  const { rows } = await sql<{ organizationId: string; id: string }>`
    SELECT * FROM due_information_reminders(${at})`.execute(db);
  let sent = 0;
  for (const row of rows) {
    const org = row.organizationId;
    sent += await withTenant(db, org, async (trx) => {
      const r = await trx
        .updateTable("informationRequests")
        .set({ remindedAt: at })
        .where("organizationId", "=", org)
        .where("id", "=", row.id)
        .where("remindedAt", "is", null)
        .where("answeredOn", "is", null)
        .returning([
          "id",
          "grievanceId",
          "dueDate",
          "contactName",
          "contactEmail",
          "servedVia",
          "message",
          "createdBy",
        ])
        .executeTakeFirst();
      if (!r) return 0;
      const [items, g, organization] = await Promise.all([
        trx
          .selectFrom("informationRequestItems")
          .select(["text", "state"])
          .where("organizationId", "=", org)
          .where("requestId", "=", r.id)
          .orderBy("position")
          .execute(),
        trx
          .selectFrom("grievances")
          .select(["assigneeId", "status"])
          .where("organizationId", "=", org)
          .where("id", "=", r.grievanceId)
          .executeTakeFirstOrThrow(),
        trx.selectFrom("organizations").select("name").where("id", "=", org).executeTakeFirst(),
      ]);
      if (g.status === "resolved") return 0;
      const missing = items.filter((i) => i.state === "pending");
      const language = asLanguage(
        (
          await trx
            .selectFrom("users")
            .select("language")
            .where("id", "=", r.createdBy ?? "")
            .executeTakeFirst()
        )?.language,
      );
      if (r.servedVia === "link" && r.contactEmail && r.contactName) {
        await enqueueMail(trx, {
          to: r.contactEmail,
          ...requestMail({
            organizationName: organization?.name ?? "",
            contactName: r.contactName,
            grievanceId: r.grievanceId,
            items: missing.map((i) => i.text),
            dueDate: r.dueDate,
            message: "",
            url: "",
            language,
            reminder: true,
          }),
        });
      }
      const stewards = g.assigneeId
        ? await trx
            .selectFrom("users")
            .select(["email", "language"])
            .where("id", "=", g.assigneeId)
            .execute()
        : await trx
            .selectFrom("memberships as m")
            .innerJoin("users as u", "u.id", "m.userId")
            .select(["u.email", "u.language"])
            .where("m.organizationId", "=", org)
            .where("m.role", "=", "admin")
            .execute();
      for (const s of stewards)
        await enqueueMail(trx, {
          to: s.email,
          ...stewardReminderMail({
            grievanceId: r.grievanceId,
            missing: missing.length,
            dueDate: r.dueDate,
            url: `${appUrl}/grievances/${r.grievanceId}`,
            language: asLanguage(s.language),
          }),
        });
      await logEntry(trx, org, r.id, { kind: "reminder", actor: "System" });
      return 1;
    });
  }
  return sent;
}

/** Every five minutes, like the deadline reminders. */
export function informationReminderJob(db: DB, appUrl: string): Job {
  return {
    name: "information-reminders",
    everyMs: 5 * 60 * 1000,
    run: (at) => sendInformationReminders(db, appUrl, at),
  };
}
