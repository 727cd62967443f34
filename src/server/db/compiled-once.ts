import { createHash } from "node:crypto";
import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { NamedQuery } from "./bound-statements.ts";

/** What a query's caller binds per call: text or numbers, or null/undefined when absent. */
type Values = Record<string, string | number | null | undefined>;

interface Entry {
  query: NamedQuery;
  /** Each parameter in order: a value's name, or a constant of the code's. */
  slots: ({ name: string } | { constant: unknown })[];
}

const MARKER = (name: string) => `\u0000slot:${name}\u0000`;
const OTHER_MARKER = (name: string) => `\u0000\u0000other:${name}\u0000\u0000`;
const SLOT_START = "\u0000slot:";
/** The value's name a marker stands for, if `p` is one. */
const markedName = (p: unknown) =>
  typeof p === "string" && p.startsWith(SLOT_START) && p.endsWith("\u0000")
    ? p.slice(SLOT_START.length, -1)
    : undefined;
const MAX_SHAPES = 256;

/**
 * A hot query built and compiled by Kysely once per shape, then run with each call's values
 * (issue 35: building, the camel-case plugin's pass over the tree and compiling cost the list
 * more than PostgreSQL's planning). `build` may branch on `shape` (part of the cache key) and
 * on whether each value is present (also in the key), never on a value itself: it is built
 * with a marker in place of each present value, and a parameter made from a value must be its
 * marker, unchanged. A value used any other way (transformed, or written into the SQL text) is
 * refused with an error, not cached, so one call's value can never reach another.
 * Rows come back through the database's plugins as from Kysely's own execute. Each statement
 * is named by its text, so a bound-statements read (db/bound-statements.ts) keeps it prepared
 * on the connection; for PostgreSQL to settle on a generic plan, keep what sizes the plan
 * (a LIMIT) in the shape and in the SQL text (`sql.lit`), not among the values.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database's handle (its plugins run the rows)
export class CompiledOnce<K extends Kysely<any>, S, V extends Values, R> {
  readonly #entries = new Map<string, Entry>();
  constructor(private readonly build: (db: K, shape: S, values: V) => Compilable<R>) {}

  async execute(db: K, shape: S, values: V): Promise<R[]> {
    const names = Object.keys(values).sort();
    const key = JSON.stringify([shape, names.map((n) => values[n] != null)]);
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = this.#compile(db, shape, values);
      if (this.#entries.size < MAX_SHAPES) this.#entries.set(key, entry);
    }
    const parameters = entry.slots.map((slot) =>
      "name" in slot ? values[slot.name] : slot.constant,
    );
    const { rows } = await db.executeQuery<R>({ ...entry.query, parameters });
    return rows;
  }

  /**
   * Built twice with different markers: what differs between the two compilations comes from
   * the values and must be a marker, unchanged; what is equal in both (a format given as a
   * parameter, say) comes from the code and is kept as it is.
   */
  #compile(db: K, shape: S, values: V): Entry {
    const [query, other] = [MARKER, OTHER_MARKER].map((mark) => {
      const markers = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, value == null ? value : mark(name)]),
      ) as V;
      return this.build(db, shape, markers).compile();
    }) as [CompiledQuery, CompiledQuery];
    if (query.sql !== other.sql || query.sql.includes("\u0000")) {
      throw new Error("a value was written into the SQL text");
    }
    const slots = query.parameters.map((p, i) => {
      const name = markedName(p);
      if (name !== undefined && other.parameters[i] === OTHER_MARKER(name)) return { name };
      if (p === other.parameters[i]) return { constant: p };
      throw new Error(`a parameter is made from a value, not the value itself: ${String(p)}`);
    });
    const statementName = `co_${createHash("sha256").update(query.sql).digest("hex").slice(0, 32)}`;
    return { query: { ...query, statementName }, slots };
  }
}
