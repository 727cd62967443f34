import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const DEFAULT_SALES_EMAIL = "sales@unionhall.local";

/** Every setting the server reads, checked once at boot. The README's table mirrors this. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  APP_URL: z
    .url({ message: "APP_URL must be a full URL such as https://portal.example.org" })
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  /** The application role's own login (decision 013); without it the server provisions one. */
  APP_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "APP_DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("UnionHall <no-reply@unionhall.local>"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** product-decisions.md 23: with a code set, / shows the access gate; without one, the landing page. */
  SITE_ACCESS_CODE: z
    .string()
    .regex(/^\d{6}$/, "SITE_ACCESS_CODE must be six digits")
    .optional(),
  /** Where contact requests, Founders applications and website set-ups are sent. */
  SALES_EMAIL: z
    .email({ message: "SALES_EMAIL must be an email address" })
    .default(DEFAULT_SALES_EMAIL),
  /** File storage each organization may use for documents and attachments, in MB. */
  ORG_STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(5120),
  /** Worker threads that make case files (issue 28); by default one per core but one. */
  CASE_FILE_WORKERS: z.coerce.number().int().min(1).max(32).optional(),
  /** Each case-file worker's JavaScript memory limit, in MB (images are decoded by libvips). */
  CASE_FILE_MEMORY_MB: z.coerce.number().int().min(64).max(8192).default(256),
  /** Uploaded files: on disk under DATA_DIR/files, or in an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(["disk", "s3"]).default("disk"),
  S3_ENDPOINT: z
    .url({ message: "S3_ENDPOINT must be a URL such as https://s3.example.org" })
    .optional(),
  S3_BUCKET: z.string().min(1).max(63).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  /** Billing (product-decisions.md 21): Stripe when set; without it, the built-in test-mode checkout. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /**
   * stripe: real payments (needs STRIPE_SECRET_KEY); test: the labelled test-mode checkout;
   * off: a union running its own copy (no plans, trials or limits). Production names one.
   */
  BILLING_MODE: z.enum(["stripe", "test", "off"]).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Prometheus metrics on their own port (issue 32), bound to METRICS_HOST (127.0.0.1 unless
   * set), and/or at /metrics on the app's port behind `Authorization: Bearer METRICS_TOKEN`.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Another Stripe API address (tests point the SDK at a fake Stripe server). */
  STRIPE_API_BASE: z
    .url({ message: "STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111" })
    .optional(),
});

export type RawEnv = z.infer<typeof EnvSchema>;

export type BillingMode = "stripe" | "test" | "off";

export interface Env
  extends Omit<RawEnv, "APP_URL" | "AUTH_SECRET" | "SEED_DEMO" | "BILLING_MODE"> {
  APP_URL: string;
  BILLING_MODE: BillingMode;
  AUTH_SECRET: string;
  SEED_DEMO: boolean;
  isProduction: boolean;
}

export class EnvError extends Error {}

/** Parses the environment; throws one readable error listing every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const raw = result.data;
  const missingS3 = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
    (key) => raw.STORAGE_DRIVER === "s3" && !raw[key],
  );
  if (missingS3.length > 0) {
    const lines = missingS3.map((key) => `  ${key}: required when STORAGE_DRIVER=s3`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const isProduction = raw.NODE_ENV === "production";
  const billingMode = resolveBillingMode(raw, isProduction);
  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    ...raw,
    DATA_DIR: dataDir,
    APP_URL: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    AUTH_SECRET: raw.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    SEED_DEMO: raw.SEED_DEMO ?? !isProduction,
    BILLING_MODE: billingMode,
    isProduction,
  };
}

/**
 * Billing fails closed: a production server without a Stripe key does not fall back to the
 * test-mode checkout (which hands out paid plans for free); it refuses to start until
 * BILLING_MODE names the choice.
 */
function resolveBillingMode(raw: RawEnv, isProduction: boolean): BillingMode {
  const mode =
    raw.BILLING_MODE ?? (raw.STRIPE_SECRET_KEY ? "stripe" : isProduction ? null : "test");
  if (mode === null) {
    throw new EnvError(
      "Invalid configuration:\n  BILLING_MODE: in production set STRIPE_SECRET_KEY (BILLING_MODE=stripe), or BILLING_MODE=test (test-mode checkout, no real payment) or BILLING_MODE=off (no plans, trials or limits)",
    );
  }
  if (mode === "stripe" && !raw.STRIPE_SECRET_KEY) {
    throw new EnvError(
      "Invalid configuration:\n  STRIPE_SECRET_KEY: required when BILLING_MODE=stripe",
    );
  }
  return mode;
}

/** Without AUTH_SECRET the server keeps a generated one in DATA_DIR, so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
