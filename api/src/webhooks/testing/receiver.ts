// Test tooling: a real HTTP receiver on a free loopback port that verifies each request as a receiver would, with the
// standardwebhooks package, and answers with the statuses a test queues.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = {
  id: string;
  timestamp: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** What standardwebhooks' verify made of it, or the error it threw. */
  verified: unknown;
  /** The status the receiver answers it with. */
  status: number;
  verifyError?: string;
};

/**
 * Answers each request with the next of `statuses` (200 once they run out), after `holdMs` when given (a slow
 * receiver, to count how many requests are open at once), or once `holdMs` resolves (one that hangs until then).
 */
export async function startReceiver(secret: () => string, statuses: number[] = [], holdMs: number | Promise<void> = 0) {
  const received: Received[] = [];
  let open = 0;
  let mostOpen = 0;
  // Requests the sender gave up on before they were answered.
  let cut = 0;
  const server = createServer((req, res) => {
    open++;
    mostOpen = Math.max(mostOpen, open);
    res.on("close", () => {
      if (!res.writableEnded) cut++;
    });
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = req.headers;
      const entry: Received = {
        id: String(headers["webhook-id"]),
        timestamp: Number(headers["webhook-timestamp"]),
        headers,
        body,
        verified: undefined,
        status: statuses.shift() ?? 200,
      };
      try {
        entry.verified = new Webhook(secret()).verify(body, headers as Record<string, string>);
      } catch (error) {
        entry.verifyError = String(error);
      }
      received.push(entry);
      const answer = () => {
        open--;
        if (res.destroyed) return;
        res.statusCode = entry.status;
        res.end("ok");
      };
      if (typeof holdMs === "number") setTimeout(answer, holdMs);
      else void holdMs.then(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    mostOpen: () => mostOpen,
    cut: () => cut,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
