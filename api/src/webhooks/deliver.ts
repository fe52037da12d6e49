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
  now?: () => number;
  /** Told of attempts that got no answer, and of loop failures; the delivery's row holds the rest. */
  onError?: (message: string, fields: Record<string, unknown>) => void;
};

export const TIMEOUT_MS = 10_000;

export function createDelivery(claims: Claims, options: DeliveryOptions) {
  const { send, timeoutMs = TIMEOUT_MS, batch = 50, now = Date.now, onError = () => {} } = options;
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

  async function attempt(delivery: Claimed): Promise<void> {
    const headers = signedHeaders(delivery.secret, delivery.eventId, new Date(now()), delivery.body);
    const outcome = await send({
      url: delivery.url,
      body: delivery.body,
      headers,
      timeoutMs,
      allowPrivate: options.allowPrivate,
    });
    if (outcome.status === null) onError("webhook attempt got no answer", { delivery: delivery.id, ...outcome });
    await claims.settle(delivery, settlementOf(delivery, outcome));
  }

  return {
    /** Sends what is due now, and answers how many deliveries it tried. */
    async deliverDue(): Promise<number> {
      const at = now();
      const due = await claims.claim(new Date(at).toISOString(), new Date(at + leaseMs).toISOString(), batch);
      const settled = await Promise.allSettled(due.map(attempt));
      for (const result of settled) {
        if (result.status === "rejected") onError("webhook delivery not recorded", { error: String(result.reason) });
      }
      return due.length;
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
