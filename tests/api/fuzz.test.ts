import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeCursor } from "../../src/server/lib/pagination.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { APP_URL, startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Every operation of the OpenAPI document, 100 requests each, with inputs made from its own
 * schemas and then bent: NUL bytes, odd dates and cursors, huge and negative numbers, wrong
 * types, deep nesting, malformed JSON and multipart. Not one answer may be a 5xx.
 * The generator is seeded, so a failure repeats.
 */
const SEED = 20261123;
const PER_OPERATION = 100;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};

/** mulberry32: small, seeded, good enough to pick inputs. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof random>;

const deep = (n: number): unknown => {
  let v: unknown = "x";
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

const ODD_STRINGS = [
  "",
  "\u0000",
  "a\u0000b",
  "x".repeat(5000),
  "2026-02-30T25:61:00Z",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "0000-01-01",
  "9999-12-31T23:59:59.999Z",
  "Tue, 31 Dec 99999 00:00:00 GMT",
  "1e400",
  "NaN",
  "-1",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "\uD800",
  "G-2026-0001",
  "' OR 1=1 --",
  " ",
  "%00",
];
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  [],
  {},
  [null],
  deep(60),
  { __proto__: { polluted: true } },
  ...ODD_STRINGS,
];

function generate(schema: Schema | undefined, rng: Rng, depth = 0): unknown {
  if (!schema || depth > 6) return rng.pick(ODD_VALUES);
  if (rng.chance(0.12)) return rng.pick(ODD_VALUES);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return generate(rng.pick(options), rng, depth + 1);
  if (schema.allOf) return generate(schema.allOf[0], rng, depth + 1);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case "string":
      return generateString(schema, rng);
    case "integer":
      return rng.pick([0, 1, 2, 25, 100, -5, 2 ** 31, schema.minimum ?? 0, schema.maximum ?? 10]);
    case "number":
      return rng.pick([0, 0.5, 99.99, -1, 1e9]);
    case "boolean":
      return rng.chance(0.5);
    case "null":
      return null;
    case "array": {
      const n = rng.int(4);
      return Array.from({ length: n }, () => generate(schema.items, rng, depth + 1));
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        const required = schema.required?.includes(key);
        if (required ? rng.chance(0.95) : rng.chance(0.6)) {
          out[key] = generate(prop, rng, depth + 1);
        }
      }
      if (rng.chance(0.1)) out[`extra${rng.int(9)}`] = rng.pick(ODD_VALUES);
      return out;
    }
    default:
      return rng.pick(ODD_VALUES);
  }
}

function generateString(schema: Schema, rng: Rng): string {
  if (rng.chance(0.25)) return rng.pick(ODD_STRINGS);
  switch (schema.format) {
    case "uuid":
      return randomUUID();
    case "email":
      return rng.pick([
        "a@example.org",
        "x\u0000@example.org",
        "no-at-sign",
        `${"a".repeat(300)}@x.org`,
      ]);
    case "date-time":
      return rng.pick([new Date().toISOString(), "2026-11-23T10:00:00Z", "2026-13-01T00:00:00Z"]);
    case "date":
      return rng.pick(["2026-11-23", "2026-02-30", "10000-01-01"]);
    case "uri":
      return rng.pick(["https://example.org", "javascript:alert(1)", "http://\u0000"]);
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 80, 400);
  const length = Math.min(max, min + rng.int(Math.max(1, max - min + 1)));
  const alphabet = "abcdefghij KLMNOP0123456789-_.éü€\u0000";
  let s = "";
  for (let i = 0; i < length; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

let t: TestApp;
let org: TestOrganization;
let known: string[] = [];
let operations: { method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  t = await startTestApp({
    rateLimitPerMinute: 1_000_000,
    env: { STRIPE_WEBHOOK_SECRET: "whsec_fuzz_0123456789" },
  });
  org = await createOrganization(t, "Fuzz Local");
  const grievance = await org.member.client.post("/api/grievances", {
    name: "Pat Doe",
    badgeNumber: "B-1",
    jobTitle: "Other",
    department: "Other",
    location: "Other",
    description: "A description long enough",
    remedy: "A remedy long enough",
  });
  const doc = (await t.client().get("/api/openapi.json")).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  known = [
    org.id,
    org.admin.id,
    org.member.id,
    org.inviteCode,
    grievance.json().id ?? "G-2026-0001",
    randomUUID(),
  ];
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      // The event stream never ends; tests/api/live-events.test.ts covers it.
      .filter(([, _op]) => path !== "/api/events")
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}, 60_000);
afterAll(() => t?.close());

/** Cursors of the right shape whose date PostgreSQL would refuse. */
const ODD_CURSORS = [
  "2026-13-45T25:61:00.000000Z",
  "2026-02-30T10:00:00.000000Z",
  "0000-00-00T00:00:00.000000Z",
].map((key) => encodeCursor({ key, id: "0b8f0c4e-8c1a-4b7e-9a55-2f4c0c7d9e11" }));

