// The in-process cache of config a check needs (identities, customers, plans, keys): least recently used entries go
// first once it is full, and concurrent misses for one key share one load. Entries stay until what they were read
// from changes: the change feed (change-feed.ts) names it, and only those entries are dropped.
import { LRUCache } from "lru-cache";

/** Where a cache keeps its entries: undefined from `get` is a miss, null a value (known not to exist). */
export type Entries<K, V> = {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
};

// lru-cache holds no null: "known not to exist" is kept as this.
const NONE = Symbol("none");

/**
 * Entries in lru-cache, at most `maxEntries`. `onLeave` is told of each value that leaves, dropped or pushed out by
 * newer ones, for what still holds it elsewhere.
 */
export function lruEntries<K extends {}, V>(
  maxEntries: number,
  onLeave?: (value: NonNullable<V>) => void,
): Entries<K, V> {
  // Bounded by count without `max`, which would allocate the whole capacity up front (16 MB for a million).
  const lru = new LRUCache<K, NonNullable<V> | typeof NONE>({
    maxSize: maxEntries,
    sizeCalculation: () => 1,
    ...(onLeave && { dispose: (value) => value !== NONE && onLeave(value as NonNullable<V>) }),
  });
  return {
    get: (key) => {
      const hit = lru.get(key);
      return hit === NONE ? (null as V) : (hit as V | undefined);
    },
    set: (key, value) => lru.set(key, value === null ? NONE : (value as NonNullable<V>)),
    delete: (key) => lru.delete(key),
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
  };
}

/**
 * Grows on every drop from any cache that shares it: a load that began before one may have read what was dropped (in
 * this cache or in another one it is made of), so it is handed out, not kept.
 */
export class Generation {
  value = 0;
}

export class ConfigCache<K extends {}, V, E extends Entries<K, V> = Entries<K, V>> {
  readonly #loading = new Map<K, Promise<V>>();

  constructor(
    readonly entries: E,
    /** Told of each load that failed, so an outage of the config store is noticed on the check's path too. */
    private readonly onLoadError: (error: unknown) => void = () => {},
    /** False where a request may not wait on another's I/O (a Worker): each miss then loads for itself. */
    private readonly shareLoads = true,
    private readonly generation = new Generation(),
  ) {}

  /**
   * The cached value, else `load()`'s. `since`: the generation when what `load` gives was read, when that was before
   * this call (a row read with another one).
   */
  get(key: K, load: () => Promise<V>, since = this.generation.value): V | Promise<V> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const pending = this.shareLoads ? this.#loading.get(key) : undefined;
    if (pending) return pending;
    const loading = load().then(
      (value) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        if (since === this.generation.value) this.entries.set(key, value);
        return value;
      },
      (error) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        this.onLoadError(error);
        throw error;
      },
    );
    if (this.shareLoads) this.#loading.set(key, loading);
    return loading;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops one entry (and a load of it under way): what it was read from has changed. */
  delete(key: K): void {
    this.generation.value++;
    this.entries.delete(key);
    this.#loading.delete(key);
  }

  clear(): void {
    this.generation.value++;
    this.entries.clear();
    this.#loading.clear();
  }
}
