import type { Logger } from "pino";
import type { DatabaseHandle } from "../../db/connection.ts";
import type { Env } from "../../env.ts";
import { createAuth } from "./auth.ts";

/** The Vite dev server (npm run dev) serves the SPA from its own origin. */
export const DEV_WEB_ORIGINS = ["http://localhost:5173", "http://127.0.0.1:5173"];

/** The auth instance the server and the seed command share, configured from the environment. */
export function authFromEnv(env: Env, database: DatabaseHandle, log: Logger) {
  return createAuth({
    appUrl: env.APP_URL,
    secret: env.AUTH_SECRET,
    pool: database.pool,
    db: database.db,
    log,
    isProduction: env.isProduction,
    extraOrigins: env.isProduction ? [] : DEV_WEB_ORIGINS,
    rateLimitPerMinute: env.AUTH_RATE_LIMIT,
  });
}
