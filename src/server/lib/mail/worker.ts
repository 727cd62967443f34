import type { Logger } from "pino";
import type { DB } from "../../db/connection.ts";
import { claimDueMails, markFailed, markSent, onMailEnqueued } from "./outbox.ts";
import { type MailTransport, SendTimeout } from "./transport.ts";

export interface MailWorker {
  /** Sends everything due now; resolves when the outbox has nothing due. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** Polls the outbox (and wakes at once when this instance enqueues), sending with retries. */
export function startMailWorker(options: {
  db: DB;
  transport: MailTransport;
  log: Logger;
  pollMs?: number;
}): MailWorker {
  const { db, transport, log, pollMs = 2000 } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function runOnce(): Promise<void> {
    for (;;) {
      // One at a time: a claimed mail's lease covers its own send, not a queue before it.
      const batch = await claimDueMails(db, 1);
      if (batch.length === 0) return;
      for (const mail of batch) {
        try {
          await transport.send(mail);
          await markSent(db, mail.id, transport.name);
        } catch (error) {
          if (error instanceof SendTimeout) {
            log.warn({ mailId: mail.id }, "mail send timed out; retried after its lease");
            continue;
          }
          const message = error instanceof Error ? error.message : String(error);
          log.warn(
            { mailId: mail.id, attempts: mail.attempts + 1, err: message },
            "mail not sent; will retry",
          );
          await markFailed(db, mail, message);
        }
      }
    }
  }

  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((error) => log.error({ err: error }, "mail worker failed"))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  const timer = setInterval(() => void kick(), pollMs);
  timer.unref();
  const unsubscribe = onMailEnqueued(() => void kick());
  void kick();

  return {
    async drain() {
      await kick();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
      transport.close();
    },
  };
}
