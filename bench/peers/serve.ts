// The HTTP shell every peer shares: a plain node:http server that reads the check body and answers with JSON.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { afterTurn } from "../../api/src/entry/after-turn";

/** A peer's answer to one check: 200 when allowed, 429 when denied, a JSON body, and any headers beside its type and length. */
export type PeerAnswer = { status: number; body: string; headers?: Record<string, string> };

/** The limits every system enforces, passed by the runner in BENCH_LIMITS as the plan's fields. */
export type BenchLimits = { burst: number; perMinute: number; perHour: number; perDay: number };

export function benchLimits(): BenchLimits {
  return JSON.parse(process.env.BENCH_LIMITS ?? "{}") as BenchLimits;
}

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function send(res: ServerResponse, { status, body, headers }: PeerAnswer): void {
  res.writeHead(status, { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function keyOf(raw: string): string | undefined {
  try {
    const key = (JSON.parse(raw) as { key?: unknown }).key;
    return typeof key === "string" && key.length > 0 ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves `check` for `POST` (any path) on PORT; any other method answers 200, as a readiness probe. With
 * `together`, the answers decided in one turn of the event loop are written together after it, as Bouncer's Node
 * entry writes them (api/src/entry/after-turn.ts).
 */
export function servePeer(check: (key: string) => Promise<PeerAnswer> | PeerAnswer, together = false): void {
  const answer = together ? afterTurn(send) : send;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST") return send(res, { status: 200, body: '{"status":"ok"}' });
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", async () => {
      const key = keyOf(raw);
      if (!key) return send(res, { status: 400, body: '{"error":"send {\\"key\\": \\"…\\"}"}' });
      try {
        answer(res, await check(key));
      } catch (error) {
        send(res, { status: 500, body: JSON.stringify({ error: String(error) }) });
      }
    });
  });
  server.listen(Number(requiredEnv("PORT")), "127.0.0.1");
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
  // The runner owns this process: when its pipe closes (the runner died), nothing must be left behind.
  process.stdin.on("end", () => process.exit(0)).resume();
}
