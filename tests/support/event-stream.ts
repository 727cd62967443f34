import { expect } from "vitest";
import type { TestClient } from "./test-app.ts";

/** One person's live stream (`GET /api/events`) over real HTTP, read as it arrives. */
export interface EventStream {
  received: { grievanceId: string; kind: string }[];
  /** True once the server has ended the stream. */
  ended: () => boolean;
  /** Everything the stream sent, as text. */
  raw(): string;
  close(): void;
}

/** Opens `client`'s live stream on the server listening at `base`. */
export async function openEventStream(base: string, client: TestClient): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { cookie: client.cookieHeader() },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const received: EventStream["received"] = [];
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let ended = false;
  let all = "";
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) {
          ended = true;
          return;
        }
        const text = decoder.decode(chunk.value, { stream: true });
        buffer += text;
        all += text;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split("\n").find((l) => l.startsWith("data: "));
          if (data) received.push(JSON.parse(data.slice(6)));
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { received, ended: () => ended, raw: () => all, close: () => controller.abort() };
}

/** Waits until `check` holds, up to `ms`; `what` names it in the failure. */
export async function until(check: () => boolean, what = "the condition", ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
