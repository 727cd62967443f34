import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
const webDir = mkdtempSync(path.join(tmpdir(), "unionhall-web-"));
writeFileSync(
  path.join(webDir, "index.html"),
  '<!doctype html><title>UnionHall</title><div id="root" data-spa="yes"></div>',
);
mkdirSync(path.join(webDir, "assets"));
writeFileSync(path.join(webDir, "assets", "app-123.js"), "console.log('hi')");

beforeAll(async () => {
  t = await startTestApp({ webDir });
});
afterAll(() => t.close());

describe("health", () => {
  it("answers ok when the database answers", async () => {
    const res = await t.client().get("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
  });
});

describe("API description", () => {
  it("serves OpenAPI built from the route schemas, with each route's access rule", async () => {
    const res = await t.client().get("/api/openapi.json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    const create = doc.paths["/api/grievances"].post;
    expect(create.description).toBe("Access: create:grievance");
    const body = create.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(expect.arrayContaining(["description", "remedy"]));
    expect(body.properties.description.minLength).toBe(10);
    // Every API route the access table knows is described, except this document itself.
    const described = Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${url}`),
    );
    const toOpenApi = (url: string) => url.replace(/:(\w+)/g, "{$1}");
    for (const route of t.app.routeTable) {
      if (route.url === "/api/openapi.json") continue;
      expect(described).toContain(`${route.method} ${toOpenApi(route.url)}`);
    }
  });
});

describe("routing", () => {
  it("answers unknown /api paths with the JSON 404", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.client().request(method, "/api/does-not-exist");
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: "NOT_FOUND", message: `No API route ${method} /api/does-not-exist` },
      });
    }
  });

  it("serves the SPA for every other path, and hashed assets with a long cache", async () => {
    for (const url of ["/", "/dashboard", "/grievances/G-2026-0001"]) {
      const res = await t.client().get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-spa="yes"');
    }
    // An unknown path still gets the app (it renders its 404 page), with the status 404.
    const unknown = await t.client().get("/anything/else?x=1");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('data-spa="yes"');
    const asset = await t.client().get("/assets/app-123.js");
    expect(asset.headers["cache-control"]).toContain("immutable");
    // A script is no document: no page policies on it, but never sniffed as another type.
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(asset.headers["content-security-policy"]).toBeUndefined();
    expect(asset.headers["x-frame-options"]).toBeUndefined();
    const traversal = await t.client().get("/..%2F..%2Fetc%2Fpasswd");
    expect(traversal.body).toContain('data-spa="yes"');
  });

  it("sets security headers", async () => {
    const res = await t.client().get("/");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("refuses to start when an /api route declares no access rule", async () => {
    const app = await buildApp({
      env: { APP_URL: "http://localhost:3000", isProduction: true },
      db: t.db,
      auth: t.auth,
      storage: t.storage,
      events: t.app.deps.events,
      log: t.app.log as never,
    });
    expect(() => app.get("/api/forgotten", async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });
});

describe("errors", () => {
  it("answers an empty or broken JSON body with 400, never 500", async () => {
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("VALIDATION_FAILED");
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      payload: "{nope",
    });
    expect(broken.statusCode).toBe(400);
  });

  it("answers a signed-out call to a signed-in route with 401", async () => {
    const res = await t.client().get("/api/me");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: "UNAUTHENTICATED", message: "Please sign in to continue." },
    });
  });

  it("hides the internals of a 500", async () => {
    const app = await buildApp({
      env: { APP_URL: "http://localhost:3000", isProduction: true },
      db: t.db,
      auth: t.auth,
      storage: t.storage,
      events: t.app.deps.events,
      log: t.app.log as never,
    });
    app.get("/api/explode", { config: { access: "public" } }, async () => {
      throw new Error("secret connection string postgres://x");
    });
    const res = await app.inject({ method: "GET", url: "/api/explode" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("postgres://");
    expect(res.json().error.code).toBe("INTERNAL");
    await app.close();
  });

  it("has no development mailbox in production", async () => {
    const app = await buildApp({
      env: { APP_URL: "http://localhost:3000", isProduction: true },
      db: t.db,
      auth: t.auth,
      storage: t.storage,
      events: t.app.deps.events,
      log: t.app.log as never,
    });
    expect((await app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
    await app.close();
    expect((await t.client().get("/dev/mailbox")).statusCode).toBe(200);
  });
});
