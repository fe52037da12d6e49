// The customer routes' tests over a RouteHost: in process (customers.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";

const pro = { id: "pro", name: "Pro", burst: 20, perMinute: 100, perHour: 5000, perDay: 50000 };

type Listed = { id: string; name: string; createdAt: string };

/** The list's order, as SQLite compares text (by code unit, not by locale): createdAt, then id, descending. */
const newestFirst = (a: Listed, b: Listed) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

export function describeCustomerRoutes(target: RouteHost) {
  describe("customers", () => {
    let t: RouteService;
    beforeEach(async () => {
      t = await target.fresh();
      await t.call("POST", "/v1/plans", { body: pro });
      await t.call("POST", "/v1/plans", { body: { id: "free", name: "Free", perMinute: 10 } });
    });

    test("create with a made id, read, list, change and delete, with versions and ETags", async () => {
      const created = await t.call("POST", "/v1/customers", {
        body: { name: "Acme Ltd", planId: "pro", overrides: { perDay: 100000 } },
      });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({
        name: "Acme Ltd",
        planId: "pro",
        overrides: { perDay: 100000 },
        version: 1,
      });
      expect(created.json.id).toMatch(/^cus_[0-9A-Za-z]{16}$/);
      expect(created.headers.get("etag")).toBe('"1"');
      const id = created.json.id;

      const read = await t.call("GET", `/v1/customers/${id}`);
      expect(read.json).toEqual(created.json);
      expect(read.headers.get("etag")).toBe('"1"');
      expect((await t.call("GET", "/v1/customers")).json.customers).toEqual([created.json]);

      const moved = await t.call("PATCH", `/v1/customers/${id}`, {
        body: { planId: "free", overrides: null, name: "Acme" },
      });
      expect(moved.status).toBe(200);
      expect(moved.json).toMatchObject({ id, name: "Acme", planId: "free", overrides: null, version: 2 });
      expect(moved.json.createdAt).toBe(created.json.createdAt);
      expect(moved.headers.get("etag")).toBe('"2"');
      expect((await t.call("GET", "/v1/customers")).json.customers).toEqual([moved.json]);

      expect((await t.call("DELETE", `/v1/customers/${id}`)).status).toBe(204);
      expect((await t.call("GET", `/v1/customers/${id}`)).status).toBe(404);
    });

    test("a customer made again with a deleted one's id starts afresh: every limit full, and none of the other's history", async () => {
      await t.call("POST", "/v1/customers", { body: { id: "reuse", name: "Reuse", planId: "pro" } });
      const { key } = (await t.call("POST", "/v1/customers/reuse/keys")).json;
      for (let i = 0; i < 5; i++)
        expect((await t.call("POST", "/v1/check", { body: { key, cost: 3 } })).status).toBe(200);
      expect((await t.call("DELETE", "/v1/customers/reuse")).status).toBe(204);

      expect(
        (await t.call("POST", "/v1/customers", { body: { id: "reuse", name: "Reuse", planId: "pro" } })).status,
      ).toBe(201);
      const { limits } = (await t.call("GET", "/v1/customers/reuse/usage")).json;
      expect(limits.map((l: { name: string; remaining: number }) => [l.name, l.remaining])).toEqual([
        ["burst", 20],
        ["hour", 5000],
        ["day", 50000],
      ]);
      // The deleted customer's checks are neither shown to the new one nor billed to it (an audit found both).
      const mine = (await t.call("POST", "/v1/customers/reuse/keys")).json.key;
      expect((await t.call("POST", "/v1/check", { body: { key: mine, cost: 2 } })).status).toBe(200);
      const [today] = (await t.call("GET", "/v1/me/usage/daily?days=1", { token: mine })).json.points;
      expect(today).toMatchObject({ allowed: 1, denied: 0, units: 2 });
      const minutes = (await t.call("GET", "/v1/me/usage/history?minutes=5", { token: mine })).json.points;
      expect(minutes.reduce((n: number, p: { allowed: number }) => n + p.allowed, 0)).toBe(1);
      const day = today.day as string;
      const rows = (await t.call("GET", `/v1/usage/export?from=${day}&to=${day}&format=json`)).json;
      expect(rows.filter((r: { customerId: string }) => r.customerId === "reuse")).toMatchObject([
        { allowed: 1, units: 2 },
      ]);
    });

    test("a customer may bring its own id; a taken one gets 409", async () => {
      const created = await t.call("POST", "/v1/customers", { body: { id: "acme", name: "Acme", planId: "pro" } });
      expect(created.status).toBe(201);
      expect(created.json.id).toBe("acme");
      expect(created.json.overrides).toBeNull();
      const dup = await t.call("POST", "/v1/customers", { body: { id: "acme", name: "Other", planId: "free" } });
      expect(dup.status).toBe(409);
      expect((await t.call("GET", "/v1/customers/acme")).json.name).toBe("Acme");
    });

    test.each([
      ["an unknown plan", { name: "A", planId: "gold" }, "plan gold does not exist"],
      ["no plan", { name: "A" }, "planId"],
      ["no name", { planId: "pro" }, "name"],
      ["a name of spaces alone", { name: " \t ", planId: "pro" }, "name"],
      ["a bad id", { id: "has space", name: "A", planId: "pro" }, "id"],
      ["an override out of range", { name: "A", planId: "pro", overrides: { perDay: 0 } }, "perDay"],
      ["an override of an unknown field", { name: "A", planId: "pro", overrides: { name: "x" } }, "name"],
      ["a local share of 1", { name: "A", planId: "pro", overrides: { localShare: 1 } }, "from 2 to 10,000"],
      ["a local share of 10,001", { name: "A", planId: "pro", overrides: { localShare: 10_001 } }, "from 2 to 10,000"],
      ["a fractional local share", { name: "A", planId: "pro", overrides: { localShare: 2.5 } }, "whole number"],
      ["a local share given as a string", { name: "A", planId: "pro", overrides: { localShare: "100" } }, "localShare"],
      [
        "overrides that break the period order",
        { name: "A", planId: "pro", overrides: { perHour: 60000 } },
        "perDay must be ≥ perHour",
      ],
      [
        "overrides that drop the refill of a burst",
        { name: "A", planId: "pro", overrides: { perMinute: null } },
        "burst needs perMinute",
      ],
      [
        "overrides that remove every limit",
        { name: "A", planId: "free", overrides: { perMinute: null } },
        "at least one",
      ],
      [
        "an override of a resource named __proto__",
        { name: "A", planId: "pro", overrides: { resources: JSON.parse('{"__proto__":{"perDay":5}}') } },
        "__proto__",
      ],
    ])("creating a customer with %s is refused with 400 and changes nothing", async (_, body, hint) => {
      const res = await t.call("POST", "/v1/customers", { body });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
      expect(res.json.error.message).toContain(hint);
      expect((await t.call("GET", "/v1/customers")).json.customers).toEqual([]);
    });

    test("a local share override is kept, replaced, set to null (off) and removed like the other overrides", async () => {
      await t.call("PATCH", "/v1/plans/pro", { body: { localShare: 100 } });
      const created = await t.call("POST", "/v1/customers", {
        body: { id: "acme", name: "Acme", planId: "pro", overrides: { localShare: 500 } },
      });
      expect(created.status).toBe(201);
      expect(created.json.overrides).toEqual({ localShare: 500 });
      for (const overrides of [{ localShare: 10_000, perDay: 60000 }, { localShare: null }, null]) {
        const changed = await t.call("PATCH", "/v1/customers/acme", { body: { overrides } });
        expect(changed.status).toBe(200);
        expect((await t.call("GET", "/v1/customers/acme")).json.overrides).toEqual(overrides);
      }
      const refused = await t.call("PATCH", "/v1/customers/acme", { body: { overrides: { localShare: 1 } } });
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe("invalid_request");
      expect((await t.call("GET", "/v1/customers/acme")).json).toMatchObject({ overrides: null, version: 4 });
    });

    test("overrides are checked against the plan the customer ends up on", async () => {
      const created = await t.call("POST", "/v1/customers", {
        body: { name: "A", planId: "pro", overrides: { burst: 50 } },
      });
      // free has no perHour or perDay, so burst 50 with perMinute 10 is fine there.
      const ok = await t.call("PATCH", `/v1/customers/${created.json.id}`, { body: { planId: "free" } });
      expect(ok.status).toBe(200);
      const bad = await t.call("PATCH", `/v1/customers/${created.json.id}`, { body: { overrides: { perDay: 5 } } });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toContain("perDay must be ≥");
      expect((await t.call("PATCH", `/v1/customers/${created.json.id}`, { body: { planId: "gold" } })).status).toBe(
        400,
      );
      expect((await t.call("GET", `/v1/customers/${created.json.id}`)).json).toMatchObject({
        planId: "free",
        overrides: { burst: 50 },
      });
    });

    test("a plan edit that would leave a customer's overrides breaking a plan rule gets 409 and changes nothing", async () => {
      const created = await t.call("POST", "/v1/customers", {
        body: { name: "A", planId: "pro", overrides: { perDay: 10000 } },
      });
      // Its day would allow less than the plan's new hour.
      const edit = await t.call("PATCH", "/v1/plans/pro", { body: { perHour: 20000, perDay: 300000 } });
      expect(edit.status).toBe(409);
      expect(edit.json.error.code).toBe("conflict");
      expect(edit.json.error.message).toContain(`customer ${created.json.id}`);
      expect((await t.call("GET", "/v1/plans/pro")).json).toMatchObject({ perHour: 5000, version: 1 });
      // With the customer's overrides out of the way, the same edit goes through.
      await t.call("PATCH", `/v1/customers/${created.json.id}`, { body: { overrides: null } });
      expect((await t.call("PATCH", "/v1/plans/pro", { body: { perHour: 20000, perDay: 300000 } })).status).toBe(200);
    });

    test("deleting a customer takes its keys with it", async () => {
      const created = await t.call("POST", "/v1/customers", { body: { name: "A", planId: "pro" } });
      const key = await t.call("POST", `/v1/customers/${created.json.id}/keys`);
      expect((await t.call("GET", "/v1/me", { token: key.json.key })).status).not.toBe(401);
      await t.call("DELETE", `/v1/customers/${created.json.id}`);
      expect((await t.call("GET", "/v1/me", { token: key.json.key })).status).toBe(401);
    });

    /** Every page of GET /v1/customers with `query`, following nextCursor to the last. */
    async function pages(query: string): Promise<Listed[][]> {
      const found: Listed[][] = [];
      let cursor: string | null = null;
      do {
        const res = await t.call("GET", `/v1/customers?${query}${cursor === null ? "" : `&cursor=${cursor}`}`);
        expect(res.status).toBe(200);
        found.push(res.json.customers);
        cursor = res.json.nextCursor;
      } while (cursor !== null);
      return found;
    }
    const ids = async (q: string) => (await pages(`q=${encodeURIComponent(q)}`)).flat().map((c) => c.id);

    test("the list comes a page at a time, newest first, each customer once", async () => {
      const made: Listed[] = [];
      for (let i = 1; i <= 7; i++) {
        made.push((await t.call("POST", "/v1/customers", { body: { name: `Customer ${i}`, planId: "pro" } })).json);
      }
      const all = await t.call("GET", "/v1/customers");
      expect(all.json).toEqual({ customers: [...made].sort(newestFirst), nextCursor: null });

      const byThree = await pages("limit=3");
      expect(byThree.map((page) => page.length)).toEqual([3, 3, 1]);
      expect(byThree.flat()).toEqual(all.json.customers);
      // A page that ends exactly at the last customer says so: no empty page after it.
      expect((await pages("limit=7")).map((page) => page.length)).toEqual([7]);
      expect((await pages("limit=1")).flat()).toEqual(all.json.customers);
      expect((await t.call("GET", "/v1/customers?limit=1000")).json.customers).toHaveLength(7);
    });

    test("q finds the start of the id or of a word of the name, in any case, never inside a word", async () => {
      for (const [id, name] of [
        ["acme-eu", "Acme Europe"],
        ["globex", "Globex Corporation"],
        ["init", "Initech Ltd."],
        ["umbrella", "Umbrella Acme Holdings"],
      ]) {
        expect((await t.call("POST", "/v1/customers", { body: { id, name, planId: "pro" } })).status).toBe(201);
      }
      const made = (await t.call("POST", "/v1/customers", { body: { name: "Hooli", planId: "pro" } })).json;

      expect(await ids("ACME")).toEqual(["umbrella", "acme-eu"]);
      expect(await ids("corp")).toEqual(["globex"]);
      expect(await ids("LTD")).toEqual(["init"]);
      expect(await ids("acme h")).toEqual(["umbrella"]);
      // Punctuation parts words, in the name, the id and the search alike.
      expect(await ids("acme_eu")).toEqual(["acme-eu"]);
      expect(await ids(made.id.slice(0, 8).toUpperCase())).toEqual([made.id]);
      expect(await ids("GLOB")).toEqual(["globex"]);
      // Not the start of a word, nor words out of their order.
      for (const missed of ["cme", "obex", "tech", "brella", "rope", "ooli", "ltd acme"]) {
        expect(await ids(missed), missed).toEqual([]);
      }
      // A blank search is no search.
      expect(await ids("  ")).toHaveLength(5);
      // Its pages follow one another like the list's.
      expect((await pages("q=acme&limit=1")).map((page) => page.map((c) => c.id))).toEqual([["umbrella"], ["acme-eu"]]);
    });

    test("q follows a rename and a delete, and a refused rename changes nothing", async () => {
      await t.call("POST", "/v1/customers", { body: { id: "c1", name: "Acme Ltd", planId: "pro" } });
      expect(await ids("acme")).toEqual(["c1"]);

      expect((await t.call("PATCH", "/v1/customers/c1", { body: { name: "Zenith Ltd" } })).status).toBe(200);
      expect(await ids("acme")).toEqual([]);
      expect(await ids("zenith")).toEqual(["c1"]);
      expect(await ids("ltd")).toEqual(["c1"]);

      const stale = await t.call("PATCH", "/v1/customers/c1", {
        body: { name: "Other" },
        headers: { "if-match": '"1"' },
      });
      expect(stale.status).toBe(412);
      expect(await ids("other")).toEqual([]);
      expect(await ids("zenith")).toEqual(["c1"]);
      await t.call("PATCH", "/v1/customers/c1", { body: { planId: "free" } });
      expect(await ids("zenith")).toEqual(["c1"]);

      expect((await t.call("DELETE", "/v1/customers/c1")).status).toBe(204);
      expect(await ids("zenith")).toEqual([]);
      expect(await ids("c1")).toEqual([]);
    });

    test.each([
      ["limit=0", "limit must be a whole number from 1 to 1000"],
      ["limit=1001", "limit must be a whole number from 1 to 1000"],
      ["limit=2.5", "limit must be a whole number from 1 to 1000"],
      ["limit=ten", "limit must be a whole number from 1 to 1000"],
      ["cursor=not-a-cursor", "cursor: not a nextCursor of this list"],
      // Well-formed base64url of something else.
      [`cursor=${btoa('["yesterday","acme"]').replace(/=+$/, "")}`, "cursor: not a nextCursor of this list"],
      [`cursor=${btoa("{}").replace(/=+$/, "")}`, "cursor: not a nextCursor of this list"],
      [`q=${"a".repeat(101)}`, "q must be at most 100 characters"],
    ])("GET /v1/customers?%s is a 400 that changes nothing", async (query, message) => {
      await t.call("POST", "/v1/customers", { body: { id: "acme", name: "Acme", planId: "pro" } });
      const [list, audit] = [await t.call("GET", "/v1/customers"), await t.call("GET", "/v1/audit")];
      const res = await t.call("GET", `/v1/customers?${query}`);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: "invalid_request", requestId: expect.any(String) });
      expect(res.json.error.message).toContain(message);
      expect((await t.call("GET", "/v1/customers")).json).toEqual(list.json);
      expect((await t.call("GET", "/v1/audit")).json).toEqual(audit.json);
    });

    test("unknown customers get 404", async () => {
      expect((await t.call("GET", "/v1/customers/cus_nope")).status).toBe(404);
      expect((await t.call("PATCH", "/v1/customers/cus_nope", { body: { name: "x" } })).status).toBe(404);
      expect((await t.call("DELETE", "/v1/customers/cus_nope")).status).toBe(404);
    });
  });
}
