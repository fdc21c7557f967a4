import type { SharedCacheStore } from './shared-cache-store.js';

/** `hit`: this instance had it (or was already loading it); `shared`: another instance had; `miss`: loaded. */
export type CacheLookupResult = 'hit' | 'shared' | 'miss';

export interface TtlCacheOptions {
  maxEntries: number;
  /** Told how each `getOrLoad` was answered (metrics' cache_lookups_total). */
  onLookup?: ((result: CacheLookupResult) => void) | undefined;
  now?: () => number;
  /**
   * A store shared by every instance (Redis) behind the in-process map: misses look there before
   * loading, and loads are written there too. `namespace` keeps each cache's keys apart.
   */
  shared?: { store: SharedCacheStore; namespace: string } | undefined;
}

/** What goes into the shared store: the value and when it expires (so every instance agrees). */
interface SharedEntry<V> {
  v: V;
  e: number;
}

/**
 * A small cache: a time-to-live per entry, a size cap (the oldest written entries go first) and
 * single-flight loading, so concurrent misses for one key share one upstream call. Failed loads
 * are not cached. With a shared store, instances also reuse each other's loads; a shared store
 * that fails is treated as a miss, never as an error for the request.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<V>>();

  constructor(private readonly options: TtlCacheOptions) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` here and, when shared, for every instance (written in the background). */
  set(key: string, value: V, ttlMs: number): void {
    if (ttlMs <= 0) return;
    const expiresAt = this.now() + ttlMs;
    this.remember(key, value, expiresAt);
    const shared = this.options.shared;
    if (shared) {
      const entry: SharedEntry<V> = { v: value, e: expiresAt };
      shared.store.set(`${shared.namespace}:${key}`, JSON.stringify(entry), ttlMs).catch(() => {
        // Best effort: the value is cached here; other instances will load it themselves.
      });
    }
  }

  private remember(key: string, value: V, expiresAt: number) {
    // Re-inserting moves the key to the end, so the Map iterates oldest-written first.
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry (of this instance) whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Cached values for `keys`, from this instance first and then from the shared store; each key's
   * lookup is reported like a `getOrLoad` (a key not found is a miss: the caller loads it).
   */
  async getMany(keys: readonly string[]): Promise<Map<string, V>> {
    const { found, fromShared } = await this.lookUp(keys);
    const report = this.options.onLookup;
    if (report) {
      for (const key of keys) report(found.has(key) ? (fromShared.has(key) ? 'shared' : 'hit') : 'miss');
    }
    return found;
  }

  private async lookUp(keys: readonly string[]): Promise<{ found: Map<string, V>; fromShared: Set<string> }> {
    const found = new Map<string, V>();
    const fromShared = new Set<string>();
    const missing: string[] = [];
    for (const key of keys) {
      const hit = this.get(key);
      if (hit !== undefined) found.set(key, hit);
      else missing.push(key);
    }
    const shared = this.options.shared;
    if (!shared || missing.length === 0) return { found, fromShared };
    let texts: (string | null)[];
    try {
      texts = await shared.store.getMany(missing.map((k) => `${shared.namespace}:${k}`));
    } catch {
      return { found, fromShared }; // The shared store is down: behave as a miss.
    }
    const now = this.now();
    missing.forEach((key, i) => {
      const entry = parseSharedEntry<V>(texts[i]);
      if (!entry || entry.e <= now) return;
      this.remember(key, entry.v, entry.e);
      found.set(key, entry.v);
      fromShared.add(key);
    });
    return { found, fromShared };
  }

  /**
   * The cached value, or the result of `load` (kept for `ttlMs`, which may depend on the loaded
   * value, e.g. a partial answer is kept briefly); one load per key at a time.
   */
  async getOrLoad(key: string, ttlMs: number | ((value: V) => number), load: () => Promise<V>): Promise<V> {
    const report = this.options.onLookup;
    const hit = this.get(key);
    const pending = hit === undefined ? this.inFlight.get(key) : undefined;
    if (hit !== undefined || pending) report?.('hit');
    if (hit !== undefined) return hit;
    if (pending) return pending;
    const promise = (async () => {
      try {
        if (this.options.shared) {
          const sharedHit = (await this.lookUp([key])).found.get(key);
          if (sharedHit !== undefined) {
            report?.('shared');
            return sharedHit;
          }
        }
        report?.('miss');
        const value = await load();
        this.set(key, value, typeof ttlMs === 'function' ? ttlMs(value) : ttlMs);
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, promise);
    return promise;
  }
}

function parseSharedEntry<V>(text: string | null | undefined): SharedEntry<V> | undefined {
  if (!text) return undefined;
  try {
    const entry = JSON.parse(text) as SharedEntry<V>;
    return typeof entry === 'object' && entry !== null && typeof entry.e === 'number' ? entry : undefined;
  } catch {
    return undefined; // Written by an incompatible version: ignore.
  }
}
