import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives; optionally an HTTP endpoint
 * (GET /messages) so browser-test workers in other processes can read the mail.
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private smtp?: SMTPServer;
  private http?: Server;
  private refuse = false;
  smtpPort = 0;
  httpPort = 0;

  async start(
    options: { http?: boolean; smtpPort?: number; httpPort?: number } = {},
  ): Promise<this> {
    this.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        if (this.refuse) {
          stream.resume();
          stream.on("end", () => callback(new Error("451 mailbox temporarily unavailable")));
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            this.messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              receivedAt: Date.now(),
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) =>
      this.smtp?.listen(options.smtpPort ?? 0, "127.0.0.1", resolve),
    );
    this.smtpPort = (this.smtp.server.address() as AddressInfo).port;
    if (options.http) {
      this.http = createHttpServer((_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(this.messages));
      });
      await new Promise<void>((resolve) =>
        this.http?.listen(options.httpPort ?? 0, "127.0.0.1", resolve),
      );
      this.httpPort = (this.http.address() as AddressInfo).port;
    }
    return this;
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.smtpPort}`;
  }

  /** Make the server refuse every message (an SMTP outage) until called with false. */
  setRefusing(refuse: boolean): void {
    this.refuse = refuse;
  }

  to(address: string): CaughtMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.smtp ? this.smtp.close(() => resolve()) : resolve(),
    );
    await new Promise<void>((resolve) =>
      this.http ? this.http.close(() => resolve()) : resolve(),
    );
  }
}

/** The first http(s) link in a mail whose path starts with `pathPrefix`. */
export function linkIn(mail: CaughtMail | undefined, pathPrefix: string): string {
  const link = mail?.text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in mail ${JSON.stringify(mail?.subject)}`);
  return link;
}
