// The plan routes' tests over a RouteHost: in process (plans.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";
import { emptyIfMatch } from "./if-match";

const pro = { id: "pro", name: "Pro", burst: 20, perMinute: 100, perHour: 5000, perDay: 50000 };

export function describePlanRoutes(target: RouteHost) {
  describe("plans", () => {
    let t: RouteService;
    beforeEach(async () => {
      t = await target.fresh();
    });

    test("create, read, list, change and delete a plan, with versions and ETags", async () => {
      const created = await t.call("POST", "/v1/plans", { body: { ...pro, failMode: "closed" } });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ ...pro, failMode: "closed", shadow: false, version: 1 });
      expect(created.json.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(created.headers.get("etag")).toBe('"1"');

      const read = await t.call("GET", "/v1/plans/pro");
      expect(read.status).toBe(200);
      expect(read.json).toEqual(created.json);
      expect(read.headers.get("etag")).toBe('"1"');

      const changed = await t.call("PATCH", "/v1/plans/pro", { body: { perDay: 60000, shadow: true } });
      expect(changed.status).toBe(200);
      expect(changed.json).toMatchObject({
        perDay: 60000,
        shadow: true,
        version: 2,
        createdAt: created.json.createdAt,
      });
      expect(changed.headers.get("etag")).toBe('"2"');

      // Setting what is already there changes nothing: same version, nothing audited.
      const same = await t.call("PATCH", "/v1/plans/pro", { body: { perDay: 60000, name: pro.name } });
      expect(same.status).toBe(200);
      expect(same.json).toEqual(changed.json);
      expect(same.headers.get("etag")).toBe('"2"');
      const audited = (await t.call("GET", "/v1/audit")).json.entries.filter(
        (e: { action: string }) => e.action === "plan.update",
      );
      expect(audited).toHaveLength(1);

      const list = await t.call("GET", "/v1/plans");
      expect(list.status).toBe(200);
      expect(list.json.plans).toEqual([changed.json]);

      const deleted = await t.call("DELETE", "/v1/plans/pro");
      expect(deleted.status).toBe(204);
      expect((await t.call("GET", "/v1/plans/pro")).status).toBe(404);
    });

    test("omitted fields take their defaults: no limit of that kind, fail open, not shadow, no local share", async () => {
      const created = await t.call("POST", "/v1/plans", { body: { id: "hourly", name: "Hourly", perHour: 10 } });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({
        burst: null,
        perMinute: null,
        perHour: 10,
        perDay: null,
        failMode: "open",
        shadow: false,
        localShare: null,
        alerts: [],
      });
    });

    test("a local share is kept as given, changed to either end of its range, and turned off with null", async () => {
      const created = await t.call("POST", "/v1/plans", { body: { ...pro, localShare: 100 } });
      expect(created.status).toBe(201);
      expect(created.json.localShare).toBe(100);
      expect((await t.call("GET", "/v1/plans/pro")).json.localShare).toBe(100);
      let version = created.json.version;
      for (const localShare of [2, 10_000, null]) {
        const changed = await t.call("PATCH", "/v1/plans/pro", { body: { localShare } });
        expect(changed.status).toBe(200);
        expect(changed.json).toMatchObject({ localShare, version: ++version });
        expect((await t.call("GET", "/v1/plans/pro")).json.localShare).toBe(localShare);
      }
      const audited = (await t.call("GET", "/v1/audit")).json.entries.find(
        (e: { action: string }) => e.action === "plan.update",
      );
      expect(audited).toMatchObject({ before: { localShare: 10_000 }, after: { localShare: null } });
    });

    test("alerts are kept in ascending order, changed, and turned off with []; a customer's override replaces them", async () => {
      const created = await t.call("POST", "/v1/plans", { body: { ...pro, alerts: [100, 80] } });
      expect(created.status).toBe(201);
      expect(created.json.alerts).toEqual([80, 100]);
      expect((await t.call("GET", "/v1/plans/pro")).json.alerts).toEqual([80, 100]);
      const changed = await t.call("PATCH", "/v1/plans/pro", { body: { alerts: [1, 25, 50, 75, 100] } });
      expect(changed.json).toMatchObject({ alerts: [1, 25, 50, 75, 100], version: 2 });
      expect((await t.call("PATCH", "/v1/plans/pro", { body: { alerts: [] } })).json.alerts).toEqual([]);
      const defaulted = await t.call("POST", "/v1/plans", { body: { id: "free", name: "Free", perDay: 10 } });
      expect(defaulted.json.alerts).toEqual([]);
      const customer = await t.call("POST", "/v1/customers", {
        body: { name: "Acme", planId: "pro", overrides: { alerts: [90] } },
      });
      expect(customer.status).toBe(201);
      expect(customer.json.overrides).toEqual({ alerts: [90] });
    });

    test.each([
      ["0", [0], "alerts must be from 1 to 100"],
      ["101", [101], "alerts must be from 1 to 100"],
      ["50.5", [50.5], "alerts must be whole numbers"],
      ["six thresholds", [10, 20, 30, 40, 50, 60], "at most 5 alerts"],
      ["a threshold twice", [80, 80], "each alert threshold once"],
      ["a number", 80, "alerts"],
      ['"80"', ["80"], "alerts"],
    ])("alerts of %s are refused with 400 on create and on change, and change nothing", async (_, alerts, hint) => {
      const created = await t.call("POST", "/v1/plans", { body: { ...pro, alerts } });
      expect(created.status).toBe(400);
      expect(created.json.error.code).toBe("invalid_request");
      expect(created.json.error.message).toContain(hint);
      expect((await t.call("GET", "/v1/plans")).json.plans).toEqual([]);

      await t.call("POST", "/v1/plans", { body: { ...pro, alerts: [80] } });
      const changed = await t.call("PATCH", "/v1/plans/pro", { body: { alerts } });
      expect(changed.status).toBe(400);
      expect(changed.json.error.message).toContain(hint);
      const overridden = await t.call("POST", "/v1/customers", {
        body: { name: "Acme", planId: "pro", overrides: { alerts } },
      });
      expect(overridden.status).toBe(400);
      expect((await t.call("GET", "/v1/plans/pro")).json).toMatchObject({ alerts: [80], version: 1 });
      expect((await t.call("GET", "/v1/audit")).json.entries.map((e: { action: string }) => e.action)).toEqual([
        "plan.create",
      ]);
    });

    test.each([
      ["1", 1, "localShare must be from 2 to 10,000"],
      ["10,001", 10_001, "localShare must be from 2 to 10,000"],
      ["2.5", 2.5, "localShare must be a whole number"],
      ['"100"', "100", "localShare"],
      ["true", true, "localShare"],
    ])(
      "a local share of %s is refused with 400 on create and on change, and changes nothing",
      async (_, localShare, hint) => {
        const created = await t.call("POST", "/v1/plans", { body: { ...pro, localShare } });
        expect(created.status).toBe(400);
        expect(created.json.error.code).toBe("invalid_request");
        expect(created.json.error.message).toContain(hint);
        expect((await t.call("GET", "/v1/plans")).json.plans).toEqual([]);

        await t.call("POST", "/v1/plans", { body: { ...pro, localShare: 50 } });
        const changed = await t.call("PATCH", "/v1/plans/pro", { body: { localShare } });
        expect(changed.status).toBe(400);
        expect(changed.json.error.code).toBe("invalid_request");
        expect(changed.json.error.message).toContain(hint);
        expect((await t.call("GET", "/v1/plans/pro")).json).toMatchObject({ localShare: 50, version: 1 });
        expect((await t.call("GET", "/v1/audit")).json.entries.map((e: { action: string }) => e.action)).toEqual([
          "plan.create",
        ]);
      },
    );

    test.each([
      ["an id with capitals", { ...pro, id: "Pro" }, "id"],
      ["an id starting with a dash", { ...pro, id: "-pro" }, "id"],
      ["an id of 64 characters", { ...pro, id: "a".repeat(64) }, "id"],
      ["an empty name", { ...pro, name: "" }, "name"],
      ["a name of spaces alone", { ...pro, name: "   " }, "name"],
      ["a name of 101 characters", { ...pro, name: "n".repeat(101) }, "name"],
      ["a name with a control character", { ...pro, name: "Pro\u0007" }, "name"],
      ["a name with a bidirectional override", { ...pro, name: "Pro\u202e" }, "name"],
      ["a limit of 0", { ...pro, perHour: 0 }, "perHour"],
      ["a limit over 1,000,000,000", { ...pro, perDay: 1_000_000_001 }, "perDay"],
      ["a fractional limit", { ...pro, perMinute: 10.5 }, "perMinute"],
      ["a limit given as a string", { ...pro, perMinute: "100" }, "perMinute"],
      ["a negative limit", { ...pro, burst: -1 }, "burst"],
      ["no limit at all", { id: "none", name: "None" }, "at least one"],
      ["burst without perMinute", { id: "b", name: "B", burst: 10, perHour: 100 }, "burst needs perMinute"],
      ["perHour below perMinute", { ...pro, perHour: 99 }, "perHour must be ≥ perMinute"],
      ["perHour below burst", { ...pro, burst: 200, perHour: 150, perMinute: 100 }, "perHour must be ≥ burst"],
      ["perDay below perHour", { ...pro, perDay: 4999 }, "perDay must be ≥ perHour"],
      ["perDay below perMinute", { id: "d", name: "D", perMinute: 100, perDay: 50 }, "perDay must be ≥ perMinute"],
      ["perDay below burst", { id: "d", name: "D", burst: 100, perMinute: 10, perDay: 50 }, "perDay must be ≥ burst"],
      ["an unknown fail mode", { ...pro, failMode: "sometimes" }, "failMode"],
      ["a shadow that is not a boolean", { ...pro, shadow: "yes" }, "shadow"],
      ["an unknown field", { ...pro, colour: "blue" }, "colour"],
      // An own key of the parsed body, which a record made by assignment would have taken for its prototype.
      ["a resource named __proto__", { ...pro, resources: JSON.parse('{"__proto__":{"perMinute":10}}') }, "__proto__"],
    ])("creating a plan with %s is refused with 400 and changes nothing", async (_, body, hint) => {
      const res = await t.call("POST", "/v1/plans", { body });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
      expect(res.json.error.message).toContain(hint);
      expect((await t.call("GET", "/v1/plans")).json.plans).toEqual([]);
      expect((await t.call("GET", "/v1/audit")).json.entries).toEqual([]);
    });

    test("limits at the edges of the range are accepted", async () => {
      const res = await t.call("POST", "/v1/plans", {
        body: { id: "edge", name: "E", perMinute: 1, perDay: 1_000_000_000 },
      });
      expect(res.status).toBe(201);
    });

    test("a change is checked against the whole plan it produces", async () => {
      await t.call("POST", "/v1/plans", { body: pro });
      const res = await t.call("PATCH", "/v1/plans/pro", { body: { perMinute: 6000 } });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe("perHour must be ≥ perMinute");
      const removesRefill = await t.call("PATCH", "/v1/plans/pro", { body: { perMinute: null } });
      expect(removesRefill.json.error.message).toContain("burst needs perMinute");
      expect((await t.call("PATCH", "/v1/plans/pro", { body: {} })).status).toBe(400);
      expect((await t.call("PATCH", "/v1/plans/pro", { body: { id: "other" } })).status).toBe(400);
      expect((await t.call("GET", "/v1/plans/pro")).json.version).toBe(1);
    });

    test("If-Match that does not match gets 412 and changes nothing; a matching one goes through", async () => {
      await t.call("POST", "/v1/plans", { body: pro });
      await t.call("PATCH", "/v1/plans/pro", { body: { name: "Pro 2" } });

      // Compared strongly (RFC 9110): a weak ETag of the current version does not match either.
      for (const ifMatch of ['"1"', "1", '"abc"', '"3"', 'W/"2"', '"02"', '"2', '2"', '"1", "3"']) {
        const stale = await t.call("PATCH", "/v1/plans/pro", {
          body: { name: "Stale" },
          headers: { "if-match": ifMatch },
        });
        expect(stale.status).toBe(412);
        expect(stale.json.error.code).toBe("precondition_failed");
      }
      const staleDelete = await t.call("DELETE", "/v1/plans/pro", { headers: { "if-match": '"1"' } });
      expect(staleDelete.status).toBe(412);
      expect((await t.call("GET", "/v1/plans/pro")).json).toMatchObject({ name: "Pro 2", version: 2 });

      // A list matches when any of its ETags does.
      const fresh = await t.call("PATCH", "/v1/plans/pro", {
        body: { name: "Pro 3" },
        headers: { "if-match": '"1", "2"' },
      });
      expect(fresh.status).toBe(200);
      expect(fresh.json.version).toBe(3);
      expect((await t.call("DELETE", "/v1/plans/pro", { headers: { "if-match": '"3"' } })).status).toBe(204);
    });

    test(emptyIfMatch.name(target), async () => {
      await t.call("POST", "/v1/plans", { body: pro });
      const res = await t.call("PATCH", "/v1/plans/pro", { body: { name: "Pro 2" }, headers: { "if-match": "" } });
      expect(res.status).toBe(emptyIfMatch.status(target));
    });

    test("two concurrent edits with the same If-Match: exactly one wins, the other gets 412", async () => {
      await t.call("POST", "/v1/plans", { body: pro });
      const edits = await Promise.all(
        ["A", "B", "C", "D"].map((name) =>
          t.call("PATCH", "/v1/plans/pro", { body: { name }, headers: { "if-match": '"1"' } }),
        ),
      );
      expect(edits.map((e) => e.status).sort()).toEqual([200, 412, 412, 412]);
      const updates = (await t.call("GET", "/v1/audit")).json.entries.filter(
        (e: { action: string }) => e.action === "plan.update",
      );
      expect(updates).toHaveLength(1);
      expect((await t.call("GET", "/v1/plans/pro")).json.version).toBe(2);
    });

    test("concurrent edits without If-Match are all applied, one version each, each audited", async () => {
      await t.call("POST", "/v1/plans", { body: pro });
      const edits = await Promise.all(
        [1, 2, 3, 4].map((n) => t.call("PATCH", "/v1/plans/pro", { body: { name: `v${n}` } })),
      );
      expect(edits.every((e) => e.status === 200)).toBe(true);
      expect((await t.call("GET", "/v1/plans/pro")).json.version).toBe(5);
      const updates = (await t.call("GET", "/v1/audit")).json.entries.filter(
        (e: { action: string }) => e.action === "plan.update",
      );
      expect(updates.map((e: { after: { version: number } }) => e.after.version).sort()).toEqual([2, 3, 4, 5]);
    });

    test("a duplicate id gets 409 and leaves the first plan as it was", async () => {
      await t.call("POST", "/v1/plans", { body: pro });
      const dup = await t.call("POST", "/v1/plans", { body: { ...pro, name: "Other" } });
      expect(dup.status).toBe(409);
      expect(dup.json.error.code).toBe("conflict");
      expect((await t.call("GET", "/v1/plans/pro")).json.name).toBe("Pro");
    });

    test("a plan in use cannot be deleted (409) until its customers move", async () => {
      await t.call("POST", "/v1/plans", { body: pro });
      await t.call("POST", "/v1/plans", { body: { ...pro, id: "free", name: "Free" } });
      const customer = await t.call("POST", "/v1/customers", { body: { id: "acme", name: "Acme", planId: "pro" } });
      const refused = await t.call("DELETE", "/v1/plans/pro");
      expect(refused.status).toBe(409);
      expect(refused.json.error.code).toBe("conflict");
      expect(refused.json.error.message).toBe(
        'plan "pro" is used by 1 customer (acme); move them to another plan first',
      );
      expect((await t.call("GET", "/v1/plans/pro")).status).toBe(200);

      // The message names the first three, oldest first (the ids sort in the same order, should two customers share a
      // millisecond), and counts no further: the refusal reads four customers of the plan, not all of them.
      for (const id of ["beta", "cobalt"]) {
        await t.call("POST", "/v1/customers", { body: { id, name: id, planId: "pro" } });
      }
      await t.call("POST", "/v1/customers", { body: { id: "elsewhere", name: "Elsewhere", planId: "free" } });
      expect((await t.call("DELETE", "/v1/plans/pro")).json.error.message).toBe(
        'plan "pro" is used by 3 customers (acme, beta, cobalt); move them to another plan first',
      );
      for (const id of ["delta", "echo"]) {
        await t.call("POST", "/v1/customers", { body: { id, name: id, planId: "pro" } });
      }
      const many = await t.call("DELETE", "/v1/plans/pro");
      expect(many.status).toBe(409);
      expect(many.json.error.message).toBe(
        'plan "pro" is used by more than 3 customers (acme, beta, cobalt and more); move them to another plan first',
      );

      for (const id of [customer.json.id, "beta", "cobalt", "delta", "echo"]) {
        await t.call("PATCH", `/v1/customers/${id}`, { body: { planId: "free" } });
      }
      expect((await t.call("DELETE", "/v1/plans/pro")).status).toBe(204);
    });

    test("deleting a plan while a customer is being moved onto it never leaves a customer on a missing plan", async () => {
      await t.call("POST", "/v1/plans", { body: pro });
      await t.call("POST", "/v1/plans", { body: { ...pro, id: "free", name: "Free" } });
      const customer = await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "free" } });
      const [move, remove] = await Promise.all([
        t.call("PATCH", `/v1/customers/${customer.json.id}`, { body: { planId: "pro" } }),
        t.call("DELETE", "/v1/plans/pro"),
      ]);
      const planIds = new Set((await t.call("GET", "/v1/plans")).json.plans.map((p: { id: string }) => p.id));
      const after = await t.call("GET", `/v1/customers/${customer.json.id}`);
      expect(planIds.has(after.json.planId)).toBe(true);
      // Exactly one of the two can have happened.
      expect([move.status, remove.status].sort()).toEqual(move.status === 200 ? [200, 409] : [204, 400]);
    });

    test("unknown plans get 404", async () => {
      expect((await t.call("GET", "/v1/plans/nope")).json.error.code).toBe("not_found");
      expect((await t.call("PATCH", "/v1/plans/nope", { body: { name: "x" } })).status).toBe(404);
      expect((await t.call("DELETE", "/v1/plans/nope")).status).toBe(404);
    });
  });
}
