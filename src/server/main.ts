import { EnvError, parseEnv } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { startServer } from "./server.ts";

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}

const log = createLogger({
  level: env.LOG_LEVEL,
  pretty: !env.isProduction && process.stdout.isTTY === true,
});

try {
  const server = await startServer(env, log);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (error) {
  log.fatal({ err: error }, "UnionHall could not start");
  process.exit(1);
}
