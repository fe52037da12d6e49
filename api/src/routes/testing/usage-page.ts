// The GET /v1/usage suite over a RouteHost: in process (usage-page.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts). Customers are set apart by checks made through /v1/check.
import { beforeEach, describe, expect, test } from "vitest";
import type { Answer, RouteHost, RouteService } from "../../testing/test-app";

/** A bucket of 5 refilled one a minute, so nothing refills within a test; 100 an hour; a resource of 50 a day. */
const plan = {
  id: "metered",
  name: "Metered",
  burst: 5,
  perMinute: 1,
  perHour: 100,
  perDay: 1000,
  resources: { "ai.generate": { perDay: 50 } },
};

type Row = { customerId: string; name: string; limits: { name: string; remaining: number; reset: number }[] };

const names = (answer: Answer) => answer.json.customers.map((c: Row) => c.name);
const row = (answer: Answer, name: string) => answer.json.customers.find((c: Row) => c.name === name);

export function describeLiveRoutes(target: RouteHost) {
  describe("GET /v1/usage", () => {
    let t: RouteService;
    let service: string;
    let ids: Record<string, string>;
    let keys: Record<string, string>;

    async function customer(name: string, overrides?: Record<string, unknown>) {
      const made = await t.call("POST", "/v1/customers", { body: { name, planId: plan.id, overrides } });
      ids[name] = made.json.id;
      keys[name] = (await t.call("POST", `/v1/customers/${made.json.id}/keys`)).json.key;
    }

    async function checks(name: string, times: number, cost = 1) {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) {
        const res = await t.call("POST", "/v1/check", { token: service, body: { key: keys[name], cost } });
        statuses.push(res.status);
      }
      return statuses;
    }

    beforeEach(async () => {
      t = await target.fresh();
      ids = {};
      keys = {};
      await t.call("POST", "/v1/plans", { body: plan });
      service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
      // Alpha untouched; Bravo 3 of its 5 used; Charlie all 5 and then denied once; Delta 1 used and denied twice
      // for asking more than any limit holds (a denial the store counts at once, with nothing remembered in memory).
      await customer("Alpha");
      await customer("Bravo", { perDay: 2000, perHour: 100 });
      await customer("Charlie", { perMinute: 2, resources: { "ai.generate": { perDay: 80 } } });
      await customer("Delta");
      expect(await checks("Bravo", 3)).toEqual([200, 200, 200]);
      expect(await checks("Charlie", 6)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await checks("Delta", 1)).toEqual([200]);
      expect(await checks("Delta", 2, 6)).toEqual([429, 429]);
    });

    test("only an admin reads it: 401 without a bearer, 403 for a service token or a customer's key", async () => {
      const none = await t.call("GET", "/v1/usage", { token: null });
      expect(none.status).toBe(401);
      expect(none.json.error.code).toBe("unauthorized");
      for (const token of [service, keys.Alpha]) {
        const res = await t.call("GET", "/v1/usage", { token });
        expect(res.status).toBe(403);
        expect(res.json.error.code).toBe("forbidden");
      }
    });

    test("a bad query gets 400 with the error envelope", async () => {
      for (const query of ["sort=loudest", "limit=0", "limit=501", "limit=ten", "limit=1.5", `q=${"x".repeat(101)}`]) {
        const res = await t.call("GET", `/v1/usage?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.json.error.code, query).toBe("invalid_request");
        expect(typeof res.json.error.message, query).toBe("string");
      }
    });

    test("sort=nearest (the default): the smallest share left of any limit first", async () => {
      const res = await t.call("GET", "/v1/usage");
      expect(res.status).toBe(200);
      expect(res.json.total).toBe(4);
      // Charlie's bucket is empty (0 of 5), Bravo's has 2, Delta's 4, Alpha's is full.
      expect(names(res)).toEqual(["Charlie", "Bravo", "Delta", "Alpha"]);
      expect(names(await t.call("GET", "/v1/usage?sort=nearest"))).toEqual(names(res));
    });

    // Found by an audit: the board keeps each customer's share as its last check left it, and nothing marked it again
    // when it grew (a reset) or the customer went (a delete). More such customers at 0 than the page asks the board
    // for took every place of it: the page showed a customer with its whole quota left, and none of those nearest.
    test("sort=nearest: customers reset or deleted since their last check do not push out those nearest", async () => {
      const spent: string[] = [];
      for (let i = 0; i < 24; i++) {
        await customer(`Spent ${i}`);
        spent.push(`Spent ${i}`);
        expect(await checks(`Spent ${i}`, 1, 5)).toEqual([200]);
      }
      // Charlie too, at 0 as they were: now Bravo (2 of 5 left) is the nearest.
      for (const name of [...spent.slice(0, 12), "Charlie"]) {
        expect((await t.call("POST", `/v1/customers/${ids[name]}/reset`)).status).toBe(200);
      }
      for (const name of spent.slice(12)) {
        expect((await t.call("DELETE", `/v1/customers/${ids[name]}`)).status).toBe(204);
      }
      const first = await t.call("GET", "/v1/usage?sort=nearest&limit=2");
      expect(first.status).toBe(200);
      expect(names(first)).toEqual(["Bravo", "Delta"]);
      expect(first.json.total).toBe(16);
      // Set right on the board as found, the next refresh finds the same.
      expect(names(await t.call("GET", "/v1/usage?sort=nearest&limit=2"))).toEqual(["Bravo", "Delta"]);
    });

    test("sort=denied: most denials in the last hour first, ties by name; sort=name: by name", async () => {
      expect(names(await t.call("GET", "/v1/usage?sort=denied"))).toEqual(["Delta", "Charlie", "Alpha", "Bravo"]);
      expect(names(await t.call("GET", "/v1/usage?sort=name"))).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    });

    test("each customer's last hour: checks allowed and denied, and the traffic of all added up", async () => {
      const res = await t.call("GET", "/v1/usage?sort=name");
      const hours = res.json.customers.map((c: { allowed: number; denied: number }) => [c.allowed, c.denied]);
      expect(hours).toEqual([
        [0, 0],
        [3, 0],
        [5, 1],
        [1, 2],
      ]);
      const points: { allowed: number; denied: number }[] = res.json.traffic.points;
      expect(points).toHaveLength(60);
      expect(points.reduce((sum, p) => sum + p.allowed, 0)).toBe(9);
      expect(points.reduce((sum, p) => sum + p.denied, 0)).toBe(3);
    });

    test("the limit denying now is named; topThrottled lists the denied, most first", async () => {
      const res = await t.call("GET", "/v1/usage");
      expect(row(res, "Charlie").denying).toEqual(["burst"]);
      for (const name of ["Alpha", "Bravo", "Delta"]) expect(row(res, name).denying, name).toEqual([]);
      expect(res.json.topThrottled).toEqual([
        { customerId: ids.Delta, name: "Delta", allowed: 1, denied: 2 },
        { customerId: ids.Charlie, name: "Charlie", allowed: 5, denied: 1 },
      ]);
    });

    test("overridden limits are those whose numbers differ from the plan's", async () => {
      const res = await t.call("GET", "/v1/usage");
      // Bravo's perHour override is the plan's own 100: not a change.
      expect(row(res, "Bravo").overridden).toEqual(["day"]);
      // A bucket refilled at another rate is another bucket; a resource's limit is named as in the check.
      expect(row(res, "Charlie").overridden).toEqual(["burst", "ai.generate/day"]);
      expect(row(res, "Alpha").overridden).toEqual([]);
    });

    test("q finds customers by the start of their id or of a word of their name, in any case; limit returns the first of them, total counts all", async () => {
      expect(names(await t.call("GET", "/v1/usage?q=RAV"))).toEqual([]);
      const byName = await t.call("GET", "/v1/usage?q=BRA");
      expect(names(byName)).toEqual(["Bravo"]);
      expect(byName.json.total).toBe(1);
      expect(names(await t.call("GET", `/v1/usage?q=${encodeURIComponent(ids.Delta as string)}`))).toEqual(["Delta"]);
      const none = await t.call("GET", "/v1/usage?q=nobody");
      expect(none.json).toMatchObject({ total: 0, customers: [], topThrottled: [] });
      const page = await t.call("GET", "/v1/usage?sort=name&limit=2");
      expect(names(page)).toEqual(["Alpha", "Bravo"]);
      expect(page.json.total).toBe(4);
      // The most throttled and the traffic cover every match, not only the page.
      expect(page.json.topThrottled.map((c: Row) => c.name)).toEqual(["Delta", "Charlie"]);
      // Search narrows them too: Charlie's own traffic.
      const charlie = await t.call("GET", "/v1/usage?q=charlie");
      expect(charlie.json.traffic.points.reduce((sum: number, p: { denied: number }) => sum + p.denied, 0)).toBe(1);
    });

    test("every customer's limits are what /v1/customers/{id}/usage says", async () => {
      const res = await t.call("GET", "/v1/usage");
      for (const c of res.json.customers as (Row & { planId: string })[]) {
        const usage = (await t.call("GET", `/v1/customers/${c.customerId}/usage`)).json;
        expect(c.customerId).toBe(usage.customerId);
        expect(c.planId).toBe(usage.planId);
        // A bucket's reset is a second that may turn between the two reads; everything else is the same.
        const steady = (limits: Row["limits"]) =>
          limits.map((l) => (l.name.endsWith("burst") ? { ...l, reset: undefined } : l));
        expect(steady(c.limits), c.name).toEqual(steady(usage.limits));
      }
    });
  });
}
