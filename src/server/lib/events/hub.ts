import type { Logger } from "pino";
import { grievantMaySee, type TEventKind } from "../../../shared/schemas/grievances.ts";
import { listen } from "./listen.ts";

/** What changed: sent with NOTIFY in the same transaction as the change, so only commits are heard. */
export interface GrievanceEvent {
  organizationId: string;
  grievanceId: string;
  submittedBy: string | null;
  /** Issue 34: `contact` and `question` are live events only (their records have own tables). */
  kind: TEventKind | "contact" | "question";
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

  const listener = await listen(
    connectionString,
    [CHANNEL],
    (_channel, payload) => deliver(payload),
    log,
  );

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      subscribers.clear();
      await listener.close();
    },
  };
}
