import type { TRosterFields, TRosterUpdate } from "../../../shared/schemas/roster.ts";
import { RosterMessages, type ZRosterUpdate } from "../../../shared/schemas/roster.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { type CursorShape, decodeCursor, isUuid, page } from "../../lib/pagination.ts";
import { countPeople, findPerson, listPeopleRows, type RosterFilter, toPerson } from "./repo.ts";

const ROSTER_CURSOR: CursorShape = { key: "text", id: "uuid" };

/** One page of the roster by name, and how many people match in all. */
export function listRoster(
  db: DB,
  organizationId: string,
  query: RosterFilter & { limit: number; cursor?: string },
) {
  const { limit, cursor, ...filter } = query;
  const after = decodeCursor(cursor, ROSTER_CURSOR);
  return withTenant(db, organizationId, async (trx) => {
    const rows = await listPeopleRows(trx, organizationId, filter, limit, after);
    const { items, nextCursor } = page(rows, limit, (p) => ({ key: p.name, id: p.id }));
    return {
      items: items.map(toPerson),
      nextCursor,
      total: await countPeople(trx, organizationId, filter),
    };
  });
}

/** A unique index refused the write: which field, in the roster's words (400, nothing written). */
export function uniqueViolation(error: unknown): AppError | null {
  const e = error as { code?: string; constraint?: string };
  if (e.code !== "23505") return null;
  if (e.constraint === "people_badge_key")
    return new AppError(409, "CONFLICT", RosterMessages.badgeTaken, {
      badgeNumber: RosterMessages.badgeTaken,
    });
  if (e.constraint === "people_email_key")
    return new AppError(409, "CONFLICT", RosterMessages.emailTaken, {
      email: RosterMessages.emailTaken,
    });
  return null;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

export function addPerson(db: DB, organizationId: string, input: TRosterFields) {
  return guarded(() =>
    withTenant(db, organizationId, async (trx) => {
      const row = await trx
        .insertInto("people")
        .values({ organizationId, ...input })
        .returning("id")
        .executeTakeFirstOrThrow();
      const person = await findPerson(trx, organizationId, row.id);
      if (!person) throw notFound(RosterMessages.notFound);
      return toPerson(person);
    }),
  );
}

/** Edits a person; `status: left` keeps them and their grievances (product-decisions.md 32). */
export function updatePerson(
  db: DB,
  organizationId: string,
  id: string,
  input: ReturnType<typeof ZRosterUpdate.parse>,
) {
  if (!isUuid(id)) throw notFound(RosterMessages.notFound);
  return guarded(() =>
    withTenant(db, organizationId, async (trx) => {
      const before = await findPerson(trx, organizationId, id);
      if (!before) throw notFound(RosterMessages.notFound);
      const { status, ...fields } = input;
      const changes: Record<string, unknown> = { ...fields, updatedAt: new Date() };
      if (status && status !== before.status) {
        changes.status = status;
        changes.leftAt = status === "left" ? new Date() : null;
      }
      await trx
        .updateTable("people")
        .set(changes)
        .where("organizationId", "=", organizationId)
        .where("id", "=", id)
        .execute();
      const person = await findPerson(trx, organizationId, id);
      if (!person) throw notFound(RosterMessages.notFound);
      return toPerson(person);
    }),
  );
}

export type { TRosterUpdate };
