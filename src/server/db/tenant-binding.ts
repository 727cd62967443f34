import { AsyncLocalStorage } from "node:async_hooks";
import {
  CompiledQuery,
  type DatabaseConnection,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type TransactionSettings,
} from "kysely";
import type pg from "pg";
import { BoundStatementsConnection } from "./bound-statements.ts";

/**
 * Binding a transaction to an organization costs no round trip of its own (issue 15): the
 * organization travels with `begin` in one simple-protocol message,
 * `begin; select set_config('app.organization_id', '<uuid>', true)`. That protocol takes no
 * parameters, so only a canonical UUID is ever written into it; anything else goes the old
 * way, `begin` then a parameterized `set_config`. `true` keeps the setting to the transaction,
 * so a pooled connection never carries one organization's scope into its next use.
 */
const bindOnBegin = new AsyncLocalStorage<string>();

/** The organization a pending bound-statements read (`readBoundTo`) is for. */
const bindEachStatement = new AsyncLocalStorage<string>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True when `organizationId` can go with `begin` (a canonical lower-case UUID). */
export const foldsIntoBegin = (organizationId: string) => UUID.test(organizationId);

/**
 * Runs `start` (which begins one transaction) with `organizationId` sent along with its `begin`;
 * `body` then runs outside that binding, so transactions it starts itself are not bound.
 */
export function beginBoundTo<T>(organizationId: string, start: () => Promise<T>): Promise<T> {
  return bindOnBegin.run(organizationId, start);
}

/**
 * Runs `start` (which begins one transaction) as a bound-statements read (bound-statements.ts):
 * no `begin` or `commit` is sent, each statement carries the organization in its own write.
 */
export function readBoundTo<T>(organizationId: string, start: () => Promise<T>): Promise<T> {
  return bindEachStatement.run(organizationId, start);
}

/** Runs `fn` outside any pending binding (inside the transaction's body). */
export const unbound = <T>(fn: () => Promise<T>) =>
  bindOnBegin.exit(() => bindEachStatement.exit(fn));

class TenantBindingDriver extends PostgresDriver {
  readonly #pool: pg.Pool;
  constructor(config: PostgresDialectConfig & { pool: pg.Pool }) {
    super(config);
    this.#pool = config.pool;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const organizationId = bindEachStatement.getStore();
    if (!organizationId) return super.acquireConnection();
    return new BoundStatementsConnection(await this.#pool.connect(), organizationId);
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof BoundStatementsConnection) connection.client.release();
    else
      await super.releaseConnection(
        connection as Parameters<PostgresDriver["releaseConnection"]>[0],
      );
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    if (connection instanceof BoundStatementsConnection) {
      if (settings.isolationLevel || settings.accessMode) throw new Error(NOT_A_TRANSACTION);
      return;
    }
    const organizationId = bindOnBegin.getStore();
    if (!organizationId || settings.isolationLevel || settings.accessMode) {
      return super.beginTransaction(connection, settings);
    }
    if (!foldsIntoBegin(organizationId)) throw new Error("not a canonical organization id");
    await connection.executeQuery(
      CompiledQuery.raw(
        `begin; select set_config('app.organization_id', '${organizationId}', true)`,
      ),
    );
  }

  // Each statement of a bound-statements read was committed (or rolled back) at its own Sync.
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof BoundStatementsConnection))
      await super.commitTransaction(connection);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof BoundStatementsConnection))
      await super.rollbackTransaction(connection);
  }

  override async savepoint(...args: Parameters<PostgresDriver["savepoint"]>): Promise<void> {
    if (args[0] instanceof BoundStatementsConnection) throw new Error(NOT_A_TRANSACTION);
    await super.savepoint(...args);
  }
}

const NOT_A_TRANSACTION = "a bound-statements read is no transaction";

/** PostgreSQL through node-postgres, whose transactions can carry their organization. */
export class TenantBindingDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig & { pool: pg.Pool };
  constructor(config: PostgresDialectConfig & { pool: pg.Pool }) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new TenantBindingDriver(this.#config);
  }
}
