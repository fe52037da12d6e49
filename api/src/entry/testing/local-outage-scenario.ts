// failMode "local" on real processes (contract section 5, "When the store is down"; issue 29): three API servers
// share one counter store that the test takes away (SIGSTOP, SIGKILL, a stopped endpoint); each server keeps every
// customer to its share of what was left, and once the store is back its counts hold every check allowed meanwhile,
// exactly. Shared by the Node servers' test and the Worker's.
import { expect } from "vitest";
import { callServer, type ServerProcess } from "../../../dev/server-process";

export const ADMIN = "local-outage-test-admin-token";
const PER_DAY = 300;
const USED = 60;

const api = (server: ServerProcess, method: string, path: string, body?: unknown, token = ADMIN) =>
  callServer(server, token, method, path, body);

/** A store the test can take away and bring back, and the environment that points a server at it. */
export type Outage = {
  env: Record<string, string>;
  begin(customer: string): Promise<void> | void;
  end(): Promise<void> | void;
};

type Answer = {
  status: number;
  allowed: boolean;
  degraded: boolean;
  reason?: string;
  headers: Headers;
  body: unknown;
  server: ServerProcess;
};

async function check(server: ServerProcess, token: string, key: string): Promise<Answer> {
  const res = await fetch(`${server.url}/v1/check`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });
  const body = await res.json();
  return {
    status: res.status,
    allowed: body.allowed,
    degraded: body.degraded,
    reason: body.reason,
    headers: res.headers,
    body,
    server,
  };
}

/** How many servers `server` counted sharing the store at its last presence (0 before the first). */
async function serversCounted(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^bouncer_store_servers (\d+)/m.exec(text)?.[1] ?? 0);
}

/**
 * The outage on `servers` (three, started by the caller with ADMIN as their admin token, and a STORE_TIMEOUT_MS long
 * enough that a loaded machine never makes an outage of its own before the test makes one); what each allowed.
 */
export async function heldToShares(servers: ServerProcess[], outage: Outage) {
  const first = servers[0] as ServerProcess;
  // A server divides among the servers it counted before the store went away: all three, once each has said so (a
  // Worker's background work runs from its requests, so all are asked each time).
  while (!(await Promise.all(servers.map(serversCounted))).every((n) => n >= 3)) {
    await new Promise((r) => setTimeout(r, 100));
  }

  await api(first, "POST", "/v1/plans", { id: "local", name: "Local", perDay: PER_DAY, failMode: "local" });
  const customer = (await api(first, "POST", "/v1/customers", { name: "Acme", planId: "local" })).json;
  const key = (await api(first, "POST", `/v1/customers/${customer.id}/keys`)).json.key;
  const service = (await api(first, "POST", "/v1/tokens", { name: "svc", role: "service" })).json.token;
  const tally = { allowed: 0, denied: 0 };
  const count = (answer: Answer) => {
    if (answer.allowed) tally.allowed++;
    else if (answer.status === 429) tally.denied++;
  };

  // 60 used, the last of them on each server: each last saw 242, 241 or 240 left, and keeps to a third of it.
  for (let i = 0; i < USED; i++) {
    const answer = await check(servers[i % 3] as ServerProcess, service, key);
    expect([answer.status, answer.degraded]).toEqual([200, false]);
    count(answer);
  }

  await outage.begin(customer.id);
  const began = Date.now();
  // 900 checks spread over the servers, 30 at a time.
  const byServer = [0, 0, 0];
  for (let wave = 0; wave < 30; wave++) {
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const server = i % 3;
        const answer = await check(servers[server] as ServerProcess, service, key);
        if (answer.allowed) byServer[server] = (byServer[server] ?? 0) + 1;
        return answer;
      }),
    );
    for (const answer of answers) {
      count(answer);
      // A 500 is a bug: what the server said, and what it logged, go into the failure.
      if (![200, 429].includes(answer.status)) {
        expect.fail(`${answer.status} ${JSON.stringify(answer.body)}\n${answer.server.output().slice(-4000)}`);
      }
      expect([answer.degraded, answer.reason]).toEqual([true, "store_unavailable"]);
      // Every header from the local state: this server's share of the day (a third of 300), and what is left of it.
      expect(answer.headers.get("ratelimit-policy")).toBe('"day";q=100;w=86400');
      expect(answer.headers.get("ratelimit")).toMatch(/^"day";r=\d+;t=\d+$/);
      if (answer.status === 429) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  }
  const during = byServer.reduce((a, b) => a + b, 0);
  for (const allowed of byServer) expect(allowed).toBeLessThanOrEqual((PER_DAY - USED) / 3);
  expect(during).toBeLessThanOrEqual(PER_DAY - USED);
  expect(during).toBeGreaterThan((PER_DAY - USED) / 2);

  // An outage of seconds, as outages go: a check sent just before it began and run by Redis within a second of its
  // server giving up would be counted by the store besides (LATE_AFTER_MS in script-store.ts; README).
  await new Promise((r) => setTimeout(r, Math.max(0, began + 3000 - Date.now())));
  await outage.end();
  // Each server answers from the store again once every server has had time to add what it allowed (a few seconds);
  // every answer meanwhile is counted too, and the whole day's never passes the limit. Checks go to every server in
  // turn, as a load spread over them does (a Worker learns that the store is back from its requests).
  const back = new Set<ServerProcess>();
  while (back.size < servers.length) {
    for (const server of servers) {
      const answer = await check(server, service, key);
      count(answer);
      if (!answer.degraded) back.add(server);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(tally.allowed).toBeLessThanOrEqual(PER_DAY);

  // The store counts what every server allowed: usage at once (each server added what it owed before its answer
  // above), daily totals once the denials answered from memory are written (within a second or two).
  const left = (await api(first, "GET", `/v1/customers/${customer.id}/usage`, undefined, service)).json.limits;
  expect(left).toEqual([expect.objectContaining({ name: "day", limit: PER_DAY, remaining: PER_DAY - tally.allowed })]);
  // Each server is asked, as a Worker writes what it answered from memory from the work its requests run.
  const daily = async () => {
    const read = (server: ServerProcess) => api(server, "GET", `/v1/customers/${customer.id}/usage/daily?days=2`);
    const points = (await Promise.all(servers.map(read)))[0]?.json.points as { allowed: number; denied: number }[];
    return points.reduce((sum, p) => ({ allowed: sum.allowed + p.allowed, denied: sum.denied + p.denied }), {
      allowed: 0,
      denied: 0,
    });
  };
  const wanted = { allowed: tally.allowed, denied: tally.denied };
  const deadline = Date.now() + 20_000;
  let totals = await daily();
  while (JSON.stringify(totals) !== JSON.stringify(wanted) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    totals = await daily();
  }
  expect(totals).toEqual(wanted);
  return { during, byServer };
}
