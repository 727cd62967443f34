import closeWithGrace from "close-with-grace";
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
  // A signal (Ctrl-C, SIGTERM), an uncaught error or an emptied event loop closes the app,
  // then the database, the embedded cluster last; a second signal or 15 s force the exit.
  closeWithGrace(
    { delay: 15_000, logger: { error: (message: unknown) => log.error(message) } },
    async ({ signal, err }) => {
      if (err) log.error({ err }, "closing after an uncaught error");
      else if (onTerminal) console.log("Stopping UnionHall...");
      else log.info({ signal }, "shutting down");
      await server.close();
    },
  );
} catch (error) {
  log.fatal({ err: error }, "UnionHall could not start");
  process.exit(1);
}
