// A small bounded cache whose entries expire: how long a server may serve config without reading the database.
// Entries in use are reloaded in the background during the second half of their life, so a busy key never
// waits on the database, and no entry is ever served past its TTL.

type Entry<V> = { value: V; loadedAt: number; refreshing: boolean };

export class TtlCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #loading = new Map<K, Promise<V>>();
  #generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value while it is within its TTL, else `load()`'s; concurrent misses for one key share one load. */
  get(key: K, load: () => Promise<V>): V | Promise<V> {
    const entry = this.#entries.get(key);
    if (entry) {
      const age = this.now() - entry.loadedAt;
      if (age < this.ttlMs) {
        if (age >= this.ttlMs / 2 && !entry.refreshing) this.#refresh(key, entry, load);
        return entry.value;
      }
      this.#entries.delete(key);
    }
    return this.#load(key, load);
  }

  #load(key: K, load: () => Promise<V>): Promise<V> {
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const loadedAt = this.now();
    const loading = load().then(
      (value) => {
        this.#loading.delete(key);
        // A clear() while loading means the value may be stale already: hand it out, but do not keep it.
        if (generation === this.#generation) this.#set(key, value, loadedAt);
        return value;
      },
      (error) => {
        this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, loading);
    return loading;
  }

  #refresh(key: K, entry: Entry<V>, load: () => Promise<V>): void {
    entry.refreshing = true;
    // A failed refresh leaves the entry to expire; the next read past its TTL loads (and fails) in the open.
    this.#load(key, load).catch(() => {});
  }

  #set(key: K, value: V, loadedAt: number): void {
    // Maps iterate in insertion order, so the first key is the oldest: drop it when full.
    if (this.#entries.size >= this.maxEntries && !this.#entries.has(key)) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.delete(key);
    this.#entries.set(key, { value, loadedAt, refreshing: false });
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#loading.clear();
  }
}
