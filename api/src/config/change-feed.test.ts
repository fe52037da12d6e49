// A change costs what it changed (issue 27): another server drops only what depends on it, counted in the statements
// its config store runs. Two apps on one database file; the reader's change watcher is run by hand.
import { describe, expect, test } from "vitest";
import { scheduleByHand } from "../testing/schedule-by-hand";
import { type TestApp, testApp } from "../testing/test-app";
import type { ConfigChange } from "./change-feed";

/** Every statement the app's config store runs from now on, by its SQL. */
function countStatements(app: TestApp): string[] {
  const statements: string[] = [];
  const client = app.client as unknown as Record<"execute" | "batch", (...args: unknown[]) => Promise<unknown>>;
  const textOf = (stmt: unknown) => (typeof stmt === "string" ? stmt : String((stmt as { sql: string }).sql));
  for (const method of ["execute", "batch"] as const) {
    const original = client[method].bind(client);
    client[method] = (...args: unknown[]) => {
      if (method === "batch") statements.push(...(args[0] as unknown[]).map(textOf));
      else statements.push(textOf(args[0]));
      return original(...args);
    };
  }
  return statements;
}

async function denyCacheHits(app: TestApp): Promise<number> {
  return Number(/^bouncer_deny_cache_hits_total (\d+)/m.exec(await app.metrics.text())?.[1] ?? 0);
}

