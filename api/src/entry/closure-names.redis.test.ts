// `npm start` runs the service under tsx, whose esbuild keepNames gives each closure bound to a name its name as it
// is made, in a call of its own (Object.defineProperty). Two such closures on every check cost it 6-12 % more CPU
// (b6cfbfc). Here the server runs as `npm start` runs it, with api/dev/closure-names.ts counting those calls by the
// line that made them, on the memory, Redis and Upstash stores, over every kind of request a backend sends per call:
// checks allowed and denied, a lease taken and released, a reservation settled, a refund. A line of ours that names
// a closure on each such request names it at least ROUNDS times; the config watcher's timers, a few a second, do not.
import { afterAll, describe, expect, test } from "vitest";
import { type CounterStoreKind, counterStoreEnv } from "../../dev/counter-store-env";
import { callServer, type ServerProcess, startServer } from "../../dev/server-process";
import { tempDatabaseUrl } from "../testing/temp-database";

const ADMIN = "closure-names-test-admin-token";
const ROUNDS = 100;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function namedSoFar(server: ServerProcess): Promise<Record<string, number>> {
  const before = server.output().length;
  process.kill(server.pid, "SIGUSR2");
  for (;;) {
    const line = server
      .output()
      .slice(before)
      .match(/^closure-names (.*)$/m);
    if (line?.[1]) return JSON.parse(line[1]);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe.each<"memory" | CounterStoreKind>(["memory", "redis", "upstash"])("on the %s store", (store) => {
  test(`no request names a closure of ours as it is made (${ROUNDS} rounds of each)`, async () => {
    const storeEnv = store === "memory" ? {} : await counterStoreEnv(store, cleanups);
    const server = await startServer(
      { ...storeEnv, COUNTER_STORE: store, DATABASE_URL: tempDatabaseUrl("closure-names"), ADMIN_TOKEN: ADMIN },
      { preload: ["./api/dev/closure-names.ts"] },
    );
    cleanups.push(() => server.kill());
    const admin = (method: string, path: string, body?: unknown) => callServer(server, ADMIN, method, path, body);
    const service = (await admin("POST", "/v1/tokens", { name: "svc", role: "service" })).json.token as string;
    const call = (path: string, body: unknown) => callServer(server, service, "POST", path, body);
    const keyOn = async (plan: Record<string, unknown>) => {
      expect((await admin("POST", "/v1/plans", plan)).status).toBe(201);
      const customer = (await admin("POST", "/v1/customers", { name: "Acme", planId: plan.id })).json;
      return (await admin("POST", `/v1/customers/${customer.id}/keys`)).json.key as string;
    };
    const key = await keyOn({
      id: "open",
      name: "Open",
      burst: 1_000_000,
      perMinute: 1_000_000,
      perDay: 1_000_000,
      alerts: [80],
      resources: { ai: { perHour: 1_000_000, concurrent: 5 } },
    });
    const spent = await keyOn({ id: "tiny", name: "Tiny", perDay: 1 });
    await call("/v1/check", { key: spent });

    const round = async () => {
      const statuses = [(await call("/v1/check", { key })).status, (await call("/v1/check", { key: spent })).status];
      const leased = await call("/v1/check", { key, resource: "ai" });
      statuses.push(leased.status, (await call("/v1/release", { lease: leased.json.lease?.id })).status);
      const reserved = await call("/v1/check", { key, resource: "ai", cost: 3, reserve: true });
      statuses.push(reserved.status, (await call("/v1/settle", { lease: reserved.json.lease?.id, cost: 2 })).status);
      statuses.push((await call("/v1/refund", { key, cost: 1 })).status);
      expect(statuses).toEqual([200, 429, 200, 200, 200, 200, 200]);
    };
    // Warm: what is made once (a cached plan, a script loaded) is not what this is about.
    for (let i = 0; i < 3; i++) await round();
    const before = await namedSoFar(server);
    for (let i = 0; i < ROUNDS; i++) await round();
    const after = await namedSoFar(server);

    const perRequest = Object.entries(after)
      .map(([line, n]) => [line, n - (before[line] ?? 0)] as const)
      .filter(([, n]) => n >= ROUNDS);
    expect(perRequest).toEqual([]);
  });
});
