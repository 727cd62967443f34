import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { asLanguage } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { applyDeemedDenial } from "./deemed-denial.ts";
import { deadlineMissedMail } from "./mail.ts";
import { notify } from "./notify.ts";

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
  /** The languages of the assignee (if any) and the admins, in that order. */
  languages: string[];
}

/**
 * Marks every open deadline whose due date has ended in its organization's time zone as
 * missed, across organizations, and tells the assignee and the admins once
 * (`claim_missed_deadlines`, its live body in db/functions.sql). Claim, log, live events and
 * mails share one transaction: a crash in between marks and sends nothing. Returns how many
 * were claimed.
 */
export async function markMissedDeadlines(db: DB, appUrl: string, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Each recipient's language rides along: the assignee's first, then the admins' in order.
    const { rows } = await sql<Claimed>`
      SELECT c.*, ARRAY(SELECT coalesce(u.language, 'en')
          FROM unnest(array_remove(ARRAY[c.assignee_email], NULL) || c.admin_emails)
            WITH ORDINALITY AS a(email, n)
          LEFT JOIN users u ON u.email = a.email ORDER BY a.n) AS languages
      FROM claim_missed_deadlines(${now}) c`.execute(trx);
    for (const d of rows) {
      // Bound to the deadline's organization, so `notify` can read a group's grievants: each
      // of them follows the grievance live as its filer does (product-decisions.md 31).
      await withTenant(trx, d.organizationId, (tx) =>
        notify(tx, {
          organizationId: d.organizationId,
          grievanceId: d.grievanceId,
          submittedBy: d.submittedBy,
          kind: "deadline",
        }),
      );
      const addresses = [...(d.assigneeEmail ? [d.assigneeEmail] : []), ...d.adminEmails];
      const to = new Map(addresses.map((address, i) => [address, asLanguage(d.languages[i])]));
      for (const [address, language] of to) {
        const mail = deadlineMissedMail({
          grievanceId: d.grievanceId,
          subject: d.subject,
          kind: d.kind,
          stepName: d.stepName,
          dueDate: d.dueDate,
          url: `${appUrl}/grievances/${d.grievanceId}`,
          language,
        });
        await enqueueMail(trx, { to: address, ...mail });
      }
      // The step's rule may make the silence a denial and start the union's appeal time.
      if (d.kind === "response") await applyDeemedDenial(trx, d);
    }
    return rows.length;
  });
}
