import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { ClaimedMail } from "./outbox.ts";

export interface MailTransport {
  name: "smtp" | "log";
  send(mail: ClaimedMail): Promise<void>;
  /** Whether mail can leave now (SMTP: connects and greets; the log: always). */
  verify(): Promise<void>;
  close(): void;
}

/** nodemailer's own limits: connect, greeting, and silence on the socket at any step. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
} as const;

/**
 * One send may take this long in all (a server trickling its answers resets the socket
 * timeout forever). Well below the outbox lease (outbox.ts).
 */
export const SEND_LIMIT_MS = 120_000;

/**
 * A send given up on may still finish at the other end: the mail is not marked failed (which
 * would retry it in seconds) but left to its lease, retried only once the lease runs out.
 */
export class SendTimeout extends Error {
  constructor() {
    super(`SMTP send took longer than ${SEND_LIMIT_MS / 1000} s`);
  }
}

export const extractLinks = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/** SMTP when SMTP_URL is set; otherwise mail is only written to the log (links included). */
export function createTransport(options: {
  smtpUrl?: string;
  from: string;
  log: Logger;
}): MailTransport {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      name: "log",
      async send(mail) {
        log.info(
          { to: mail.toAddress, subject: mail.subject, links: extractLinks(mail.textBody) },
          "mail (no SMTP_URL set)",
        );
      },
      async verify() {},
      close() {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    ...SMTP_TIMEOUTS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    name: "smtp",
    async send(mail) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new SendTimeout()), SEND_LIMIT_MS);
      });
      try {
        await Promise.race([
          transporter.sendMail({
            from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody ?? undefined,
          }),
          limit,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}
