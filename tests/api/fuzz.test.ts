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

describe("fuzzing every OpenAPI operation", () => {
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
