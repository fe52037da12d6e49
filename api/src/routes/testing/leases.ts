// Leases over HTTP (contract section 14): a check's lease, POST /v1/release and POST /v1/settle, over a RouteHost: in
// process (leases.test.ts) and on the Worker (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";
import { customerWithKey } from "./fixtures";

type Entry = { name: string; limit: number; remaining: number };
const entry = (limits: Entry[], name: string) => limits.find((l) => l.name === name);

/** Bodies the lease routes and the check's lease fields refuse with 400, and a word the message names. */
export const invalidLeaseBodies: [path: string, body: Record<string, unknown>, word: string][] = [
  ["/v1/release", {}, "lease"],
  ["/v1/release", { lease: 42 }, "lease"],
  ["/v1/release", { lease: "ls_sAAAAAAAAAAAAAAAAAAAAAA.Y3VzX3g", extra: 1 }, "extra"],
  ["/v1/settle", { lease: "ls_sAAAAAAAAAAAAAAAAAAAAAA.Y3VzX3g" }, "cost"],
  ["/v1/settle", { lease: "ls_sAAAAAAAAAAAAAAAAAAAAAA.Y3VzX3g", cost: -1 }, "cost"],
  ["/v1/settle", { lease: "ls_sAAAAAAAAAAAAAAAAAAAAAA.Y3VzX3g", cost: 1.5 }, "cost"],
  ["/v1/settle", { lease: "ls_sAAAAAAAAAAAAAAAAAAAAAA.Y3VzX3g", cost: "7" }, "cost"],
  ["/v1/settle", { lease: "ls_sAAAAAAAAAAAAAAAAAAAAAA.Y3VzX3g", cost: 1_000_000_001 }, "cost"],
  ["/v1/check", { key: "qk_x", leaseSeconds: 0 }, "leaseSeconds"],
  ["/v1/check", { key: "qk_x", leaseSeconds: 3601 }, "leaseSeconds"],
  ["/v1/check", { key: "qk_x", leaseSeconds: 1.5 }, "leaseSeconds"],
  ["/v1/check", { key: "qk_x", reserve: "yes" }, "reserve"],
];

