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

/** What pg's Query does with the messages it is given (pg/lib/query.js; not in its types). */
interface QueryInternals {
  prepare(connection: pg.Connection): void;
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
  readonly organizationId: string;

  constructor(organizationId: string, text: string, values: unknown[], callback: QueryCallback) {
    // Always extended, so the statement is in the Sync's implicit transaction with the binding.
    super({ text, values, queryMode: "extended", callback });
    this.organizationId = organizationId;
  }

  // pg's `submit` corks the socket around `prepare`: both statements and the Sync in one write.
  override prepare(connection: pg.Connection) {
    connection.parse({ text: BIND_SQL, name: "", types: [] }, true);
    connection.bind({ values: [this.organizationId] }, true);
    connection.execute({}, true);
    base.prepare.call(this, connection);
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

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return new Promise((resolve, reject) => {
      const query = new BoundQuery(
        this.organizationId,
        compiled.sql,
        [...compiled.parameters],
        (error, result) => {
          if (error) return reject(error);
          resolve({ rows: (result.rows ?? []) as R[] });
        },
      );
      this.client.query(query);
    });
  }

  // biome-ignore lint/correctness/useYield: refuses before reading anything
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("a bound-statements read cannot stream");
  }
}
