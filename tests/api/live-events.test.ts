import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPerson, createOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/** Server-sent events over real HTTP, fed by PostgreSQL LISTEN/NOTIFY. */
let t: TestApp;
let base = "";
beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

interface Stream {
  received: { grievanceId: string; kind: string }[];
  close(): void;
}

async function openStream(client: TestClient): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { cookie: client.cookieHeader() },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const received: Stream["received"] = [];
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
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
  return { received, close: () => controller.abort() };
}

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe("GET /api/events", () => {
  it("tells stewards about every change, members about their own only, other organizations nothing", async () => {
    const org = await createOrganization(t, "Live Local");
    const other = await createOrganization(t, "Elsewhere Local");
    const colleague = await addPerson(t, org.id, "member");
    const steward = await openStream(org.steward.client);
    const member = await openStream(org.member.client);
    const outsider = await openStream(other.admin.client);
    try {
      const filed = await colleague.client.post("/api/grievances", {
        name: "Col League",
        badgeNumber: "C-1",
        jobTitle: "Manager",
        department: "Sales",
        location: "Main Office",
        description: "The break room was closed for a month without notice.",
        remedy: "Reopen the break room and consult the union first.",
      });
      const id = filed.json().id;
      await until(() => steward.received.some((e) => e.grievanceId === id && e.kind === "filed"));
      await org.steward.client.post(`/api/grievances/${id}/status`, { status: "escalated" });
      await until(() => steward.received.some((e) => e.grievanceId === id && e.kind === "status"));
      await new Promise((r) => setTimeout(r, 200));
      expect(member.received).toEqual([]);
      expect(outsider.received).toEqual([]);
    } finally {
      steward.close();
      member.close();
      outsider.close();
    }
  });

  it("needs a signed-in member", async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });
});
