// Remembers denied subjects until their retry time, so a flood from one denied customer never reaches the store.
import type { StoreDecision } from "./store";

type Denial = { cost: number; untilMs: number; decision: StoreDecision; storeOffsetMs: number };

export class DenyCache {
  readonly #denials = new Map<string, Denial>();

  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ maxEntries = 100_000, now = Date.now }: { maxEntries?: number; now?: () => number } = {}) {
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /**
   * The remembered denial that also decides this check: one made for the same or a smaller cost that is
   * still in force (a bigger cost cannot pass earlier than a smaller one could).
   */
  get(subject: string, cost: number): { decision: StoreDecision; waitMs: number } | undefined {
    const denial = this.#denials.get(subject);
    if (!denial) return undefined;
    const t = this.now();
    if (t >= denial.untilMs) {
      this.#denials.delete(subject);
      return undefined;
    }
    if (cost < denial.cost) return undefined;
    // Shift the stored decision to the store's clock now, so reset and retry times stay true.
    return { decision: { ...denial.decision, nowMs: t + denial.storeOffsetMs }, waitMs: denial.untilMs - t };
  }

  /** Remembers a denial for `waitMs` from now (this process's clock), the time until the same cost could pass. */
  set(subject: string, cost: number, waitMs: number, decision: StoreDecision): void {
    if (this.#denials.size >= this.maxEntries && !this.#denials.has(subject)) {
      const oldest = this.#denials.keys().next();
      if (!oldest.done) this.#denials.delete(oldest.value);
    }
    const t = this.now();
    this.#denials.set(subject, { cost, untilMs: t + waitMs, decision, storeOffsetMs: decision.nowMs - t });
  }

  delete(subject: string): void {
    this.#denials.delete(subject);
  }

  clear(): void {
    this.#denials.clear();
  }
}