/** better-auth's routes behind the one /api/auth/{*} operation. */
const AUTH_PATHS = [
  "sign-in/email",
  "sign-up/email",
  "update-user",
  "change-password",
  "request-password-reset",
  "reset-password",
  "two-factor/verify-totp",
  "two-factor/enable",
  "send-verification-email",
  "get-session",
  "revoke-sessions",
  "%00",
];

const PATH_VALUES = [
  "%00",
  "a%00b",
  "x".repeat(300),
  "%E0%A4%A",
  "..%5C..%5Cetc",
  "0",
  "-1",
  "%20",
  "G-9999-9999",
  "%F0%9F%92%A9",
];

function requestFor(
  entry: (typeof operations)[number],
  rng: Rng,
): { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer } {
  let url = entry.path
    .replace("{*}", () => rng.pick(AUTH_PATHS))
    .replace(/\{(\w+)\}/g, () =>
      rng.chance(0.5) ? encodeURIComponent(rng.pick(known)) : rng.pick(PATH_VALUES),
    );
  const query = new URLSearchParams();
  for (const p of entry.op.parameters ?? []) {
    if (p.in !== "query" || rng.chance(0.3)) continue;
    const value = generate(p.schema, rng);
    query.set(p.name, typeof value === "string" ? value : JSON.stringify(value));
  }
  if (rng.chance(0.1))
    query.set(rng.pick(["cursor", "q", "status", "limit"]), rng.pick(ODD_STRINGS));
  if (rng.chance(0.1)) query.set("cursor", rng.pick(ODD_CURSORS));
  const qs = query.toString();
  if (qs) url += `?${qs}`;
  if (rng.chance(0.05)) url += rng.pick(["&x=%00", "&&&", "?%"]);

  const headers: Record<string, string> = { origin: APP_URL };
  const asWho = rng.next();
  const person = asWho < 0.6 ? org.admin : asWho < 0.8 ? org.member : null;
  if (person) headers.cookie = person.client.cookieHeader();
  if (entry.method === "GET" || entry.method === "DELETE")
    return { method: entry.method, url, headers };

  const bodyKind = rng.next();
  const json = entry.op.requestBody?.content["application/json"];
  if (bodyKind < 0.06) {
    headers["content-type"] = "multipart/form-data";
    return { method: entry.method, url, headers, payload: "--x\r\nno boundary" };
  }
  if (bodyKind < 0.12) {
    headers["content-type"] = "multipart/form-data; boundary=XYZ";
    return {
      method: entry.method,
      url,
      headers,
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 never ends',
    };
  }
  if (bodyKind < 0.17) {
    headers["content-type"] = "application/json";
    return {
      method: entry.method,
      url,
      headers,
      payload: `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
    };
  }
  if (bodyKind < 0.22) {
    headers["content-type"] = "application/json";
    return {
      method: entry.method,
      url,
      headers,
      payload: rng.pick(['{"a":', "\u0000", "nul", '{"x":"\\u0000"}']),
    };
  }
  headers["content-type"] = "application/json";
  return {
    method: entry.method,
    url,
    headers,
    payload: JSON.stringify(generate(json?.schema ?? { type: "object" }, rng)),
  };
}

/* ---- Two families in every field (issue 28): half a surrogate pair, and years 0000 to 0099 ---- */

const SURROGATES = ["\uD800", "a\uDC00b", "\uDBFF\uDBFF", "\uDFFF"];
/** The same, as a client puts them in a URL: the UTF-8 bytes a lone surrogate would have. */
const SURROGATE_QUERY = ["%ED%A0%80", "a%ED%B0%80b"];
const EARLY_YEARS = ["0000-01-01", "0001-01-01", "0012-02-29", "0050-06-15", "0099-12-31"];
const DAY_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";

const isDate = (schema: Schema) => schema.format === "date" || schema.pattern === DAY_PATTERN;
const typesOf = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A value the schema accepts, as far as its shape says: the base each family bends. */
function plausible(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const first = options.find((o) => !typesOf(o).includes("null")) ?? options[0];
    return plausible(first, depth + 1);
  }
  if (schema.allOf) return plausible(schema.allOf[0], depth + 1);
  switch (typesOf(schema)[0]) {
    case "string":
      if (isDate(schema)) return "2026-11-20";
      if (schema.format === "uuid") return randomUUID();
      if (schema.format === "email") return "pat@example.org";
      if (schema.format === "uri") return "https://example.org";
      if (schema.format === "date-time") return "2026-11-20T10:00:00Z";
      return "Plausible text for a field"
        .padEnd(schema.minLength ?? 0, "x")
        .slice(0, schema.maxLength ?? 400);
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return true;
    case "array":
      return [plausible(schema.items, depth + 1)];
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, p]) => [k, plausible(p, depth + 1)]),
      );
    default:
      return "x";
  }
}

type Leaf = { path: (string | number)[]; date: boolean };

/** Every string field of a schema (inside objects, arrays and unions), and whether it is a date. */
function stringLeaves(schema: Schema | undefined, path: Leaf["path"] = [], depth = 0): Leaf[] {
  if (!schema || depth > 8) return [];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) {
    // A union's first non-null branch is the one plausible() builds.
    const first = options.find((o) => !typesOf(o).includes("null")) ?? options[0];
    const dateInside = options.some(isDate);
    return dateInside ? [{ path, date: true }] : stringLeaves(first, path, depth + 1);
  }
  const type = typesOf(schema)[0];
  if (type === "string" && !schema.enum && schema.const === undefined)
    return [{ path, date: isDate(schema) }];
  if (type === "array") return stringLeaves(schema.items, [...path, 0], depth + 1);
  if (type === "object")
    return Object.entries(schema.properties ?? {}).flatMap(([k, p]) =>
      stringLeaves(p, [...path, k], depth + 1),
    );
  return [];
}

function setAt(value: unknown, path: Leaf["path"], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = leaf;
  return copy;
}

/** better-auth's bodies (its one OpenAPI operation has no schema): every field a string. */
const AUTH_BODIES: Record<string, Record<string, string>> = {
  "sign-up/email": { name: "Pat Doe", email: "fuzz-new@example.org", password: "Fuzz-Pass-2026" },
  "sign-in/email": { email: "fuzz-new@example.org", password: "Fuzz-Pass-2026" },
  "request-password-reset": { email: "fuzz-new@example.org", redirectTo: "/reset-password" },
  "reset-password": { token: "abc", newPassword: "Fuzz-Pass-2027" },
  "update-user": { name: "Pat Doe" },
  "change-password": { currentPassword: "Fuzz-Pass-2026", newPassword: "Fuzz-Pass-2027" },
};

/** Where the document names a date, as "METHOD /path field" (filled as requests are made). */
const dateFields = new Set<string>();

/** Each string field of each operation with each lone surrogate, each date with early years. */
function familyRequests(entry: (typeof operations)[number]) {
  const out: { method: string; url: string; headers: Record<string, string>; payload?: string }[] =
    [];
  const headers: Record<string, string> = {
    origin: APP_URL,
    cookie: org.admin.client.cookieHeader(),
  };
  const known0 = known[4] ?? "G-2026-0001";
  const basePath = entry.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(known0));
  // Each path parameter in turn, as the bytes half a pair would have in UTF-8.
  for (const name of entry.path.match(/\{(\w+)\}/g) ?? []) {
    for (const value of SURROGATE_QUERY) {
      const url = entry.path
        .replace(name, value)
        .replace(/\{(\w+)\}/g, () => encodeURIComponent(known0))
        .replace("{*}", "sign-in/email");
      out.push({ method: entry.method, url, headers });
    }
  }
  const params = (entry.op.parameters ?? []).filter((p) => p.in === "query");
  const baseQuery = Object.fromEntries(
    params.map((p) => [p.name, String(plausible(p.schema))] as const),
  );
  for (const p of params) {
    if (!p.schema || !typesOf(p.schema).includes("string")) continue;
    const values = isDate(p.schema) ? EARLY_YEARS : SURROGATE_QUERY;
    if (isDate(p.schema)) dateFields.add(`${entry.method} ${entry.path} ?${p.name}`);
    for (const value of values) {
      const qs = Object.entries({ ...baseQuery, [p.name]: "__" })
        .map(([k, v]) => `${encodeURIComponent(k)}=${v === "__" ? value : encodeURIComponent(v)}`)
        .join("&");
      out.push({ method: entry.method, url: `${basePath}?${qs}`, headers });
    }
  }
  if (entry.method === "GET" || entry.method === "DELETE") return out;
  const jsonHeaders = { ...headers, "content-type": "application/json" };
  if (entry.path.includes("{*}")) {
    for (const [route, body] of Object.entries(AUTH_BODIES)) {
      for (const key of Object.keys(body)) {
        for (const bad of SURROGATES) {
          out.push({
            method: "POST",
            url: `/api/auth/${route}`,
            headers: jsonHeaders,
            payload: JSON.stringify({ ...body, [key]: bad }),
          });
        }
      }
    }
    return out;
  }
  const schema = entry.op.requestBody?.content["application/json"]?.schema;
  if (!schema) return out;
  const base = plausible(schema);
  for (const leaf of stringLeaves(schema)) {
    if (leaf.date) dateFields.add(`${entry.method} ${entry.path} ${leaf.path.join(".")}`);
    for (const bad of leaf.date ? EARLY_YEARS : SURROGATES) {
      out.push({
        method: entry.method,
        url: basePath,
        headers: jsonHeaders,
        payload: JSON.stringify(setAt(base, leaf.path, bad)),
      });
    }
  }
  return out;
}

describe("fuzzing every OpenAPI operation", () => {
  it("answers lone surrogates in every string field, years 0000-0099 in every date, with 4xx", async () => {
    const failures: string[] = [];
    let sent = 0;
    let dates = 0;
    for (const entry of operations) {
      const requests = familyRequests(entry);
      for (let i = 0; i < requests.length; i += 10) {
        const batch = requests.slice(i, i + 10);
        const answers = await Promise.all(batch.map((r) => t.app.inject(r as never)));
        answers.forEach((res, j) => {
          sent += 1;
          const r = batch[j];
          if (EARLY_YEARS.some((y) => `${r?.url}${r?.payload ?? ""}`.includes(y))) dates += 1;
          if (res.statusCode >= 500) {
            failures.push(
              `${res.statusCode} ${r?.method} ${r?.url.slice(0, 120)} ${String(r?.payload ?? "").slice(0, 160)} -> ${res.body.slice(0, 200)}`,
            );
          }
        });
      }
    }
    console.info(
      `fuzz families: ${sent} requests (${dates} with early years), ${failures.length} of 5xx`,
    );
    expect(failures.slice(0, 40)).toEqual([]);
    // Every date field of the document (website set-up dates are inside a free-form record:
    // tests/api/hardening-second-round.test.ts sends them).
    expect([...dateFields].sort()).toEqual([
      "GET /api/procedure/deadline-preview ?from",
      "GET /api/reports/grievances ?from",
      "GET /api/reports/grievances ?to",
      "GET /api/reports/summary ?from",
      "GET /api/reports/summary ?to",
      "POST /api/grievances incidentDate",
      "POST /api/grievances/{id}/answer/correct receivedOn",
      "POST /api/grievances/{id}/close remedy.dueDate",
      "POST /api/grievances/{id}/contacts date",
      "POST /api/grievances/{id}/extensions newDueDate",
      "POST /api/grievances/{id}/information-requests servedOn",
      "POST /api/grievances/{id}/response receivedOn",
      "POST /api/information-requests/{id}/items/{itemId} answeredOn",
      "POST /api/information-requests/{id}/serve servedOn",
      "PUT /api/organization/procedure closures.0.date",
      "PUT /api/organization/procedure holidays.added.0.date",
      "PUT /api/organization/procedure holidays.removed.0",
    ]);
    expect(dates).toBe(dateFields.size * EARLY_YEARS.length);
    expect(sent).toBeGreaterThan(400);
  }, 120_000);

  it(`answers ${PER_OPERATION} odd requests per operation without a single 5xx`, async () => {
    const rng = random(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const entry of operations) {
      const requests = Array.from({ length: PER_OPERATION }, () => requestFor(entry, rng));
      for (let i = 0; i < requests.length; i += 10) {
        const batch = requests.slice(i, i + 10);
        const answers = await Promise.all(batch.map((r) => t.app.inject(r as never)));
        answers.forEach((res, j) => {
          sent += 1;
          if (res.statusCode >= 500) {
            const r = batch[j];
            failures.push(
              `${res.statusCode} ${r?.method} ${r?.url.slice(0, 120)} ${String(r?.payload ?? "").slice(0, 120)} -> ${res.body.slice(0, 200)}`,
            );
          }
        });
      }
    }
    console.info(
      `fuzz: ${operations.length} operations, ${sent} requests, ${failures.length} answers of 5xx`,
    );
    expect(sent).toBeGreaterThanOrEqual(operations.length * PER_OPERATION);
    expect(operations.length).toBeGreaterThan(40);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 120_000);
});
