// The fetch handler every peer Worker shares, as bench/peers/serve.ts is the Node peers' shell: it reads the check's
// key from the body and answers with JSON; any other method answers 200, as a readiness probe.
import type { PeerAnswer } from "../peers/serve";

const json = ({ status, body, headers }: PeerAnswer) =>
  new Response(body, { status, headers: { ...headers, "content-type": "application/json" } });

export function servePeerWorker<Env>(check: (key: string, env: Env) => Promise<PeerAnswer>) {
  return {
    async fetch(request: Request, env: Env): Promise<Response> {
      if (request.method !== "POST") return json({ status: 200, body: '{"status":"ok"}' });
      let key: unknown;
      try {
        key = (JSON.parse(await request.text()) as { key?: unknown }).key;
      } catch {}
      if (typeof key !== "string" || key.length === 0) {
        return json({ status: 400, body: '{"error":"send {\\"key\\": \\"…\\"}"}' });
      }
      try {
        return json(await check(key, env));
      } catch (error) {
        return json({ status: 500, body: JSON.stringify({ error: String(error) }) });
      }
    },
  };
}
