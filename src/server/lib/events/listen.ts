import pg from "pg";
import type { Logger } from "pino";
import { isAdminShutdown } from "../../db/connection.ts";

export interface Listener {
  close(): Promise<void>;
}

/**
 * One dedicated connection that LISTENs on `channels` and reconnects after a second when it
 * is lost. `onConnected(false)` is called when the connection drops (notifications may be
 * missed until the next `onConnected(true)`), so a cache built on them can stop trusting itself.
 */
export async function listen(
  connectionString: string,
  channels: readonly string[],
  onNotification: (channel: string, payload: string | undefined) => void,
  log: Logger,
  onConnected: (connected: boolean) => void = () => undefined,
): Promise<Listener> {
  let client: pg.Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => onNotification(message.channel, message.payload));
    next.on("error", (err) => {
      onConnected(false);
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
    for (const channel of channels) await next.query(`LISTEN ${channel}`);
    client = next;
    onConnected(true);
  };
  await connect();

  return {
    async close() {
      closed = true;
      onConnected(false);
      await client?.end().catch(() => undefined);
    },
  };
}
