// The in-process cache of config a check needs (identities, customers, plans): least recently used entries go first
// once it is full, and concurrent misses for one key share one load. Entries stay until what they were read from
// changes: the change feed (change-feed.ts) names it, and only those entries are dropped.
import { LRUCache } from "lru-cache";

// lru-cache holds no null: "known not to exist" is kept as this.
const NONE = Symbol("none");

export class ConfigCache<K extends {}, V> {
  // Bounded by count without `max`, which would allocate the whole capacity up front (16 MB for a million).
  readonly #entries: LRUCache<K, NonNullable<V> | typeof NONE>;
  readonly #loading = new Map<K, Promise<V>>();
  // Grows on every drop: a load that began before one may have read what was dropped, so it is handed out, not kept.
  #generation = 0;

  constructor(
    maxEntries: number,
    /** Told of each load that failed, so an outage of the config store is noticed on the check's path too. */
    private readonly onLoadError: (error: unknown) => void = () => {},
    /** False where a request may not wait on another's I/O (a Worker): each miss then loads for itself. */
    private readonly shareLoads = true,
  ) {
    this.#entries = new LRUCache({ maxSize: maxEntries, sizeCalculation: () => 1 });
  }

  /** The cached value, else `load()`'s. */
  get(key: K, load: () => Promise<V>): V | Promise<V> {
    const hit = this.#entries.get(key);
    if (hit !== undefined) return (hit === NONE ? null : hit) as V;
    const pending = this.shareLoads ? this.#loading.get(key) : undefined;
    if (pending) return pending;
    const generation = this.#generation;
    const loading = load().then(
      (value) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        if (generation === this.#generation) this.#entries.set(key, value === null ? NONE : (value as NonNullable<V>));
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

  /** The cached value without touching its place in the order, or undefined when there is none. */
  peek(key: K): V | undefined {
    const hit = this.#entries.peek(key);
    return hit === NONE ? (null as V) : hit;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Drops one entry (and a load of it under way): what it was read from has changed. */
  delete(key: K): void {
    this.#generation++;
    this.#entries.delete(key);
    this.#loading.delete(key);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#loading.clear();
  }
}
