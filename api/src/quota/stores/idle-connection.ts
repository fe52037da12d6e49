// A connection that sat idle may be gone without the client knowing yet: Redis' `timeout` (whole seconds, 1 at the
// least) closes it as a check is on its way, a load balancer or NAT that forgot the flow resets its next packet (AWS's
// NLB after 350 s), and a serverless instance thawed after either reads the goodbye in the same turn as its next
// request. A check sent on it fails with no way to tell whether it ran, and may not be sent again (it could count
// twice). So after an idle spell a PING goes first: answered, it also restarts the server's idle clock, so the check
// after it cannot be cut by the timeout; failed, nothing was counted, and the check waits for the new connection.
// A busy server never pays for it; an idle one pays one round trip.

/** Idle this long, a connection is asked first: half the shortest `timeout` Redis allows, leaving time to reach it. */
export const IDLE_MS = 500;

/**
 * `revalidate()` is undefined while the connection has answered within IDLE_MS; else a promise, shared by every call
 * that asks meanwhile, that settles once the connection answered a PING or, when it had gone, `reconnected` settled.
 * A PING unanswered within `timeoutMs` fails them (the store stalled, or the connection is a black hole), and the
 * next call asks again.
 */
export function idleConnection(
  ping: () => Promise<unknown>,
  reconnected: () => Promise<void> | undefined,
  timeoutMs: number,
) {
  let answeredAt = performance.now();
  let asking: Promise<void> | undefined;

  function ask(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let waiting = true;
      /** True for the first of the PING's answer and the timer: the one that decides. */
      const decide = () => {
        const first = waiting;
        waiting = false;
        clearTimeout(timer);
        return first;
      };
      // As the guard's budget does (guard/budget.ts), a PING answered while this process was busy is read first.
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (decide()) reject(new Error(`no answer within ${timeoutMs} ms`));
          }),
        timeoutMs,
      );
      ping().then(
        () => {
          answeredAt = performance.now();
          if (decide()) resolve();
        },
        // Gone: the PING failed as its connection closed, so the check waits for the next one (on a timer of its own).
        () => {
          if (decide()) Promise.resolve(reconnected()).then(resolve, reject);
        },
      );
    });
  }

  return {
    /** The connection answered (or is new): it is known to be there now. */
    answered(): void {
      answeredAt = performance.now();
    },
    revalidate(): Promise<void> | undefined {
      if (asking) return asking;
      if (performance.now() - answeredAt < IDLE_MS) return undefined;
      asking = ask().finally(() => {
        asking = undefined;
      });
      return asking;
    },
  };
}
