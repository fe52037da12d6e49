// The typed client against the real service: resources and their entries, refunds, leases (requests in flight,
// reserve and settle), usage and daily usage.
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type BouncerClient,
  BouncerError,
  BouncerUnavailable,
  type CheckBody,
  type CheckResult,
  createClient,
  type LimitEntry,
  type LimitName,
} from "./client";
import { type Bouncer, startBouncer } from "./testing/bouncer";

let bouncer: Bouncer;
let client: BouncerClient;

/** The body of a check that was allowed or denied as expected; anything else fails the test. */
function decided(result: CheckResult, outcome: "allowed" | "denied"): CheckBody {
  if (result.outcome !== outcome) throw new Error(`expected ${outcome}, got ${JSON.stringify(result)}`);
  return result.body;
}
const names = (limits: { name: LimitName }[]) => limits.map((l) => l.name);
// What a refund can restore exactly: a bucket's reset moves with the clock, its remaining and every window's do not.
const levels = (limits: { name: LimitName; limit: number; remaining: number }[]) =>
  limits.map(({ name, limit, remaining }) => ({ name, limit, remaining }));

const entry = (limits: LimitEntry[], name: LimitName) => limits.find((l) => l.name === name);
/** The lease an allowed check took; anything else fails the test. */
function leaseOf(result: CheckResult): string {
  const lease = decided(result, "allowed").lease;
  if (!lease) throw new Error(`expected a lease, got ${JSON.stringify(result)}`);
  return lease.id;
}

beforeAll(async () => {
  bouncer = await startBouncer();
  await bouncer.admin("POST", "/v1/plans", {
    id: "metered",
    name: "Metered",
    burst: 10,
    perMinute: 60,
    perWeek: 1000,
    perMonth: 2000,
    resources: { "ai.generate": { perMinute: 2, perDay: 10 } },
  });
  await bouncer.admin("POST", "/v1/plans", { id: "llm", name: "LLM", perDay: 10_000, concurrent: 2 });
  client = createClient({ baseUrl: bouncer.url, token: await bouncer.serviceToken() });
});
afterAll(() => bouncer?.kill());

