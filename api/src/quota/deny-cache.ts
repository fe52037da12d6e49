// Remembers denied subjects until their retry time, so a flood from one denied customer never reaches the store.
// A denial is remembered per subject and resource: one resource's denial says nothing of the customer's other checks.
import type { Decision, LimitState } from "./decision";

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
   * The remembered denial that decides this check: one made for the same cost, still in force. (A bigger cost is
   * denied too, but may wait longer than the denial says: the store answers it, never with an earlier retry time.)
   */
  get(subject: string, resource: string, cost: number): { decision: Decision; waitMs: number } | undefined {
    const denial = this.#denials.get(subject)?.get(resource);
    if (!denial) return undefined;
    const t = this.now();
    if (t >= denial.untilMs) {
      this.#forget(subject, resource);
      return undefined;
    }
    if (cost !== denial.cost) return undefined;
    // The stored decision as of now on the store's clock, so its resets, waits and buckets' fill stay true.
    const nowMs = t + denial.storeOffsetMs;
    const elapsedMs = nowMs - denial.decision.nowMs;
    const limits = denial.decision.limits.map((limit) => aged(limit, nowMs, elapsedMs));
    return { decision: { ...denial.decision, nowMs, limits }, waitMs: denial.retryMs - t };
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
    const storeOffsetMs = decision.nowMs - t;
    // Forgotten too when a limit that does not deny starts afresh (a window ends, the first lease ends): the next
    // check then asks the store, and answers with where every limit stands.
    let untilMs = t + Math.min(waitMs, forMs);
    for (const limit of decision.limits) {
      if (limit.perMinute === undefined && limit.resetMs > decision.nowMs) {
        untilMs = Math.min(untilMs, limit.resetMs - storeOffsetMs);
      }
    }
    byResource.set(resource, { cost, untilMs, retryMs: t + waitMs, decision, storeOffsetMs });
  }

  /** Forgets the subject's denial of checks that name `resource` ("" for none), if any. */
  forget(subject: string, resource: string): void {
    this.#forget(subject, resource);
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

/**
 * A limit's entry `elapsedMs` after it was read: its wait that much shorter, and a bucket as it has refilled since (it
 * is full again at its reset, refilling at perMinute).
 */
function aged(limit: LimitState, nowMs: number, elapsedMs: number): LimitState {
  const waitMs = limit.waitMs === null ? null : Math.max(0, limit.waitMs - elapsedMs);
  if (limit.perMinute === undefined) return { ...limit, waitMs };
  const short = Math.max(0, limit.resetMs - nowMs) * (limit.perMinute / 60_000);
  const remaining = Math.max(limit.remaining, Math.min(limit.limit, Math.floor(limit.limit - short)));
  return { ...limit, remaining, waitMs };
}
