import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import type { MailContent } from "./templates.ts";

export interface OutboxMail extends MailContent {
  to: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Stores the mail in the outbox (same database, so it is never lost) and wakes the worker.
 * Answers the outbox id (a service record follows its mail to the mail server's acceptance).
 */
export async function enqueueMail(db: DB, mail: OutboxMail): Promise<string> {
  const row = await db
    .insertInto("mailOutbox")
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const wake of listeners) wake();
  return String(row.id);
}

/** Stores many mails in one statement per 500 (bulk invitations); answers their ids in order. */
export async function enqueueMails(db: DB, mails: readonly OutboxMail[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < mails.length; i += 500) {
    const rows = await db
      .insertInto("mailOutbox")
      .values(
        mails.slice(i, i + 500).map((mail) => ({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
        })),
      )
      .returning("id")
      .execute();
    ids.push(...rows.map((r) => String(r.id)));
  }
  if (ids.length > 0) for (const wake of listeners) wake();
  return ids;
}

export function onMailEnqueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Retry delay after `attempts` failures: 5 s doubling, capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 3600);
}

export const MAX_ATTEMPTS = 15;
/**
 * While a worker sends a mail it holds it for this long; a crashed worker's mail is retried
 * after. Longer than any send can take (transport.ts caps one at SEND_LIMIT_MS, and the worker
 * claims one mail at a time), so a slow send is never claimed and sent a second time.
 */
export const LEASE_SECONDS = 600;

export interface ClaimedMail {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attempts: number;
}

/** Takes up to `limit` due mails; SKIP LOCKED lets several server instances share the outbox. */
export async function claimDueMails(db: DB, limit = 10): Promise<ClaimedMail[]> {
  return db
    .updateTable("mailOutbox")
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      "id",
      "in",
      db
        .selectFrom("mailOutbox")
        .select("id")
        .where("status", "=", "pending")
        .where(sql<boolean>`next_attempt_at <= now()`)
        .orderBy("id")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "toAddress", "subject", "textBody", "htmlBody", "attempts"])
    .execute();
}

export async function markSent(db: DB, id: string, transport: string): Promise<void> {
  await db
    .updateTable("mailOutbox")
    .set({
      status: "sent",
      sentAt: sql`now()`,
      transport,
      attempts: sql`attempts + 1`,
      lastError: null,
    })
    .where("id", "=", id)
    .execute();
}

export async function markFailed(db: DB, mail: ClaimedMail, error: string): Promise<void> {
  const attempts = mail.attempts + 1;
  await db
    .updateTable("mailOutbox")
    .set({
      attempts,
      lastError: error.slice(0, 1000),
      status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
    })
    .where("id", "=", mail.id)
    .execute();
}
