// What an admin does beside the checks: creates customers, keeps the Live page open, searches. Each request is timed
// to its last byte, from the runner, one at a time, as one person at one page sends them.
import { request } from "node:http";

/** One admin request: how long it took to the last byte, its status (0: no answer, or given up on), and its size. */
export type AdminSample = { ms: number; status: number; bytes: number };

/**
 * How long an admin request is waited for before the runner gives up on it (status 0). GET /v1/usage read every
 * customer before issue 27: 36 s at 100,000 on a busy machine, and at 1,000,000 it ran the server out of memory after
 * two minutes. node:http, not fetch: undici would give up on its own after 300 s.
 */
export const GIVE_UP_MS = 60_000;

export function timedRequest(url: string, token: string, path: string, body?: unknown): Promise<AdminSample> {
  const started = performance.now();
  const sent = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const done = (status: number, bytes: number) => resolve({ ms: performance.now() - started, status, bytes });
    const req = request(`${url}${path}`, {
      method: sent === undefined ? "GET" : "POST",
      headers: {
        authorization: `Bearer ${token}`,
        ...(sent === undefined ? {} : { "content-type": "application/json" }),
      },
      timeout: GIVE_UP_MS,
    });
    req.on("response", (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => done(res.statusCode ?? 0, bytes));
      res.on("error", () => done(0, bytes));
    });
    // No byte for GIVE_UP_MS: the server is still at it (a Live refresh's whole board is written at once).
    req.on("timeout", () => req.destroy());
    req.on("error", () => done(0, 0));
    req.end(sent);
  });
}

export type Repeating = {
  /** Stops the ticks, waits for the request in flight, and gives every request's sample in order. */
  stop(): Promise<AdminSample[]>;
};

/**
 * Sends `request` at once and then every `everyMs`, never two at once: a tick that comes while one is in flight is
 * skipped, as the Live page's refetchInterval (TanStack Query) joins the fetch in flight instead of starting another.
 */
export function everyTick(everyMs: number, request: () => Promise<AdminSample>): Repeating {
  const samples: AdminSample[] = [];
  let inFlight: Promise<void> | undefined;
  const tick = () => {
    if (inFlight) return;
    inFlight = request().then((sample) => {
      samples.push(sample);
      inFlight = undefined;
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
      return samples;
    },
  };
}

/** Up to `samples` requests one after another, fewer once `budgetSeconds` are spent (at least one). */
export async function repeatedly(
  request: () => Promise<AdminSample>,
  samples: number,
  budgetSeconds: number,
): Promise<AdminSample[]> {
  const started = performance.now();
  const taken: AdminSample[] = [];
  do taken.push(await request());
  while (taken.length < samples && performance.now() - started < budgetSeconds * 1000);
  return taken;
}

/** The statuses of some answers, counted: "200", "200 ×4, 503", "none" for no answer. */
export function statuses(samples: AdminSample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${status === 0 ? "none" : status}${n > 1 ? ` ×${n}` : ""}`).join(", ");
}
