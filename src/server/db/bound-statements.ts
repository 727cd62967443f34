import type { CompiledQuery, DatabaseConnection, QueryResult } from "kysely";
import pg from "pg";

/**
 * A tenant's read in one round trip (issue 35). In PostgreSQL's extended protocol the
 * messages before one Sync run in one implicit transaction, committed (or rolled back) at that
 * Sync. So each statement goes in one write behind the statement that binds the organization:
 *
 *   Parse/Bind/Execute  select set_config('app.organization_id', $1, true), read only
 *   Parse/Bind/Describe/Execute  the statement
 *   Sync
 *
 * instead of `begin` with the binding, the statement, and `commit`: three round trips. `true`
 * makes both settings local to that implicit transaction, so they end at its Sync and the
 * pooled connection carries nothing into its next use; an error in the first skips the second
 * (PostgreSQL discards up to the Sync). Read only: a write refused by PostgreSQL itself, since
 * the statements of one body are not one transaction.
 */
const BIND_SQL =
  "select set_config('app.organization_id', $1, true), set_config('transaction_read_only', 'on', true)";
const BIND_NAME = "uh_bind";

/**
 * A compiled query that may be kept as a named prepared statement on each connection
 * (`CompiledOnce` names its statements by their text). PostgreSQL then parses it once per
 * connection, and after five runs may keep a generic plan: the list's PostgreSQL time per page
 * fell from about 1.5 to 0.6 ms (decision 038, "Third attempt"), planning having been half of it.
 */
export interface NamedQuery extends CompiledQuery {
  readonly statementName?: string;
}

/**
 * The named statements each connection is known to hold: added when a query that parsed or
 * used them ends without an error. After an error it is not known whether a Parse ran, so the
 * next use closes the name first (closing a name that does not exist is no error) and parses it
 * again; pg's own bookkeeping, which marks a name on any Parse's answer (also the binding's), is
 * set from this before each use.
 */
const prepared = new WeakMap<pg.Connection, Set<string>>();
const preparedOn = (connection: pg.Connection) => {
  const names = prepared.get(connection) ?? new Set<string>();
  prepared.set(connection, names);
  return names;
};

/** pg's bookkeeping of named statements on a connection (pg/lib/connection.js; not typed). */
interface NamedStatements {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

/** What pg's Query does with the messages it is given (pg/lib/query.js; not in its types). */
interface QueryInternals {
  prepare(connection: pg.Connection): void;
  handleError(error: unknown, connection: pg.Connection): void;
  handleReadyForQuery(connection: pg.Connection): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: pg.Connection): void;
}

type QueryCallback = (error: Error | undefined, result: pg.QueryResult) => void;
const PgQuery = pg.Query as unknown as new (
  config: pg.QueryConfig & { queryMode: "extended"; callback: QueryCallback },
) => pg.Query & QueryInternals;
const base = pg.Query.prototype as unknown as QueryInternals;

/** pg's Query with the binding statement written before it in the same write. */
export class BoundQuery extends PgQuery {
  /** True until the binding statement's own answer (one row, then its CommandComplete). */
  #binding = true;
  #failed = false;
  readonly organizationId: string;
  /** The statement's name when it is kept prepared on the connection. */
  readonly #name: string | undefined;
  readonly #text: string;

  constructor(
    organizationId: string,
    text: string,
    values: unknown[],
    callback: QueryCallback,
    name?: string,
  ) {
    // Always extended, so the statement is in the Sync's implicit transaction with the binding.
    super({ text, values, name, queryMode: "extended", callback });
    this.organizationId = organizationId;
    this.#name = name;
    this.#text = text;
  }

  // pg's `submit` corks the socket around `prepare`: both statements and the Sync in one write.
  override prepare(connection: pg.Connection) {
    const held = preparedOn(connection);
    if (!held.has(BIND_NAME)) {
      connection.close({ type: "S", name: BIND_NAME }, true);
      connection.parse({ text: BIND_SQL, name: BIND_NAME, types: [] }, true);
    }
    connection.bind({ statement: BIND_NAME, values: [this.organizationId] }, true);
    connection.execute({}, true);
    const name = this.#name;
    if (name) {
      const books = connection as unknown as NamedStatements;
      delete books.submittedNamedStatements[name];
      if (held.has(name)) books.parsedStatements[name] = this.#text;
      else {
        delete books.parsedStatements[name];
        connection.close({ type: "S", name }, true);
      }
    }
    base.prepare.call(this, connection);
  }

  override handleError(error: unknown, connection: pg.Connection) {
    this.#failed = true;
    const held = preparedOn(connection);
    held.delete(BIND_NAME);
    if (this.#name) held.delete(this.#name);
    base.handleError.call(this, error, connection);
  }

  override handleReadyForQuery(connection: pg.Connection) {
    if (!this.#failed) {
      const held = preparedOn(connection);
      held.add(BIND_NAME);
      if (this.#name) held.add(this.#name);
    }
    base.handleReadyForQuery.call(this, connection);
  }

  override handleDataRow(message: unknown) {
    if (!this.#binding) base.handleDataRow.call(this, message);
  }

  override handleCommandComplete(message: unknown, connection: pg.Connection) {
    if (this.#binding) this.#binding = false;
    else base.handleCommandComplete.call(this, message, connection);
  }
}

/** A pooled connection whose every statement runs bound to one organization, read only. */
export class BoundStatementsConnection implements DatabaseConnection {
  constructor(
    readonly client: pg.PoolClient,
    readonly organizationId: string,
  ) {}

  async executeQuery<R>(compiled: NamedQuery): Promise<QueryResult<R>> {
    try {
      return await this.#run<R>(compiled);
    } catch (error) {
      // A table changed under a kept statement (a migration while another server runs):
      // PostgreSQL refuses it once ("cached plan must not change result type"); the name was
      // dropped with the error, so the same read, parsed afresh, is sent once more.
      if (!compiled.statementName || (error as { code?: string }).code !== "0A000") throw error;
      return this.#run<R>(compiled);
    }
  }

  #run<R>(compiled: NamedQuery): Promise<QueryResult<R>> {
    return new Promise((resolve, reject) => {
      const query = new BoundQuery(
        this.organizationId,
        compiled.sql,
        [...compiled.parameters],
        (error, result) => {
          if (error) return reject(error);
          resolve({ rows: (result.rows ?? []) as R[] });
        },
        compiled.statementName,
      );
      this.client.query(query);
    });
  }

  // biome-ignore lint/correctness/useYield: refuses before reading anything
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("a bound-statements read cannot stream");
  }
}
