import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { renderSchemaTypes, SCHEMA_TYPES_FILE } from "../../../scripts/db-types.ts";
import { createTestDatabase } from "../../../tests/support/database.ts";

// The run's template database was migrated by tests/support/global-db.ts; a clone of it is
// what the migrations make today, so the checked-in types must be generated from exactly that.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it("schema.generated.ts is generated from the current migrations (else: npm run db:types)", async () => {
  const current = await renderSchemaTypes(database.url);
  expect(readFileSync(SCHEMA_TYPES_FILE, "utf8")).toBe(current);
});
