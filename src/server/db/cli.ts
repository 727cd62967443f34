import { parseEnv } from "../env.ts";
import { authFromEnv } from "../lib/auth/from-env.ts";
import { createLogger } from "../lib/logger.ts";
import { storageFromEnv } from "../lib/storage/from-env.ts";
import { openDatabase } from "./connection.ts";
import { seedDemo } from "./seed/demo.ts";

/** `npm run db:migrate` and `npm run db:seed` (the server also does both at start; opening migrates). */
const command = process.argv[2];
const env = parseEnv();
const log = createLogger({ level: "info", pretty: process.stdout.isTTY === true });
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  appDatabaseUrl: env.APP_DATABASE_URL,
  authSecret: env.AUTH_SECRET,
  dataDir: env.DATA_DIR,
  log,
});
try {
  if (command === "seed") {
    const auth = authFromEnv(env, database, log);
    const created = await seedDemo(database.db, auth, log, {
      storage: storageFromEnv(env),
      appUrl: env.APP_URL,
    });
    if (!created) log.info("the database already has users: demo data not created");
  }
} finally {
  await database.close();
}
