import { sql } from "kysely";
import { formatDay } from "../../../shared/procedure/index.ts";
import type { DB } from "../../db/connection.ts";
import { CHANNEL } from "../../lib/events/hub.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { applyDeemedDenial } from "./deemed-denial.ts";
import { deadlineMissedMail } from "./mail.ts";

interface Claimed {
  organizationId: string;
  grievanceId: string;
  kind: "filing" | "response" | "appeal" | "remedy";
  stepName: string;
  dueDate: string;
  subject: string;
  submittedBy: string | null;
  assigneeEmail: string | null;
  adminEmails: string[];
}

/**
 * Marks every open deadline whose due date has ended in its organization's time zone as
 * missed, across organizations, and tells the assignee and the admins once
 * (`claim_missed_deadlines`, migration 0025). Claim, log, live events and mails share one
 * transaction: a crash in between marks and sends nothing. Returns how many were claimed.
 */
export async function markMissedDeadlines(db: DB, appUrl: string, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<Claimed>`SELECT * FROM claim_missed_deadlines(${now})`.execute(trx);
    for (const d of rows) {
      await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({
        organizationId: d.organizationId,
        grievanceId: d.grievanceId,
        submittedBy: d.submittedBy,
        kind: "deadline",
      })})`.execute(trx);
      const mail = deadlineMissedMail({
        grievanceId: d.grievanceId,
        subject: d.subject,
        what:
          d.kind === "response"
            ? `The employer's answer at ${d.stepName}`
            : d.kind === "appeal"
              ? `The union's appeal from ${d.stepName}`
              : d.kind === "remedy"
                ? "The remedy the employer owes (Remedy overdue)"
                : "The filing limit",
        dueDate: formatDay(d.dueDate),
        url: `${appUrl}/grievances/${d.grievanceId}`,
      });
      const to = new Set([...(d.assigneeEmail ? [d.assigneeEmail] : []), ...d.adminEmails]);
      for (const address of to) await enqueueMail(trx, { to: address, ...mail });
      // The step's rule may make the silence a denial and start the union's appeal time.
      if (d.kind === "response") await applyDeemedDenial(trx, d);
    }
    return rows.length;
  });
}
