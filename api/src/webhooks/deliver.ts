// The delivery loop: claims due deliveries (claims.ts), sends each signed (signature.ts) with a 10 s budget, and
// records how it went: delivered on a 2xx, else tried again later (backoff.ts), failed after 3 days.
import { type Backoff, GIVE_UP_AFTER_MS, nextAttempt, RETRY_STEPS_MS } from "./backoff";
import type { Claimed, Claims, Settlement } from "./claims";
import type { Attempt, Outcome } from "./network";
import { signedHeaders } from "./signature";

export type DeliveryOptions = {
  /** WEBHOOK_ALLOW_PRIVATE=1: receivers at private and link-local addresses may be sent to. */
  allowPrivate: boolean;
  /** How one attempt is sent: the runtime's (#webhook-network). */
  send: (attempt: Attempt) => Promise<Outcome>;
  /** The retry schedule; tests pass a short one. */
  backoff?: Partial<Backoff>;
  /** How long an attempt may take (10 s). */
  timeoutMs?: number;
  /** How long a claim holds a delivery: past it a server killed mid-send has its deliveries sent by another. */
  leaseMs?: number;
  /** Deliveries claimed per run at most. */
  batch?: number;
  /**
   * Whether deliverDue waits for every attempt it started (true, the default): a Worker's waitUntil and a frozen
   * function must hold the sends they started. A server that lives on sets false: its next run, a second later, is
   * then not held up by a receiver that takes its 10 s, and the other receivers' deliveries go out meanwhile.
   */
  awaitEveryAttempt?: boolean;
  now?: () => number;
  /** Told of attempts that got no answer, and of loop failures; the delivery's row holds the rest. */
  onError?: (message: string, fields: Record<string, unknown>) => void;
};

export const TIMEOUT_MS = 10_000;

// One run of the loop claims again while deliveries get through, this many times at most, and starts no round after
// this long: within a Worker's waitUntil (30 s) with the last round's 10 s.
const MOST_ROUNDS = 10;
const ROUNDS_WITHIN_MS = 5_000;
// How long a round waits for its attempts before the next: a receiver slower than this no longer holds up the rounds
// (its own deliveries are bounded by what the claims hold, IN_FLIGHT_PER_ENDPOINT).
const ROUND_WAITS_MS = 1_000;

export function createDelivery(claims: Claims, options: DeliveryOptions) {
  const { send, timeoutMs = TIMEOUT_MS, batch = 50, now = Date.now, onError = () => {} } = options;
  const { awaitEveryAttempt = true } = options;
  const leaseMs = options.leaseMs ?? timeoutMs * 3;
  const backoff: Backoff = {
    stepsMs: RETRY_STEPS_MS,
    giveUpAfterMs: GIVE_UP_AFTER_MS,
    random: Math.random,
    ...options.backoff,
  };

  function settlementOf(delivery: Claimed, outcome: Outcome): Settlement {
    const { status } = outcome;
    if (status !== null && status >= 200 && status < 300) return { status: "delivered", lastStatus: status };
    const next = nextAttempt(Date.parse(delivery.createdAt), delivery.attempts + 1, now(), backoff);
    return next === null
      ? { status: "failed", lastStatus: status }
      : { status: "pending", lastStatus: status, nextAttemptAt: new Date(next).toISOString() };
  }

  /** Sends one delivery and records how it went; true when it was delivered. */
  async function attempt(delivery: Claimed): Promise<boolean> {
    const headers = signedHeaders(delivery.secret, delivery.eventId, new Date(now()), delivery.body);
    const outcome = await send({
      url: delivery.url,
      body: delivery.body,
      headers,
      timeoutMs,
      allowPrivate: options.allowPrivate,
    });
    if (outcome.status === null) onError("webhook attempt got no answer", { delivery: delivery.id, ...outcome });
    const settlement = settlementOf(delivery, outcome);
    await claims.settle(delivery, settlement);
    return settlement.status === "delivered";
  }

  /**
   * One claim and its attempts, waited for ROUND_WAITS_MS at most: how many were tried, and how many of those that
   * ended meanwhile were delivered. Each attempt is put in `started`, for its run to wait for when it must.
   */
  async function round(started: Promise<unknown>[]): Promise<{ tried: number; delivered: number }> {
    const at = now();
    const due = await claims.claim(new Date(at).toISOString(), new Date(at + leaseMs).toISOString(), batch);
    let delivered = 0;
    const attempts = due.map((delivery) =>
      attempt(delivery).then(
        (ok) => {
          if (ok) delivered++;
        },
        (error: unknown) => onError("webhook delivery not recorded", { error: String(error) }),
      ),
    );
    started.push(...attempts);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(attempts), new Promise((r) => (timer = setTimeout(r, ROUND_WAITS_MS)))]);
    clearTimeout(timer);
    return { tried: due.length, delivered };
  }

  return {
    /**
     * Sends what is due now, and answers how many deliveries it tried. While receivers take what they are sent, it
     * claims again, for a few rounds within a few seconds: a backlog (every customer crossing 80% as a month begins)
     * drains at more than 10 a tick to one receiver, and a receiver that fails ends the run. A receiver that is slow
     * to answer holds up no round for long, and (awaitEveryAttempt false) no run.
     */
    async deliverDue(): Promise<number> {
      const started = performance.now();
      // This run's own attempts: on a Worker, another request's I/O is not this one's to wait for.
      const attempts: Promise<unknown>[] = [];
      let tried = 0;
      for (let rounds = 0; rounds < MOST_ROUNDS; rounds++) {
        const done = await round(attempts);
        tried += done.tried;
        if (done.delivered === 0 || performance.now() - started > ROUNDS_WITHIN_MS) break;
      }
      if (awaitEveryAttempt) await Promise.all(attempts);
      return tried;
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
