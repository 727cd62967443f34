import { sql } from "kysely";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import type { DB } from "../../db/connection.ts";
import type { ReminderKind } from "../../db/schema.ts";
import { withTenant } from "../../db/tenant.ts";
import { asLanguage } from "../../lib/i18n/index.ts";
import type { Job } from "../../lib/jobs/scheduler.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { overdueContacts } from "../grievances/index.ts";
import { digestMail, type QuietCases, type ReminderItem, reminderMail } from "./reminder-mail.ts";

interface Due {
  organizationId: string;
  deadlineId: string;
  kind: ReminderKind;
  recipientId: string;
  dueDate: string;
}

/** A person with more than this many reminders in one morning gets one digest instead. */
export const DIGEST_OVER = 3;

/**
 * Sends the deadline reminders due at `at` (3 days, 1 day and on the due date, from 07:00 in
 * the deadline's time zone). Per organization and person, one transaction claims the reminders
 * (a unique row each, re-checking that the deadline still runs with that due date) and queues
 * the mail: a second instance, a restart or a crash in between never sends one twice or loses
 * one. Returns how many reminders were claimed.
 */
export async function sendDeadlineReminders(db: DB, appUrl: string, at: Date): Promise<number> {
  const { rows } = await sql<Due>`SELECT * FROM due_deadline_reminders(${at})`.execute(db);
  const groups = new Map<string, Due[]>();
  for (const row of rows) {
    const key = `${row.organizationId} ${row.recipientId}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  let claimed = 0;
  for (const due of groups.values()) {
    const first = due[0];
    if (!first) continue;
    claimed += await remindOne(db, appUrl, at, first.organizationId, first.recipientId, due);
  }
  return claimed;
}

async function remindOne(
  db: DB,
  appUrl: string,
  at: Date,
  organizationId: string,
  recipientId: string,
  due: Due[],
): Promise<number> {
  return withTenant(db, organizationId, async (trx) => {
    const wanted = sql.join(
      due.map((d) => sql`(${d.deadlineId}::uuid, ${d.kind}::text, ${d.dueDate}::date)`),
    );
    // Claimed only while the deadline still runs with that date: one extended or met since the
    // list was read sends nothing. ON CONFLICT: another instance has claimed it already.
    const { rows: mine } = await sql<{ deadlineId: string; kind: ReminderKind }>`
      WITH wanted (deadline_id, kind, due_date) AS (VALUES ${wanted}),
      still AS (
        SELECT w.* FROM wanted w JOIN grievance_deadlines d
          ON d.organization_id = ${organizationId} AND d.id = w.deadline_id
        WHERE d.state = 'open' AND d.closed_on IS NULL AND d.due_date = w.due_date)
      INSERT INTO deadline_reminders (organization_id, deadline_id, kind, recipient_id, due_date, digest)
      SELECT ${organizationId}, s.deadline_id, s.kind, ${recipientId}, s.due_date,
             (SELECT count(*) FROM still) > ${DIGEST_OVER}
      FROM still s
      ON CONFLICT DO NOTHING
      RETURNING deadline_id, kind`.execute(trx);
    if (mine.length === 0) return 0;
    const person = await trx
      .selectFrom("users")
      .select(["email", "name", "language"])
      .where("id", "=", recipientId)
      .executeTakeFirstOrThrow();
    const details = await trx
      .selectFrom("grievanceDeadlines as d")
      .innerJoin("grievances as g", (j) =>
        j.onRef("g.organizationId", "=", "d.organizationId").onRef("g.id", "=", "d.grievanceId"),
      )
      .select([
        "d.id",
        "d.grievanceId",
        "d.stepName",
        "d.kind",
        "d.dueDate",
        "d.explanation",
        "d.timeZone",
        "g.subject",
        "g.assigneeId",
      ])
      .where("d.organizationId", "=", organizationId)
      .where(
        "d.id",
        "in",
        mine.map((m) => m.deadlineId),
      )
      .orderBy("d.dueDate")
      .orderBy("d.grievanceId")
      .execute();
    const language = asLanguage(person.language);
    const kindOf = new Map(mine.map((m) => [m.deadlineId, m.kind]));
    const items: ReminderItem[] = details.map((d) => ({
      grievanceId: d.grievanceId,
      subject: d.subject,
      stepName: d.stepName,
      kind: d.kind,
      dueDate: d.dueDate,
      reminder: kindOf.get(d.id) ?? "due_today",
      explanation: d.explanation,
      unassigned: d.assigneeId === null,
    }));
    if (items.length > DIGEST_OVER) {
      const today = todayIn(details[0]?.timeZone ?? "UTC", at);
      const quiet = await quietCases(trx, organizationId, recipientId, at);
      await enqueueMail(trx, {
        to: person.email,
        ...digestMail(person.name, today, items, quiet, appUrl, language),
      });
    } else {
      for (const item of items)
        await enqueueMail(trx, {
          to: person.email,
          ...reminderMail(person.name, item, appUrl, language),
        });
    }
    return mine.length;
  });
}

/**
 * The person's open cases past the local's contact limit (issue 34, product-decisions.md 36),
 * the grievant waiting longest first, at most 20.
 */
async function quietCases(
  trx: Parameters<Parameters<typeof withTenant>[2]>[0],
  organizationId: string,
  personId: string,
  at: Date,
): Promise<QuietCases> {
  const procedure = await loadProcedure(trx, organizationId);
  const late = await overdueContacts(trx, organizationId, procedure, at, personId);
  return {
    limit: procedure.contactLimit,
    cases: late.slice(0, 20).map((c) => ({
      grievanceId: c.grievanceId,
      subject: c.subject,
      days: c.daysSinceContact,
    })),
  };
}

/** Every five minutes: a reminder leaves within minutes of 07:00 local time. */
export function deadlineReminderJob(db: DB, appUrl: string): Job {
  return {
    name: "deadline-reminders",
    everyMs: 5 * 60 * 1000,
    run: (at) => sendDeadlineReminders(db, appUrl, at),
  };
}
