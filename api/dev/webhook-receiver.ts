// Test tooling: a webhook receiver as an integrator would run one, a plain node:http server that verifies every
// delivery with the `standardwebhooks` package (contract section 13) and keeps what it got. It can be told to fail.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = {
  /** The webhook-id header: the event's id, the same on every try. */
  id: string;
  headers: IncomingHttpHeaders;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  /** Whether the signature verified with the endpoint's secret. */
  verified: boolean;
  /** The status the receiver answered with. */
  status: number;
  atMs: number;
};

export type WebhookReceiver = {
  url: string;
  /** The endpoint's secret (whsec_…), once the test has made the endpoint: deliveries are verified with it. */
  secret: string | null;
  received: Received[];
  /** The status to answer the next deliveries with, one per delivery; 200 once they run out. */
  answers: number[];
  /** Resolves once `count` deliveries have been answered 2xx, or rejects after `timeoutMs`. */
  delivered(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: "",
    secret: null,
    received: [],
    answers: [],
    async delivered(count, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ok = receiver.received.filter((r) => r.status < 300);
        if (ok.length >= count) return ok;
        if (Date.now() > deadline) {
          throw new Error(`${ok.length} of ${count} deliveries after ${timeoutMs} ms: ${JSON.stringify(ok)}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      let verified = false;
      try {
        if (receiver.secret) {
          new Webhook(receiver.secret).verify(raw, req.headers as Record<string, string>);
          verified = true;
        }
      } catch {
        verified = false;
      }
      const status = receiver.answers.shift() ?? 200;
      receiver.received.push({
        id: String(req.headers["webhook-id"]),
        headers: req.headers,
        body: JSON.parse(raw),
        verified,
        status,
        atMs: Date.now(),
      });
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "not now");
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
