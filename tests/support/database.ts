import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { appLoginUrl } from "../../src/server/db/connection.ts";
import { TEMPLATE_DATABASE } from "./global-db.ts";

/**
 * A fresh database cloned from the migrated template; answers its owner connection string
 * and the application role's (`appUrl`).
 */
export async function createTestDatabase(): Promise<{
  url: string;
  appUrl: string;
  drop(): Promise<void>;
}> {
  const serverUrl = inject("pgServerUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    appUrl: appLoginUrl(url.toString(), inject("appPassword")),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // A pool's end() resolves before its sockets have closed: give them a moment, or FORCE
      // terminates a client mid-goodbye and its 'error' has nobody left to hear it.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
