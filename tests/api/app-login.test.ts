import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { provisionAppLogin } from "../../src/server/db/connection.ts";

// Several instances started together (a deploy, a restart of all) each give the app role its
// login as they start: PostgreSQL refused all but one ('tuple concurrently updated'), and the
// others did not start (tests/process/multi-server.test.ts met it).
describe("the app role's login", () => {
  it("is given by eight instances starting at once, and each can log in with it", async () => {
    // The run's own password: the role belongs to the whole cluster, which other files share.
    const password = inject("appPassword");
    const urls = await Promise.all(
      Array.from({ length: 8 }, () => provisionAppLogin(inject("pgServerUrl"), password)),
    );
    for (const url of urls) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ user: string }>('SELECT current_user AS "user"');
      await client.end();
      expect(rows[0]?.user).toBe("unionhall_app");
    }
  });
});
