// The in-process cache of config a check needs (identities, customers, plans): least recently used entries go first
// once it is full, and concurrent misses for one key share one load. Entries stay until what they were read from
// changes: the change feed (change-feed.ts) names it, and only those entries are dropped.
import { LRUCache } from "lru-cache";

// lru-cache holds no null: "known not to exist" is kept as this.
const NONE = Symbol("none");

/**
 * Grows on every drop from any cache that shares it: a load that began before one may have read what was dropped (in
 * this cache or in another one it is made of), so it is handed out, not kept.
 */
export class Generation {
  value = 0;
}

export class ConfigCache<K extends {}, V> {
  // Bounded by count without `max`, which would allocate the whole capacity up front (16 MB for a million).
  readonly #entries: LRUCache<K, NonNullable<V> | typeof NONE>;
  readonly #loading = new Map<K, Promise<V>>();

  constructor(
    maxEntries: number,
    /** Told of each load that failed, so an outage of the config store is noticed on the check's path too. */
    private readonly onLoadError: (error: unknown) => void = () => {},
    /** False where a request may not wait on another's I/O (a Worker): each miss then loads for itself. */
    private readonly shareLoads = true,
    /** Told of each value that leaves, dropped or pushed out by newer ones, for what still holds it elsewhere. */
    onLeave?: (value: NonNullable<V>) => void,
    private readonly generation = new Generation(),
  ) {
    this.#entries = new LRUCache({
      maxSize: maxEntries,
      sizeCalculation: () => 1,
      ...(onLeave && { dispose: (value) => value !== NONE && onLeave(value as NonNullable<V>) }),
    });
  }

  /**
   * The cached value, else `load()`'s. `since`: the generation when what `load` gives was read, when that was before
   * this call (a row read with another one).
   */
  get(key: K, load: () => Promise<V>, since = this.generation.value): V | Promise<V> {
    const hit = this.#entries.get(key);
    if (hit !== undefined) return (hit === NONE ? null : hit) as V;
    const pending = this.shareLoads ? this.#loading.get(key) : undefined;
    if (pending) return pending;
    const loading = load().then(
      (value) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        if (since === this.generation.value) this.#entries.set(key, value === null ? NONE : (value as NonNullable<V>));
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
    return this.#entries.size;
  }

  /**
   * Drops one entry (and a load of it under way): what it was read from has changed. `changed: false` for an entry
   * only known to be old (its parts left another cache), which says nothing of the loads under way.
   */
  delete(key: K, { changed = true } = {}): void {
    if (changed) this.generation.value++;
    this.#entries.delete(key);
    this.#loading.delete(key);
  }

  clear(): void {
    this.generation.value++;
    this.#entries.clear();
    this.#loading.clear();
  }
}