async function twoServers(cacheSizes?: { keys: number; customers: number }) {
  const writer = await testApp();
  const hand = scheduleByHand();
  const reader = await testApp({ url: writer.url, schedule: hand.schedule, cacheSizes });
  await hand.started();
  const service = (await writer.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
  const newCustomer = async (planId: string, name = "Acme") => {
    const customer = (await writer.call("POST", "/v1/customers", { body: { name, planId } })).json;
    const { key } = (await writer.call("POST", `/v1/customers/${customer.id}/keys`)).json;
    return { id: customer.id as string, key: key as string };
  };
  const check = async (key: string) =>
    (await reader.call("POST", "/v1/check", { token: service, body: { key } })).status;
  return { writer, reader, watcher: hand.watcher(), newCustomer, check };
}

describe("the change feed", () => {
  test("an unrelated customer's creation leaves another's cached key and remembered denial in place", async () => {
    const { writer, reader, watcher, newCustomer, check } = await twoServers();
    await writer.call("POST", "/v1/plans", { body: { id: "tight", name: "Tight", perDay: 1 } });
    const acme = await newCustomer("tight");
    await watcher.run();
    expect([await check(acme.key), await check(acme.key)]).toEqual([200, 429]);
    const hits = await denyCacheHits(reader);

    const statements = countStatements(reader);
    await newCustomer("tight", "Globex");
    await watcher.run();
    // The watcher read the feed (and nothing else: a new customer and its new key drop nothing cached).
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM audit_log WHERE seq >/);
    // The check is answered from memory: the key, its customer, its plan and the denial all still cached.
    expect(await check(acme.key)).toBe(429);
    expect(statements).toHaveLength(1);
    expect(await denyCacheHits(reader)).toBe(hits + 1);

    // Acme's own edit drops Acme's entry and its denial: the next check reads Acme's key and Acme again, and passes.
    await writer.call("PATCH", `/v1/customers/${acme.id}`, { body: { overrides: { perDay: 10 } } });
    await watcher.run();
    expect(await check(acme.key)).toBe(200);
    expect(statements.filter((sql) => /join "customers"/i.test(sql))).toHaveLength(1);
  });

  test("a plan's edit reads the plan once for all its customers, whose cached keys and entries stay", async () => {
    const { writer, reader, watcher, newCustomer, check } = await twoServers();
    await writer.call("POST", "/v1/plans", { body: { id: "base", name: "Base", perDay: 1 } });
    const customers = [await newCustomer("base", "A"), await newCustomer("base", "B"), await newCustomer("base", "C")];
    await watcher.run();
    for (const { key } of customers) expect([await check(key), await check(key)]).toEqual([200, 429]);

    const statements = countStatements(reader);
    await writer.call("PATCH", "/v1/plans/base", { body: { perDay: 5 } });
    await watcher.run();
    for (const { key } of customers) expect(await check(key)).toBe(200);
    // The feed, then the plan: no key and no customer read again.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/from "plans"/i);
  });

  test("a key of a customer deleted and made again under its id is refused, by the API and the portal alike", async () => {
    const { writer, reader, watcher, check } = await twoServers();
    await writer.call("POST", "/v1/plans", { body: { id: "base", name: "Base", perDay: 100 } });
    await writer.call("POST", "/v1/customers", { body: { id: "acme", name: "Acme", planId: "base" } });
    const { key } = (await writer.call("POST", "/v1/customers/acme/keys")).json;
    await watcher.run();
    expect(await check(key)).toBe(200);
    expect((await reader.call("GET", "/v1/me", { token: key })).status).toBe(200);

    await writer.call("DELETE", "/v1/customers/acme");
    await writer.call("POST", "/v1/customers", { body: { id: "acme", name: "Acme again", planId: "base" } });
    const fresh = (await writer.call("POST", "/v1/customers/acme/keys")).json.key;
    await watcher.run();
    for (const server of [writer, reader]) {
      expect((await server.call("GET", "/v1/me", { token: key })).status).toBe(401);
      expect((await server.call("GET", "/v1/me", { token: fresh })).json.name).toBe("Acme again");
    }
    expect(await check(key)).toBe(403);
    expect(await check(fresh)).toBe(200);
  });

  test("a customer whose key was pushed out by others is read again with it, and so sees its edit", async () => {
    // Room for two keys and two customers: one of them leaves as the third comes in.
    const { writer, watcher, newCustomer, check } = await twoServers({ keys: 2, customers: 2 });
    await writer.call("POST", "/v1/plans", { body: { id: "tight", name: "Tight", perDay: 1 } });
    const [first, ...others] = [
      await newCustomer("tight", "A"),
      await newCustomer("tight", "B"),
      await newCustomer("tight", "C"),
    ];
    await watcher.run();
    for (const { key } of [first, ...others]) expect(await check(key)).toBe(200);
    await writer.call("PATCH", `/v1/customers/${first?.id}`, { body: { overrides: { perDay: 10 } } });
    await watcher.run();
    expect(await check(first?.key as string)).toBe(200);
  });

  test("the server that writes applies its own change once, before it answers", async () => {
    const hand = scheduleByHand();
    const writer = await testApp({ schedule: hand.schedule });
    await hand.started();
    const changes: ConfigChange[] = [];
    writer.config.onChange((change) => changes.push(change));
    await writer.call("POST", "/v1/plans", { body: { id: "base", name: "Base", perDay: 100 } });
    expect(changes).toEqual([{ kind: "plan", id: "base" }]);
    // Its watcher's next read finds nothing new: the change is not applied again.
    await hand.watcher().run();
    expect(changes).toEqual([{ kind: "plan", id: "base" }]);
  });

  test("a webhook's changes, audited as they are, drop nothing any server caches", async () => {
    const { writer, reader, watcher, newCustomer, check } = await twoServers();
    await writer.call("POST", "/v1/plans", { body: { id: "tight", name: "Tight", perDay: 1 } });
    const acme = await newCustomer("tight");
    await watcher.run();
    expect([await check(acme.key), await check(acme.key)]).toEqual([200, 429]);
    const hits = await denyCacheHits(reader);
    const hook = (
      await writer.call("POST", "/v1/webhooks", {
        body: { url: "https://127.0.0.1:9/hooks", events: ["usage.threshold"] },
      })
    ).json;
    await writer.call("POST", `/v1/webhooks/${hook.id}/test`);
    await writer.call("DELETE", `/v1/webhooks/${hook.id}`);
    const changes: ConfigChange[] = [];
    reader.config.onChange((change) => changes.push(change));
    await watcher.run();
    expect(changes).toEqual([]);
    expect(await check(acme.key)).toBe(429);
    expect(await denyCacheHits(reader)).toBe(hits + 1);
  });
});
