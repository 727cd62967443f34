import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { ClaimedMail } from "./outbox.ts";

export interface MailTransport {
  name: "smtp" | "log";
  send(mail: ClaimedMail): Promise<void>;
  close(): void;
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
      close() {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    name: "smtp",
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
      });
    },
    close: () => transporter.close(),
  };
}
