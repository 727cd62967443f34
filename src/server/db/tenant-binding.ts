import { AsyncLocalStorage } from "node:async_hooks";
import {
  CompiledQuery,
  type DatabaseConnection,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type TransactionSettings,
} from "kysely";

/**
 * Binding a transaction to an organization costs no round trip of its own (issue 15): the
 * organization travels with `begin` in one simple-protocol message,
 * `begin; select set_config('app.organization_id', '<uuid>', true)`. That protocol takes no
 * parameters, so only a canonical UUID is ever written into it; anything else goes the old
 * way, `begin` then a parameterized `set_config`. `true` keeps the setting to the transaction,
 * so a pooled connection never carries one organization's scope into its next use.
 */
const bindOnBegin = new AsyncLocalStorage<string>();

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

/** Runs `fn` outside any pending binding (inside the transaction's body). */
export const unbound = <T>(fn: () => Promise<T>) => bindOnBegin.exit(fn);

class TenantBindingDriver extends PostgresDriver {
  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
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
}

/** PostgreSQL through node-postgres, whose transactions can carry their organization. */
export class TenantBindingDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new TenantBindingDriver(this.#config);
  }
}
