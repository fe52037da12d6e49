// Remembers denied subjects until their retry time, so a flood from one denied customer never reaches the store.
// A denial is remembered per subject and resource: one resource's denial says nothing of the customer's other checks.
import type { Decision } from "./decision";

/** `untilMs`: when it is forgotten; `retryMs`: when the same cost could pass, as the store said (its Retry-After). */
type Denial = { cost: number; untilMs: number; retryMs: number; decision: Decision; storeOffsetMs: number };

export class DenyCache {
  /** By subject, then by resource ("" for a check that names none). */
  readonly #denials = new Map<string, Map<string, Denial>>();
  #size = 0;

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
  get(subject: string, resource: string, cost: number): { decision: Decision; waitMs: number } | undefined {
    const denial = this.#denials.get(subject)?.get(resource);
    if (!denial) return undefined;
    const t = this.now();
    if (t >= denial.untilMs) {
      this.#forget(subject, resource);
      return undefined;
    }
    if (cost < denial.cost) return undefined;
    // Shift the stored decision to the store's clock now, so reset and retry times stay true.
    return { decision: { ...denial.decision, nowMs: t + denial.storeOffsetMs }, waitMs: denial.retryMs - t };
  }

  /**
   * Remembers a denial for `waitMs` from now (this process's clock), the time until the same cost could pass, or for
   * `forMs` when that is sooner: a subject whose quota other servers hold as shares may get some back any second.
   */
  set(subject: string, resource: string, cost: number, waitMs: number, decision: Decision, forMs = waitMs): void {
    let byResource = this.#denials.get(subject);
    if (!byResource?.has(resource) && this.#size >= this.maxEntries) {
      const oldest = this.#denials.entries().next();
      if (!oldest.done) this.delete(oldest.value[0]);
    }
    if (!byResource) {
      byResource = new Map();
      this.#denials.set(subject, byResource);
    }
    if (!byResource.has(resource)) this.#size++;
    const t = this.now();
    const untilMs = t + Math.min(waitMs, forMs);
    byResource.set(resource, { cost, untilMs, retryMs: t + waitMs, decision, storeOffsetMs: decision.nowMs - t });
  }

  #forget(subject: string, resource: string): void {
    const byResource = this.#denials.get(subject);
    if (!byResource?.delete(resource)) return;
    this.#size--;
    if (byResource.size === 0) this.#denials.delete(subject);
  }

  /** Forgets every denial of the subject, whatever its resource. */
  delete(subject: string): void {
    this.#size -= this.#denials.get(subject)?.size ?? 0;
    this.#denials.delete(subject);
  }

  clear(): void {
    this.#denials.clear();
    this.#size = 0;
  }
}
