// The in-process cache of config a check needs (identities, targets): bounded, with concurrent misses for one key
// sharing one load. Entries stay until the config changes: this server drops them as it writes, and every server
// notices other servers' writes through the change counter (see watchChanges).

export class ConfigCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #loading = new Map<K, Promise<V>>();
  #generation = 0;

  constructor(
    private readonly maxEntries: number,
    /** Told of each load that failed, so an outage of the config store is noticed on the check's path too. */
    private readonly onLoadError: (error: unknown) => void = () => {},
    /** False where a request may not wait on another's I/O (a Worker): each miss then loads for itself. */
    private readonly shareLoads = true,
  ) {}

  /** The cached value, else `load()`'s. */
  get(key: K, load: () => Promise<V>): V | Promise<V> {
    const hit = this.#entries.get(key);
    if (hit !== undefined || this.#entries.has(key)) return hit as V;
    const pending = this.shareLoads ? this.#loading.get(key) : undefined;
    if (pending) return pending;
    const generation = this.#generation;
    const loading = load().then(
      (value) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        // Config changed while this loaded: hand the value out, but do not keep it.
        if (generation === this.#generation) this.#set(key, value);
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

  #set(key: K, value: V): void {
    // Maps iterate in insertion order, so the first key is the oldest: drop it when full.
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#loading.clear();
  }
}
