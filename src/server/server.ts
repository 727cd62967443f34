import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "pino";
import { type AppInstance, buildApp } from "./app.ts";
import { type DatabaseHandle, openDatabase } from "./db/connection.ts";
import { seedDemo } from "./db/seed/demo.ts";
import type { Env } from "./env.ts";
import { startJobs } from "./jobs.ts";
import { startAuthCache } from "./lib/auth/auth-cache.ts";
import { authFromEnv } from "./lib/auth/from-env.ts";
import { startEventHub } from "./lib/events/hub.ts";
import { createTransport } from "./lib/mail/transport.ts";
import { type MailWorker, startMailWorker } from "./lib/mail/worker.ts";
import { createMetrics, serveMetrics } from "./lib/metrics.ts";
import { storageFromEnv } from "./lib/storage/from-env.ts";
import { caseFilePool } from "./modules/grievances/index.ts";
import { backupLine } from "./start-banner.ts";

export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/web");

export interface RunningServer {
  app: AppInstance;
  database: DatabaseHandle;
  mail: MailWorker;
  url: string;
  close(): Promise<void>;
}

/** database -> migrations -> auth -> seed -> mail worker -> app -> listen. */
export async function startServer(env: Env, log: Logger): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    appDatabaseUrl: env.APP_DATABASE_URL,
    authSecret: env.AUTH_SECRET,
    dataDir: env.DATA_DIR,
    log,
    // A process test picks a free port for PORT and frees it; the cluster's own pick must not
    // take it back (restart.test.ts once failed with EADDRINUSE on the server's port).
    serverPorts: [env.PORT, env.METRICS_PORT ?? 0].filter((p) => p > 0),
  });
  try {
    const auth = authFromEnv(env, database, log);
    const storage = storageFromEnv(env);
    if (env.SEED_DEMO) await seedDemo(database.db, auth, log, { storage, appUrl: env.APP_URL });
    const transport = createTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log });
    const mail = startMailWorker({ db: database.db, transport, log });
    const metrics = createMetrics();
    metrics.watch({ db: database.db, pool: database.pool });
    if (!env.SMTP_URL) {
      log.info(
        env.isProduction
          ? "SMTP_URL is not set: mail is written to the log only"
          : `SMTP_URL is not set: mail is shown at ${env.APP_URL}/dev/mailbox and in the log`,
      );
    }
    const events = await startEventHub(database.appUrl, log);
    const authCache = await startAuthCache(database.appUrl, log);
    const app = await buildApp({
      env,
      db: database.db,
      auth,
      log,
      storage,
      events,
      authCache: authCache.cache,
      webDir: WEB_DIR,
      metrics,
      checkMail: () => transport.verify(),
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    const metricsServer = env.METRICS_PORT
      ? await serveMetrics(metrics, env.METRICS_PORT, env.METRICS_HOST)
      : null;
    if (metricsServer)
      log.info(`Metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);
    log.info(`UnionHall is running on ${env.APP_URL}`);
    log.info(backupLine(env));
    // With billing off there are no trials to end.
    const jobs = startJobs({
      db: database.db,
      storage,
      caseFiles: caseFilePool(app),
      onRun: metrics.jobRun,
      // The embedded default backs itself up (issue 32); an external database is the provider's.
      backup: env.DATABASE_URL
        ? undefined
        : {
            db: database.db,
            ownerUrl: database.ownerUrl,
            dataDir: env.DATA_DIR,
            bucket: env.STORAGE_DRIVER === "s3" ? storage : null,
            log,
          },
      appUrl: env.APP_URL,
      log,
      trialNotices: env.BILLING_MODE !== "off",
    });
    return {
      app,
      database,
      mail,
      url: env.APP_URL,
      async close() {
        await app.close();
        await new Promise((resolve) =>
          metricsServer ? metricsServer.close(resolve) : resolve(null),
        );
        await events.close();
        await authCache.close();
        await jobs.stop();
        await mail.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
