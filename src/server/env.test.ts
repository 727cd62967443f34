import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "unionhall-env-"));

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const dir = tempDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.NODE_ENV).toBe("development");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("generates AUTH_SECRET once, keeps it in DATA_DIR and reuses it", () => {
    const dir = tempDir();
    const first = parseEnv({ DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
    const file = path.join(dir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("lists every bad variable in one clear error", () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SMTP_URL: "http://mail",
        AUTH_SECRET: "short",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL must start with postgres:// or postgresql://");
    expect(message).toContain("SMTP_URL must start with smtp:// or smtps://");
    expect(message).toContain("AUTH_SECRET must be at least 32 characters");
  });

  it("turns demo data off in production unless asked", () => {
    const secret = "x".repeat(40);
    expect(
      parseEnv({
        NODE_ENV: "production",
        AUTH_SECRET: secret,
        BILLING_MODE: "off",
        DATA_DIR: tempDir(),
      }).SEED_DEMO,
    ).toBe(false);
    expect(
      parseEnv({
        NODE_ENV: "production",
        AUTH_SECRET: secret,
        SEED_DEMO: "true",
        BILLING_MODE: "test",
        DATA_DIR: tempDir(),
      }).SEED_DEMO,
    ).toBe(true);
  });

  it("drops a trailing slash from APP_URL", () => {
    expect(parseEnv({ APP_URL: "https://portal.example.org/", DATA_DIR: tempDir() }).APP_URL).toBe(
      "https://portal.example.org",
    );
  });
});

describe("BILLING_MODE (billing fails closed)", () => {
  const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) };

  it("refuses to start in production without a Stripe key or an explicit mode, naming the choices", () => {
    expect(() => parseEnv({ ...production, DATA_DIR: tempDir() })).toThrow(EnvError);
    expect(() => parseEnv({ ...production, DATA_DIR: tempDir() })).toThrow(
      /STRIPE_SECRET_KEY.*BILLING_MODE=stripe.*BILLING_MODE=test.*BILLING_MODE=off/,
    );
  });

  it("is stripe with a key, test by default in development, and what production names", () => {
    const dir = tempDir();
    expect(parseEnv({ ...production, STRIPE_SECRET_KEY: "sk_x", DATA_DIR: dir }).BILLING_MODE).toBe(
      "stripe",
    );
    expect(parseEnv({ DATA_DIR: dir }).BILLING_MODE).toBe("test");
    expect(parseEnv({ ...production, BILLING_MODE: "off", DATA_DIR: dir }).BILLING_MODE).toBe(
      "off",
    );
    expect(() => parseEnv({ BILLING_MODE: "stripe", DATA_DIR: dir })).toThrow(
      /STRIPE_SECRET_KEY: required when BILLING_MODE=stripe/,
    );
  });
});
