import type { ServerResponse } from "node:http";
import { can, type Role } from "../../../shared/permissions.ts";
import type { AppInstance } from "../../app.ts";
import { unauthenticated } from "../../lib/errors.ts";
import { createStreamRights, STREAM_RECHECK_MS } from "../../lib/events/stream-rights.ts";
import { requireTenant } from "../../plugins/access.ts";

/** Server-sent events: a line per change the person may see, fed by LISTEN/NOTIFY. */
export function liveRoutes(app: AppInstance): void {
  const { db } = app.deps;
  const streams = new Set<ServerResponse>();
  const rights = createStreamRights(app.deps.auth, db);
  const recheckMs = app.deps.streamRecheckMs ?? STREAM_RECHECK_MS;
  app.get("/api/events", { config: { access: "member" } }, async (request, reply) => {
    const tenant = requireTenant(request);
    const token = await rights.tokenOf(request.headers.cookie);
    if (!token) throw unauthenticated();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write("retry: 3000\n\n: connected\n\n");
    // Rights are read again for every event and every few seconds: a stream ends when its
    // session ends or its listener is removed or given another role (the browser then
    // reconnects with the new rights, or not at all).
    const stillAllowed = async (): Promise<Role | null> => {
      const role = await rights
        .currentRole(token, tenant.organizationId, tenant.userId)
        .catch(() => null);
      if (role !== tenant.role) {
        stop();
        res.end();
        return null;
      }
      return role;
    };
    let queue = Promise.resolve();
    const unsubscribe = app.deps.events.subscribe({
      organizationId: tenant.organizationId,
      userId: tenant.userId,
      seesAll: can(tenant.role, "view:all_grievances"),
      send: (event) => {
        queue = queue.then(async () => {
          const role = await stillAllowed();
          if (!role) return;
          // A member hears about their own grievances: filed by them, or one they are (or, for
          // the event that removes them, were) a grievant of. Only the id and kind are sent.
          const own =
            event.submittedBy === tenant.userId || event.grievants?.includes(tenant.userId);
          if (!can(role, "view:all_grievances") && !own) return;
          res.write(
            `event: grievance\ndata: ${JSON.stringify({ grievanceId: event.grievanceId, kind: event.kind })}\n\n`,
          );
        });
      },
    });
    const heartbeat = setInterval(() => res.write(": ping\n\n"), 25_000);
    heartbeat.unref();
    const recheck = setInterval(() => {
      queue = queue.then(async () => {
        await stillAllowed();
      });
    }, recheckMs);
    recheck.unref();
    let stopped = false;
    function stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      clearInterval(recheck);
      unsubscribe();
      streams.delete(res);
    }
    streams.add(res);
    request.raw.on("close", stop);
  });
  // Open streams would hold a graceful shutdown forever: end them when the app closes.
  app.addHook("onClose", async () => {
    for (const res of streams) res.end();
    streams.clear();
  });
}
