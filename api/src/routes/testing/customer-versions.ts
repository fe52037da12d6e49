// Customer versions, ETags and If-Match (contract section 4): two admins editing one customer never lose a change.
// Over a RouteHost: in process (customer-versions.test.ts) and on the Worker (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";
import { emptyIfMatch } from "./if-match";

const pro = { id: "pro", name: "Pro", burst: 20, perMinute: 100, perHour: 5000, perDay: 50000 };

export function describeCustomerVersions(target: RouteHost) {
  describe("customer versions", () => {
    let t: RouteService;
    let id: string;
    beforeEach(async () => {
      t = await target.fresh();
      await t.call("POST", "/v1/plans", { body: pro });
      const created = await t.call("POST", "/v1/customers", {
        body: { id: "acme", name: "Acme", planId: "pro", overrides: { perHour: 6000, perDay: 100000 } },
      });
      id = created.json.id;
    });

    const updates = async () =>
      (await t.call("GET", "/v1/audit")).json.entries.filter((e: { action: string }) => e.action === "customer.update");

    test("a second admin saving from the version both read gets 412, and the first admin's change is kept", async () => {
      // Both consoles read version 1; the first saves a new perDay.
      const first = await t.call("PATCH", `/v1/customers/${id}`, {
        body: { overrides: { perHour: 6000, perDay: 200000 } },
        headers: { "if-match": '"1"' },
      });
      expect(first.status).toBe(200);
      expect(first.headers.get("etag")).toBe('"2"');

      // The second sends every override as it read them, with its own change to perHour.
      const second = await t.call("PATCH", `/v1/customers/${id}`, {
        body: { overrides: { perHour: 7000, perDay: 100000 } },
        headers: { "if-match": '"1"' },
      });
      expect(second.status).toBe(412);
      expect(second.json.error.code).toBe("precondition_failed");
      expect(second.json.error.message).toContain("version 2");
      const now = await t.call("GET", `/v1/customers/${id}`);
      expect(now.json).toMatchObject({ overrides: { perHour: 6000, perDay: 200000 }, version: 2 });
      expect(await updates()).toHaveLength(1);
    });

    test("If-Match that does not match gets 412 and changes nothing; a matching one goes through", async () => {
      await t.call("PATCH", `/v1/customers/${id}`, { body: { name: "Acme 2" } });

      // Compared strongly (RFC 9110), as for plans: a weak ETag of the current version does not match either.
      for (const ifMatch of ['"1"', "1", '"abc"', '"3"', 'W/"2"', '"02"', '"2', '2"', '"1", "3"']) {
        const stale = await t.call("PATCH", `/v1/customers/${id}`, {
          body: { name: "Stale" },
          headers: { "if-match": ifMatch },
        });
        expect(stale.status, ifMatch).toBe(412);
        expect(stale.json.error.code).toBe("precondition_failed");
      }
      const staleDelete = await t.call("DELETE", `/v1/customers/${id}`, { headers: { "if-match": '"1"' } });
      expect(staleDelete.status).toBe(412);
      expect(staleDelete.json.error.code).toBe("precondition_failed");
      expect((await t.call("GET", `/v1/customers/${id}`)).json).toMatchObject({ name: "Acme 2", version: 2 });
      expect(await updates()).toHaveLength(1);

      // A list matches when any of its ETags does.
      const fresh = await t.call("PATCH", `/v1/customers/${id}`, {
        body: { name: "Acme 3" },
        headers: { "if-match": '"1", "2"' },
      });
      expect(fresh.status).toBe(200);
      expect(fresh.json.version).toBe(3);
      expect((await t.call("DELETE", `/v1/customers/${id}`, { headers: { "if-match": '"3"' } })).status).toBe(204);
      expect((await t.call("GET", `/v1/customers/${id}`)).status).toBe(404);
    });

    test("a PATCH that sets only what is already there keeps the version and the ETag, and is not audited", async () => {
      const same = await t.call("PATCH", `/v1/customers/${id}`, {
        // The overrides as they are, their keys in another order.
        body: { name: "Acme", planId: "pro", overrides: { perDay: 100000, perHour: 6000 } },
        headers: { "if-match": '"1"' },
      });
      expect(same.status).toBe(200);
      expect(same.json).toMatchObject({ version: 1 });
      expect(same.headers.get("etag")).toBe('"1"');
      expect(await updates()).toEqual([]);
      // A stale If-Match is refused even when the change would be none.
      const stale = await t.call("PATCH", `/v1/customers/${id}`, {
        body: { name: "Acme" },
        headers: { "if-match": '"7"' },
      });
      expect(stale.status).toBe(412);
    });

    test(emptyIfMatch.name(target), async () => {
      const res = await t.call("PATCH", `/v1/customers/${id}`, {
        body: { name: "Acme 2" },
        headers: { "if-match": "" },
      });
      expect(res.status).toBe(emptyIfMatch.status(target));
    });

    test("two concurrent edits with the same If-Match: exactly one wins, the others get 412", async () => {
      const edits = await Promise.all(
        ["A", "B", "C", "D"].map((name) =>
          t.call("PATCH", `/v1/customers/${id}`, { body: { name }, headers: { "if-match": '"1"' } }),
        ),
      );
      expect(edits.map((e) => e.status).sort()).toEqual([200, 412, 412, 412]);
      expect(await updates()).toHaveLength(1);
      expect((await t.call("GET", `/v1/customers/${id}`)).json.version).toBe(2);
    });

    test("concurrent edits without If-Match are all applied, one version each, each audited", async () => {
      const edits = await Promise.all(
        [1, 2, 3, 4].map((n) => t.call("PATCH", `/v1/customers/${id}`, { body: { name: `v${n}` } })),
      );
      expect(edits.every((e) => e.status === 200)).toBe(true);
      expect((await t.call("GET", `/v1/customers/${id}`)).json.version).toBe(5);
      const versions = (await updates()).map((e: { after: { version: number } }) => e.after.version);
      expect(versions.sort()).toEqual([2, 3, 4, 5]);
    });
  });
}