export function describeLeaseRoutes(target: RouteHost) {
  describe("leases over HTTP: a check's lease, POST /v1/release, POST /v1/settle", () => {
    let t: RouteService;
    let key: string;
    let customerId: string;
    let service: string;
    const call = (path: string, body: Record<string, unknown>) => t.call("POST", path, { token: service, body });
    const usage = async () => (await t.call("GET", `/v1/customers/${customerId}/usage`, { token: service })).json;
    /** Each limit's size and what is left of it: a limit with room resets "now", so its reset moves with the clock. */
    const left = async () =>
      (await usage()).limits.map(({ name, limit, remaining }: Entry) => ({ name, limit, remaining }));

    beforeEach(async () => {
      t = await target.fresh();
      const plan = {
        id: "llm",
        name: "LLM",
        perDay: 10_000,
        concurrent: 2,
        resources: { "ai.generate": { concurrent: 1 } },
      };
      ({ customerId, key, service } = await customerWithKey(t, plan));
    });

    test("concurrent 2: two checks hold leases, the third is denied by `concurrent`; a release frees one, once", async () => {
      const before = Math.floor(Date.now() / 1000);
      const first = await call("/v1/check", { key });
      const after = Math.ceil(Date.now() / 1000);
      expect(first.status).toBe(200);
      expect(first.json.lease.id).toMatch(/^ls_/);
      // 60 s by default, ending on a whole second.
      expect(first.json.lease.expiresAt).toBeGreaterThanOrEqual(before + 60);
      expect(first.json.lease.expiresAt).toBeLessThanOrEqual(after + 61);
      expect(entry(first.json.limits, "concurrent")).toMatchObject({ limit: 2, remaining: 1 });
      expect(first.headers.get("ratelimit-policy")).toContain('"concurrent";q=2');
      expect((await call("/v1/check", { key, leaseSeconds: 5 })).json.lease.expiresAt).toBeLessThanOrEqual(after + 6);
      const denied = await call("/v1/check", { key });
      expect(denied.status).toBe(429);
      expect(denied.json.lease).toBeUndefined();
      expect(denied.json).toMatchObject({ allowed: false, limit: 2, remaining: 0 });
      expect(entry(denied.json.limits, "concurrent")).toMatchObject({ remaining: 0 });
      // Until the first lease ends, at most a few seconds (3 s, then jitter of up to 1 s).
      expect(denied.json.retryAfter).toBeGreaterThanOrEqual(1);
      expect(denied.json.retryAfter).toBeLessThanOrEqual(4);
      expect(Number(denied.headers.get("retry-after"))).toBe(denied.json.retryAfter);

      const released = await call("/v1/release", { lease: first.json.lease.id });
      expect(released.status).toBe(200);
      expect(released.json).toMatchObject({ customerId, planId: "llm" });
      expect(entry(released.json.limits, "concurrent")).toMatchObject({ limit: 2, remaining: 1 });
      const again = await call("/v1/release", { lease: first.json.lease.id });
      expect(again.status).toBe(404);
      expect(again.json.error.code).toBe("not_found");
      expect((await call("/v1/check", { key })).status).toBe(200);
      expect((await call("/v1/check", { key })).status).toBe(429);
    });

    test("a resource's concurrent limit: its own lease, released through the same id", async () => {
      const first = await call("/v1/check", { key, resource: "ai.generate" });
      expect(first.status).toBe(200);
      const second = await call("/v1/check", { key, resource: "ai.generate" });
      expect(second.status).toBe(429);
      expect(entry(second.json.limits, "ai.generate/concurrent")).toMatchObject({ limit: 1, remaining: 0 });
      const released = await call("/v1/release", { lease: first.json.lease.id });
      expect(entry(released.json.limits, "ai.generate/concurrent")).toMatchObject({ remaining: 1 });
      expect((await call("/v1/check", { key, resource: "ai.generate" })).status).toBe(200);
    });

    test("reserve 4,000 and settle at 1,500: 8,500 of 10,000 left; a second settle is 409 and changes nothing", async () => {
      const reserved = await call("/v1/check", { key, cost: 4000, reserve: true, leaseSeconds: 120 });
      expect(reserved.status).toBe(200);
      expect(entry(reserved.json.limits, "day")?.remaining).toBeLessThanOrEqual(6000);
      const settled = await call("/v1/settle", { lease: reserved.json.lease.id, cost: 1500 });
      expect(settled.status).toBe(200);
      expect(entry(settled.json.limits, "day")).toMatchObject({ limit: 10_000, remaining: 8500 });
      // The settle ended the lease: its slot is free.
      expect(entry(settled.json.limits, "concurrent")).toMatchObject({ remaining: 2 });
      const twice = await call("/v1/settle", { lease: reserved.json.lease.id, cost: 10 });
      expect(twice.status).toBe(409);
      expect(twice.json.error.code).toBe("conflict");
      expect(entry((await usage()).limits, "day")?.remaining).toBe(8500);
    });

    test("a lease on a resource the plan no longer names is released there, once, and settled into its counts", async () => {
      const names = (limits: Entry[]) => limits.map((l) => l.name);
      const held = await call("/v1/check", { key, resource: "ai.generate" });
      const reserved = await call("/v1/check", { key, cost: 50, reserve: true });
      expect([held.status, reserved.status]).toEqual([200, 200]);
      // The plan drops the resource and its own concurrent limit while both leases are held.
      const edit = (body: Record<string, unknown>) => t.call("PATCH", "/v1/plans/llm", { body });
      expect((await edit({ concurrent: null, resources: {} })).status).toBe(200);
      const released = await call("/v1/release", { lease: held.json.lease.id });
      expect(released.status).toBe(200);
      expect(names(released.json.limits)).toEqual(["day"]);
      expect((await call("/v1/release", { lease: held.json.lease.id })).status).toBe(404);
      expect((await call("/v1/settle", { lease: reserved.json.lease.id, cost: 20 })).status).toBe(200);
      // Back as it was: the resource's slot is free, and the day holds what was settled and the one check.
      expect((await edit({ concurrent: 2, resources: { "ai.generate": { concurrent: 1 } } })).status).toBe(200);
      expect(await left()).toEqual([
        { name: "day", limit: 10_000, remaining: 10_000 - 21 },
        { name: "concurrent", limit: 2, remaining: 2 },
        { name: "ai.generate/concurrent", limit: 1, remaining: 1 },
      ]);
      expect((await call("/v1/check", { key, resource: "ai.generate" })).status).toBe(200);
    });

    test("a lease that reserved nothing cannot be settled; a lease of a customer that is gone has ended", async () => {
      const plain = await call("/v1/check", { key });
      expect((await call("/v1/settle", { lease: plain.json.lease.id, cost: 3 })).status).toBe(409);
      expect((await call("/v1/release", { lease: plain.json.lease.id })).status).toBe(200);
      const gone = plain.json.lease.id.replace(/\.[^.]+$/, `.${btoa("cus_nobody").replace(/=+$/, "")}`);
      expect((await call("/v1/release", { lease: gone })).status).toBe(404);
      expect((await call("/v1/settle", { lease: gone, cost: 1 })).status).toBe(409);
    });

    test("an id no check answered is a lease that is not running: release 404, settle 409, nothing changes", async () => {
      const held = await call("/v1/check", { key, reserve: true, cost: 10 });
      const before = await left();
      for (const lease of ["nope", "ls_nope", "ls_s0000000000000000000000.!!", `${held.json.lease.id}x`]) {
        const released = await call("/v1/release", { lease });
        expect([released.status, released.json.error.code], lease).toEqual([404, "not_found"]);
        const settled = await call("/v1/settle", { lease, cost: 1 });
        expect([settled.status, settled.json.error.code], lease).toEqual([409, "conflict"]);
      }
      expect(await left()).toEqual(before);
      expect((await call("/v1/settle", { lease: held.json.lease.id, cost: 1 })).status).toBe(200);
    });

    test("a lease id whose resource was added, taken away or made up settles nothing: 409, every limit as it was", async () => {
      const ai = btoa("ai.generate").replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
      const plain = (await call("/v1/check", { key, reserve: true, cost: 5 })).json.lease.id;
      const named = (await call("/v1/check", { key, resource: "ai.generate", reserve: true, cost: 5 })).json.lease.id;
      const before = await left();
      for (const lease of [`${plain}.${ai}`, named.replace(/\.[^.]+$/, ""), `${plain}.Z2FyYmFnZQ`]) {
        const settled = await call("/v1/settle", { lease, cost: 50 });
        expect([settled.status, settled.json.error?.code], lease).toEqual([409, "conflict"]);
      }
      expect(await left()).toEqual(before);
      expect((await call("/v1/settle", { lease: plain, cost: 1 })).status).toBe(200);
      expect((await call("/v1/settle", { lease: named, cost: 1 })).status).toBe(200);
    });

    test("bad bodies get 400 invalid_request and change nothing", async () => {
      const held = await call("/v1/check", { key, reserve: true, cost: 10 });
      const before = await left();
      for (const [path, body, word] of invalidLeaseBodies) {
        const res = await call(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json.error.code).toBe("invalid_request");
        expect(res.json.error.message).toContain(word);
      }
      expect(await left()).toEqual(before);
      // The lease held before is still there to settle.
      expect((await call("/v1/settle", { lease: held.json.lease.id, cost: 1 })).status).toBe(200);
    });
  });
}
