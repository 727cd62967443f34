import { EnvError, parseEnv } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { startServer } from "./server.ts";
import { startBanner } from "./start-banner.ts";

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}

// On a terminal in development: the start-up steps are logged only when something is wrong, and
// a short banner says where to go and how to sign in. Otherwise JSON lines, as configured.
const onTerminal = !env.isProduction && process.stdout.isTTY === true;
const quietStart = onTerminal && !process.env.LOG_LEVEL;
const log = createLogger({ level: quietStart ? "warn" : env.LOG_LEVEL, pretty: onTerminal });

try {
  const server = await startServer(env, log);
  if (onTerminal) {
    console.log(`\n${startBanner(env)}\n`);
    log.level = env.LOG_LEVEL;
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (onTerminal) console.log("Stopping UnionHall...");
    else log.info({ signal }, "shutting down");
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