describe("the client against the real service", () => {
  test("usage lists the plan's limits, week and month among them, then each resource's, consuming nothing", async () => {
    const { id } = await bouncer.customer("metered", { billingDay: 17 });
    const first = await client.usage(id);
    expect(levels((await client.usage(id)).limits)).toEqual(levels(first.limits));
    expect(first).toMatchObject({ customerId: id, planId: "metered" });
    expect(names(first.limits)).toEqual(["burst", "week", "month", "ai.generate/burst", "ai.generate/day"]);
  });

  test("a check that names a resource is held to the resource's limits as well as the plan's", async () => {
    const { key } = await bouncer.customer("metered");
    const plain = await client.check({ key });
    expect(names(decided(plain, "allowed").limits)).toEqual(["burst", "week", "month"]);

    const spent = await client.check({ key, resource: "ai.generate", cost: 2 });
    const { limits } = decided(spent, "allowed");
    expect(names(limits)).toEqual(["burst", "week", "month", "ai.generate/burst", "ai.generate/day"]);
    expect(limits.find((l) => l.name === "ai.generate/day")).toMatchObject({ limit: 10, remaining: 8 });
    expect(limits.find((l) => l.name === "week")).toMatchObject({ limit: 1000, remaining: 997 });

    const denied = await client.check({ key, resource: "ai.generate" });
    expect(decided(denied, "denied")).toMatchObject({ allowed: false, limit: 2, remaining: 0 });
    // A resource the plan does not name: the plan's limits alone.
    expect((await client.check({ key, resource: "search" })).outcome).toBe("allowed");
  });

  test("refund gives a check's cost back to every limit it counted in, and answers the usage after it", async () => {
    const { id, key } = await bouncer.customer("metered");
    const before = await client.usage(id);
    const checked = await client.check({ key, resource: "ai.generate", cost: 2 });
    expect(checked.outcome).toBe("allowed");
    expect(levels((await client.usage(id)).limits)).not.toEqual(levels(before.limits));

    const refunded = await client.refund({ key, resource: "ai.generate", cost: 2 });
    expect(refunded).toMatchObject({ customerId: id, planId: "metered" });
    expect(levels(refunded.limits)).toEqual(levels(before.limits));
    // Never beyond a limit's size: a refund of what was not spent leaves the limits full. Without a resource it
    // answers the plan's limits alone, those it gave back to.
    const plain = await client.refund({ key, cost: 5 });
    expect(levels(plain.limits)).toEqual(levels(before.limits).filter((l) => !l.name.includes("/")));
  });

  test("anonymous traffic: checked and refunded by IP address under the plan anonymous, with no customer", async () => {
    await bouncer.admin("POST", "/v1/plans", { id: "anonymous", name: "Anonymous", perMinute: 3, perDay: 50 });
    const ip = "203.0.113.7";
    const checked = await client.check({ ip, cost: 3 });
    expect(checked.outcome).toBe("allowed");
    expect((await client.check({ ip })).outcome).toBe("denied");
    const refunded = await client.refund({ ip, cost: 3 });
    expect(refunded).toMatchObject({ customerId: null, planId: "anonymous" });
    expect(levels(refunded.limits)).toEqual([
      { name: "burst", limit: 3, remaining: 3 },
      { name: "day", limit: 50, remaining: 50 },
    ]);
  });

  test("refund of a key Bouncer does not know is an error of the caller", async () => {
    await expect(client.refund({ key: "qk_not-a-real-key", cost: 1 })).rejects.toMatchObject({
      status: 403,
      code: "unknown_key",
    });
    await expect(client.refund({ key: "qk_not-a-real-key", cost: 1 })).rejects.toBeInstanceOf(BouncerError);
  });

  test("a check Bouncer refuses is a BouncerError with its code, message and request id, never an outage", async () => {
    const refused = client.check({ key: "qk_x", resource: "AI.Generate" });
    await expect(refused).rejects.toBeInstanceOf(BouncerError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      code: "invalid_request",
      message: expect.stringContaining("resource"),
      requestId: expect.any(String),
    });
    // A wrong baseUrl is Bouncer answering 404 with its envelope: the caller's mistake, told as such.
    const misplaced = createClient({ baseUrl: `${bouncer.url}/bouncer`, token: bouncer.adminToken });
    await expect(misplaced.check({ key: "qk_x" })).rejects.toMatchObject({ status: 404, code: "not_found" });
    // Nobody listening: Bouncer cannot be reached.
    const gone = createClient({ baseUrl: "http://127.0.0.1:1", token: "t" });
    await expect(gone.check({ key: "qk_x" })).rejects.toBeInstanceOf(BouncerUnavailable);
  });

  test("a wrong baseUrl, token or timeoutMs is a TypeError when the client is made, never the token in its words", () => {
    const token = "qt_secret-0123456789";
    for (const baseUrl of ["127.0.0.1:8787", "localhost:8787", "ftp://127.0.0.1", "not a url", ""]) {
      expect(() => createClient({ baseUrl, token })).toThrow(/baseUrl must be an http or https URL/);
    }
    // fetch refuses a URL with credentials, so each check would fail (and a middleware failing open serve unchecked).
    for (const baseUrl of [
      "http://user:pw@127.0.0.1:8787",
      "http://user@127.0.0.1:8787",
      "http://h/?a=1",
      "http://h/#x",
    ]) {
      expect(() => createClient({ baseUrl, token })).toThrow(/Bouncer's address alone/);
      expect(() => createClient({ baseUrl, token })).not.toThrow(/pw/);
    }
    for (const bad of ["", `${token}\n`, `${token} x`, `${token}é`]) {
      expect(() => createClient({ baseUrl: bouncer.url, token: bad })).toThrow(TypeError);
      expect(() => createClient({ baseUrl: bouncer.url, token: bad })).not.toThrow(/secret/);
    }
    for (const timeoutMs of [Number.NaN, 0, -1, 1.5, 2 ** 31]) {
      expect(() => createClient({ baseUrl: bouncer.url, token, timeoutMs })).toThrow(/timeoutMs must be/);
    }
    expect(() => createClient({ baseUrl: "https://bouncer.internal/", token, timeoutMs: 1 })).not.toThrow();
    expect(() => createClient({ baseUrl: "https://gateway.internal/bouncer/", token })).not.toThrow();
  });

  test("a key no customer can hold (empty, or longer than 256 characters: a JWT) is unknown, without a request", async () => {
    let sent = 0;
    const counting = createClient({
      baseUrl: bouncer.url,
      token: bouncer.adminToken,
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    for (const key of ["", "k".repeat(257)]) expect(await counting.check({ key })).toEqual({ outcome: "unknown_key" });
    expect(sent).toBe(0);
    // 256 characters is a key Bouncer looks up.
    expect(await counting.check({ key: "k".repeat(256) })).toEqual({ outcome: "unknown_key" });
    expect(sent).toBe(1);
  });

  test("a 200 that is not Bouncer's answer (JSON of something in its place) is Bouncer not answering, on every call", async () => {
    const elsewhere = createServer((_, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
    );
    await new Promise<void>((r) => elsewhere.listen(0, "127.0.0.1", r));
    try {
      const misrouted = createClient({
        baseUrl: `http://127.0.0.1:${(elsewhere.address() as { port: number }).port}`,
        token: "t",
      });
      for (const call of [
        () => misrouted.settle("ls_x", 1),
        () => misrouted.release("ls_x"),
        () => misrouted.refund({ key: "qk_x", cost: 1 }),
        () => misrouted.usage("acme"),
        () => misrouted.dailyUsage("acme"),
      ]) {
        await expect(call()).rejects.toBeInstanceOf(BouncerUnavailable);
      }
    } finally {
      elsewhere.close();
    }
  });

  test("daily usage: one point per UTC day, oldest first, today's counting the checks made (admin token)", async () => {
    const { id, key } = await bouncer.customer("metered");
    for (const resource of [undefined, "ai.generate", "ai.generate", "ai.generate"])
      await client.check({ key, resource });
    const admin = createClient({ baseUrl: bouncer.url, token: bouncer.adminToken });
    const { points } = await admin.dailyUsage(id, 7);
    expect(points).toHaveLength(7);
    const days = points.map((p) => p.day);
    expect(days).toEqual([...days].sort());
    expect(points.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), allowed: 3, denied: 1, units: 3 });

    // The contract gives service tokens the check, refunds and usage, not the daily history.
    await expect(client.dailyUsage(id)).rejects.toMatchObject({ status: 403, code: "forbidden" });
  });
});

describe("leases through the client against the real service", () => {
  test("a concurrent limit of 2: a third check in flight is denied by `concurrent`; a release frees a slot, once", async () => {
    const { key } = await bouncer.customer("llm");
    const first = await client.check({ key });
    const lease = leaseOf(first);
    expect(decided(first, "allowed").lease?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(entry(decided(first, "allowed").limits, "concurrent")).toMatchObject({ limit: 2, remaining: 1 });
    leaseOf(await client.check({ key, leaseSeconds: 5 }));

    const denied = decided(await client.check({ key }), "denied");
    expect(denied.lease).toBeUndefined();
    expect(entry(denied.limits, "concurrent")).toMatchObject({ limit: 2, remaining: 0 });

    const released = await client.release(lease);
    if (released.outcome !== "released") throw new Error(`expected released, got ${JSON.stringify(released)}`);
    expect(entry(released.body.limits, "concurrent")).toMatchObject({ remaining: 1 });
    expect(await client.release(lease)).toEqual({ outcome: "ended", message: expect.stringContaining("ended") });
    leaseOf(await client.check({ key }));
    expect((await client.check({ key })).outcome).toBe("denied");
  });

  test("reserve 4,000 and settle at 1,500: 8,500 of 10,000 left today, and the day counts 1,500 units", async () => {
    const { id, key } = await bouncer.customer("llm");
    const reserved = await client.reserve({ key, cost: 4000, leaseSeconds: 120 });
    expect(entry(decided(reserved, "allowed").limits, "day")).toMatchObject({ remaining: 6000 });

    const settled = await client.settle(leaseOf(reserved), 1500);
    if (settled.outcome !== "settled") throw new Error(`expected settled, got ${JSON.stringify(settled)}`);
    expect(settled.body).toMatchObject({ customerId: id, planId: "llm" });
    expect(entry(settled.body.limits, "day")).toMatchObject({ limit: 10_000, remaining: 8500 });
    // Settling ended the lease: its slot under `concurrent` is free.
    expect(entry(settled.body.limits, "concurrent")).toMatchObject({ remaining: 2 });

    const admin = createClient({ baseUrl: bouncer.url, token: bouncer.adminToken });
    expect((await admin.dailyUsage(id, 1)).points).toEqual([
      { day: new Date().toISOString().slice(0, 10), allowed: 1, denied: 0, units: 1500 },
    ]);
  });

  test("settling twice is a conflict that changes nothing; a lease that reserved nothing cannot be settled", async () => {
    const { id, key } = await bouncer.customer("llm");
    const day = async () => entry((await client.usage(id)).limits, "day")?.remaining;
    const lease = leaseOf(await client.reserve({ key, cost: 4000 }));
    expect((await client.settle(lease, 1500)).outcome).toBe("settled");
    expect(await client.settle(lease, 10)).toEqual({
      outcome: "conflict",
      message: expect.stringContaining("settled"),
    });
    expect(await day()).toBe(8500);

    const plain = leaseOf(await client.check({ key, cost: 3 }));
    expect((await client.settle(plain, 1)).outcome).toBe("conflict");
    expect(await day()).toBe(8497);
    expect((await client.release(plain)).outcome).toBe("released");
  });

  test("a reservation released instead of settled keeps its reserved cost", async () => {
    const { id, key } = await bouncer.customer("llm");
    const lease = leaseOf(await client.reserve({ key, cost: 4000 }));
    const released = await client.release(lease);
    expect(released.outcome).toBe("released");
    const usage = await client.usage(id);
    expect(entry(usage.limits, "day")).toMatchObject({ remaining: 6000 });
    expect(entry(usage.limits, "concurrent")).toMatchObject({ remaining: 2 });
    expect((await client.settle(lease, 1)).outcome).toBe("conflict");
  });

  test("a lease id no check answered names no lease running: ended, or nothing to settle, with Bouncer's words", async () => {
    expect(await client.release("not-a-lease")).toEqual({
      outcome: "ended",
      message: expect.stringContaining("no such lease"),
    });
    expect(await client.settle("not-a-lease", 1)).toEqual({
      outcome: "conflict",
      message: expect.stringContaining("no such lease"),
    });
  });
});
