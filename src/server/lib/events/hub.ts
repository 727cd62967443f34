import pg from "pg";
import type { Logger } from "pino";
import { grievantMaySee, type TEventKind } from "../../../shared/schemas/grievances.ts";
import { isAdminShutdown } from "../../db/connection.ts";

/** What changed: sent with NOTIFY in the same transaction as the change, so only commits are heard. */
export interface GrievanceEvent {
  organizationId: string;
  grievanceId: string;
  submittedBy: string | null;
  kind: TEventKind;
  /** The grievants of a group grievance (issue 19); `notify` fills it in. */
  grievants?: string[];
  /** An internal note: stewards' and admins' streams only (product-decisions.md 28). */
  internal?: boolean;
}

export const CHANNEL = "grievance_events";

export interface Subscriber {
  organizationId: string;
  userId: string;
  /** Holders of view:all_grievances hear about every grievance; members about their own. */
  seesAll: boolean;
  send(event: GrievanceEvent): void;
}

export interface EventHub {
  subscribe(subscriber: Subscriber): () => void;
  close(): Promise<void>;
}

/**
 * One LISTEN connection per server instance fans PostgreSQL notifications out to this
 * instance's server-sent-event streams; NOTIFY reaches every instance, so several servers
 * behind a proxy all hear every change.
 */
export async function startEventHub(connectionString: string, log: Logger): Promise<EventHub> {
  const subscribers = new Set<Subscriber>();
  let client: pg.Client | null = null;
  let closed = false;

  const deliver = (payload: string | undefined) => {
    let event: GrievanceEvent;
    try {
      event = JSON.parse(payload ?? "") as GrievanceEvent;
    } catch {
      return;
    }
    for (const s of subscribers) {
      if (s.organizationId !== event.organizationId) continue;
      const own = s.userId === event.submittedBy || event.grievants?.includes(s.userId);
      if (!s.seesAll && (!own || event.internal)) continue;
      if (!s.seesAll && !grievantMaySee(event.kind)) continue;
      s.send(event);
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => deliver(message.payload));
    next.on("error", (err) => {
      if (isAdminShutdown(err)) log.debug("event listener: database shutting down");
      else log.warn({ err }, "event listener connection lost; reconnecting");
      next.end().catch(() => undefined);
      if (!closed)
        setTimeout(
          () => void connect().catch((e) => log.error({ err: e }, "event listener failed")),
          1000,
        );
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };
  await connect();

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      closed = true;
      subscribers.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
