// GET /metrics over a RouteHost: in process with Node's registry (metrics.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts). What differs is written out: Node adds its process metrics; a Worker has
// none to give, and opens with a note that its counts are one isolate's.
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";

/**
 * Parses the Prometheus text exposition format strictly enough to catch a malformed sample line; comment lines
 * (# HELP, # TYPE, the Worker's note) are skipped. (prom-client writes NaN as "Nan", which Prometheus reads
 * case-insensitively.)
 */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# ")) continue;
    const match = line.match(
      /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})?) (-?[0-9.e+-]+|[Nn]a[Nn]|\+Inf|-Inf)$/,
    );
    expect(match, `not Prometheus text: ${line}`).not.toBeNull();
    samples.set(match?.[1] as string, Number(match?.[2]));
  }
  return samples;
}

const WORKER_NOTE = "# These counts are one Worker isolate's:";

export function describeMetricsRoute(target: RouteHost) {
  describe("/metrics", () => {
    let t: RouteService;
    beforeEach(async () => {
      t = await target.fresh();
    });

    test("is Prometheus text, and the check counters move with checks", async () => {
      await t.call("POST", "/v1/plans", { body: { id: "one", name: "One", perDay: 1 } });
      const customer = (await t.call("POST", "/v1/customers", { body: { name: "A", planId: "one" } })).json.id;
      const key = (await t.call("POST", `/v1/customers/${customer}/keys`)).json.key;
      for (let i = 0; i < 4; i++) await t.call("POST", "/v1/check", { body: { key } });

      const res = await t.call("GET", "/metrics", { token: null });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      const samples = parse(res.text);
      expect(samples.get('bouncer_checks_total{result="allowed"}')).toBe(1);
      expect(samples.get('bouncer_checks_total{result="denied"}')).toBe(3);
      expect(samples.get('bouncer_checks_total{result="degraded"}')).toBe(0);
      expect(samples.get('bouncer_checks_total{result="store_unavailable"}')).toBe(0);
      // The first denial reached the store; the next two were answered from the deny cache.
      expect(samples.get("bouncer_deny_cache_hits_total")).toBe(2);
      expect(samples.get("bouncer_store_errors_total")).toBe(0);
      expect(res.text).toContain("# TYPE bouncer_store_duration_seconds histogram");
      const worker = target.runtime === "worker";
      expect(samples.has("process_cpu_user_seconds_total")).toBe(!worker);
      expect(samples.has("nodejs_eventloop_lag_seconds")).toBe(!worker);
      expect(res.text.startsWith(WORKER_NOTE)).toBe(worker);

      // Counters are read from the checks when scraped: a second scrape counts nothing twice, a new check once.
      await t.call("POST", "/v1/check", { body: { key } });
      const again = parse((await t.call("GET", "/metrics", { token: null })).text);
      expect(again.get('bouncer_checks_total{result="denied"}')).toBe(4);
      expect(again.get('bouncer_checks_total{result="allowed"}')).toBe(1);
      expect(again.get("bouncer_deny_cache_hits_total")).toBe(3);
    });
  });
}
