import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  FUNCTIONS_FILE,
  liveDefinitions,
  parseLiveSql,
  readLiveSql,
} from "../../../scripts/db-functions.ts";
import { createTestDatabase } from "../../../tests/support/database.ts";

// A clone of the run's template database, which tests/support/global-db.ts migrated: what the
// migrations make today. functions.sql must hold each function and trigger as it is there.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it("functions.sql holds every live function and trigger body (else: npm run db:functions)", async () => {
  const live = liveDefinitions(await readLiveSql(database.url));
  const file = parseLiveSql(readFileSync(FUNCTIONS_FILE, "utf8"));
  // The functions the migrations left and at least the search's and the counts' triggers.
  expect(live.size).toBeGreaterThan(60);
  expect(live.get("function grievance_search_count(text,text,text,text,integer)")).toContain(
    "CREATE OR REPLACE FUNCTION public.grievance_search_count",
  );
  expect(Object.fromEntries(file)).toEqual(Object.fromEntries(live));
});

it("reads a whitespace-only edit as the same body, and a changed body or trigger as a difference", () => {
  const text = readFileSync(FUNCTIONS_FILE, "utf8");
  const same = parseLiveSql(text.replace(/\n {2}/g, "\n\t  ").replace(/ AS /g, "  AS\n"));
  expect(Object.fromEntries(same)).toEqual(Object.fromEntries(parseLiveSql(text)));
  const changed = parseLiveSql(text.replace("RETURN NEW", "RETURN OLD"));
  expect(Object.fromEntries(changed)).not.toEqual(Object.fromEntries(parseLiveSql(text)));
  const trigger = parseLiveSql(
    text.replace("AFTER DELETE OR UPDATE ON users", "AFTER DELETE ON users"),
  );
  expect(Object.fromEntries(trigger)).not.toEqual(Object.fromEntries(parseLiveSql(text)));
});
