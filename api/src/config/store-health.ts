// Whether the config store answers, told by what its calls meet: one log line when an outage starts and one when
// it ends, however many requests fail in between.
import { isUnavailable } from "./db-errors";

export type OutageLog = { error(message: string, fields?: Record<string, unknown>): void };

export class ConfigStoreHealth {
  #outage: { startedAt: number; errors: number; lastError: string } | null = null;

  constructor(
    private readonly log: OutageLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** True from a call that could not reach the store until a write gets through again. */
  get down(): boolean {
    return this.#outage !== null;
  }

  /** A call failed; only a failure to reach the store counts, not a broken rule or a bad query. */
  failed(error: unknown): void {
    if (!isUnavailable(error)) return;
    const lastError = error instanceof Error ? error.message : String(error);
    if (this.#outage) {
      this.#outage.errors++;
      this.#outage.lastError = lastError;
      return;
    }
    this.#outage = { startedAt: this.now(), errors: 1, lastError };
    this.log.error("config store unavailable: serving what is cached", { lastError });
  }

  /** `store` with the failure of each of its calls told to this health, the calls themselves unchanged. */
  watching<S extends Record<string, unknown>>(store: S): S {
    const watched: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(store)) {
      watched[name] =
        typeof member === "function"
          ? (...args: unknown[]) => {
              const result = member(...args);
              if (result instanceof Promise) result.catch((error) => this.failed(error));
              return result;
            }
          : member;
    }
    return watched as S;
  }

  /** A write got through: the store answers again. */
  answered(): void {
    const outage = this.#outage;
    if (!outage) return;
    this.#outage = null;
    this.log.error("config store back", {
      downMs: this.now() - outage.startedAt,
      storeErrors: outage.errors,
      lastError: outage.lastError,
    });
  }
}
