import { mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { APP_URL, startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let org: TestOrganization;
beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t, "Hardening Local");
});
afterAll(() => t.close());

/** The admin's cookies sent from another origin, as a same-site page in the browser would. */
function forged(method: "POST" | "PUT", url: string, headers: Record<string, string>) {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie: org.admin.client.cookieHeader(),
      "content-type": "application/json",
      ...headers,
    },
    payload: "{}",
  });
}

/** Sends `text` as is over TCP; answers everything received until the server closes. */
function rawHttp(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString();
    });
    socket.on("close", () => resolve(data));
  });
}

describe("CSRF: a write with cookies must come from APP_URL", () => {
  it("refuses another origin (a sibling port or subdomain) before anything changes", async () => {
    const before = (await org.admin.client.get("/api/organization/invite-code")).json().inviteCode;
    for (const origin of ["http://localhost:3001", "http://evil.localhost:3000", "null"]) {
      const res = await forged("POST", "/api/organization/invite-code", { origin });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
    const crossSite = await forged("POST", "/api/organization/invite-code", {
      "sec-fetch-site": "same-site",
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await org.admin.client.get("/api/organization/invite-code")).json().inviteCode).toBe(
      before,
    );
  });

  it("accepts the app's own origin, and same-origin fetches without an Origin", async () => {
    const own = await forged("POST", "/api/organization/invite-code", { origin: APP_URL });
    expect(own.statusCode).toBe(200);
    const same = await forged("POST", "/api/organization/invite-code", {
      "sec-fetch-site": "same-origin",
    });
    expect(same.statusCode).toBe(200);
  });

  it("checks before the body is parsed (a forged upload is refused unread)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/profile/avatar",
      headers: {
        cookie: org.admin.client.cookieHeader(),
        origin: "http://localhost:5999",
        "content-type": "multipart/form-data; boundary=x",
      },
      payload: "--x\r\nnot even multipart",
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("authentication runs before parsing", () => {
  it("answers an anonymous create with 401, not the form's field messages", async () => {
    const res = await t.client().post("/api/grievances", {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHENTICATED");
  });
});

describe("response headers", () => {
  it("API JSON answers are not stored by browsers or proxies", async () => {
    const res = await org.admin.client.get("/api/me");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const missing = await t.client().get("/api/nothing-here");
    expect(missing.headers["cache-control"]).toBe("no-store");
  });

  it("sends HSTS and upgrade-insecure-requests only when APP_URL is https", async () => {
    const plain = await t.client().get("/api/health");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(plain.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    const secure = await buildApp({
      ...t.app.deps,
      env: { ...t.app.deps.env, APP_URL: "https://portal.example.org", isProduction: true },
    });
    const res = await secure.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(res.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    await secure.close();
  });
});

describe("request timeout", () => {
  it("answers 408 and closes when a promised body never arrives", async () => {
    const app = await buildApp({ ...t.app.deps, timeouts: { bodyMs: 300, uploadMs: 600 } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const started = Date.now();
    const answer = await rawHttp(
      port,
      "POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{",
    );
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(answer).toContain('"code":"TIMEOUT"');
    expect(Date.now() - started).toBeLessThan(5_000);
    await app.close();
  });
});

describe("bad bytes answer 400, never 500", () => {
  it("refuses NUL characters in JSON strings, keys, path ids and query values", async () => {
    const c = org.admin.client;
    const body = await c.request("PATCH", "/api/profile", { name: "Pat\u0000Doe" });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.message).toBe("Text may not contain NUL characters.");
    const key = await c.request("PATCH", "/api/profile", { "na\u0000me": "Pat" });
    expect(key.statusCode).toBe(400);
    expect((await c.get("/api/grievances/G-2026%000001")).statusCode).toBe(400);
    expect((await c.get("/api/grievances?q=a%00b")).statusCode).toBe(400);
    expect((await c.get("/api/documents?q=%00")).statusCode).toBe(400);
  });

  it("refuses deeply nested JSON, also on /api/auth/*", async () => {
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    for (const url of ["/api/auth/sign-in/email", "/api/grievances"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: {
          origin: APP_URL,
          cookie: org.admin.client.cookieHeader(),
          "content-type": "application/json",
        },
        payload: deep,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("The request body is nested too deeply.");
    }
  });

  it("refuses malformed multipart (no boundary, cut short) with 400", async () => {
    const headers = { cookie: org.admin.client.cookieHeader(), origin: APP_URL };
    const noBoundary = await t.app.inject({
      method: "POST",
      url: "/api/profile/avatar",
      headers: { ...headers, "content-type": "multipart/form-data" },
      payload: "--x\r\nnothing",
    });
    expect(noBoundary.statusCode).toBe(400);
    const cut = await t.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=XYZ" },
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and no end',
    });
    expect(cut.statusCode).toBe(400);
  });

  it("answers the paths /\\ and /%E0%A4 without an error", async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), "unionhall-web-"));
    writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>UnionHall</title>");
    const app = await buildApp({ ...t.app.deps, webDir });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    for (const target of ["/\\", "/%E0%A4", "/\\..\\etc"]) {
      const answer = await rawHttp(
        port,
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1.1 [24]\d\d /);
    }
    await app.close();
  });
});

describe("ids that reveal nothing about other organizations", () => {
  const grievance = {
    name: "Pat Doe",
    badgeNumber: "B-1",
    jobTitle: "Other",
    department: "Other",
    location: "Other",
    description: "A description long enough",
    remedy: "A remedy long enough",
  };

  it("numbers activity per organization, and gives contact requests random ids", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await org.member.client.post("/api/grievances", grievance)).statusCode).toBe(201);
    }
    const second = await createOrganization(t, "Quiet Local");
    expect((await second.member.client.post("/api/grievances", grievance)).statusCode).toBe(201);
    const items = (await second.admin.client.get("/api/activity?limit=10")).json().items;
    expect(items.map((i: { id: string }) => i.id)).toEqual(["1"]);

    const contact = await t.client().post("/api/contact", {
      name: "Dana Whitfield",
      email: "dana@local512.example",
      organization: "Teamsters Local 512",
      message: "We have about 40 members and would like a demo of grievance tracking.",
    });
    expect(contact.statusCode).toBe(201);
    expect(contact.json().id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});
