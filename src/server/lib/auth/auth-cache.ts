import type { Logger } from "pino";
import { type Listener, listen } from "../events/listen.ts";

export const AUTH_CHANGES = "auth_changes";

interface Entry<T> {
  value: T;
  until: number;
  /** The users and organizations whose change drops this entry. */
  owners: readonly string[];
}

/**
 * A few seconds of memory for what every signed-in request asks the database (issue 15): the
 * session behind a cookie, the user's membership, the organization's write lock. A cache hit
 * saves those round trips; correctness comes from migration 0070's triggers, whose NOTIFY
 * drops the entries of a changed user or organization on every instance right after commit.
 * While the LISTEN connection is down nothing is cached (a missed notice could leave a revoked
 * session alive), and the TTL bounds what a lost notice could cost.
 */
export class AuthCache {
  private readonly maps = new Map<string, Map<string, Entry<unknown>>>();
  private generation = 0;
  private trusted = false;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The listener is connected (true) or lost (false); both drop everything cached. */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.clear();
  }

  clear(): void {
    this.generation++;
    for (const map of this.maps.values()) map.clear();
  }

  /** Drops every entry owned by this user or organization id. */
  invalidate(owner: string): void {
    this.generation++;
    for (const map of this.maps.values()) {
      for (const [key, entry] of map) if (entry.owners.includes(owner)) map.delete(key);
    }
  }

  /** Drops every entry of the owners of this key's entry (e.g. all of a signed-out user's). */
  invalidateOwnersOf(mapName: string, key: string): void {
    const entry = this.maps.get(mapName)?.get(key);
    if (!entry) return;
    for (const owner of entry.owners) this.invalidate(owner);
  }

  /**
   * `load()`'s answer for `key` in the named map, from memory when fresh. `ownersOf` names the
   * ids whose change must drop it (null: do not keep this answer). A change heard while `load()`
   * ran leaves nothing stored.
   */
  async get<T>(
    mapName: string,
    key: string,
    load: () => Promise<T>,
    ownersOf: (value: T) => readonly string[] | null,
  ): Promise<T> {
    if (!this.trusted) return load();
    let map = this.maps.get(mapName);
    if (!map) {
      map = new Map();
      this.maps.set(mapName, map);
    }
    const hit = map.get(key);
    if (hit && hit.until > this.now()) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    const owners = ownersOf(value);
    if (owners && generation === this.generation && this.trusted) {
      if (map.size >= this.maxEntries) map.clear();
      map.set(key, { value, until: this.now() + this.ttlMs, owners });
    }
    return value;
  }
}

/** The cache and its LISTEN connection (one per server instance). */
export async function startAuthCache(
  connectionString: string,
  log: Logger,
): Promise<{ cache: AuthCache; close(): Promise<void> }> {
  const cache = new AuthCache();
  const listener: Listener = await listen(
    connectionString,
    [AUTH_CHANGES],
    (_channel, payload) => {
      try {
        const change = JSON.parse(payload ?? "") as { userId?: string; organizationId?: string };
        const owner = change.userId ?? change.organizationId;
        if (owner) cache.invalidate(owner);
        else cache.clear();
      } catch {
        cache.clear();
      }
    },
    log,
    (connected) => cache.setTrusted(connected),
  );
  return { cache, close: () => listener.close() };
}
