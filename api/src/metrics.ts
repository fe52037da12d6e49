// The service's Prometheus metrics (contract section 7), in one registry per app so tests and servers stay apart.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export type CheckResultLabel = "allowed" | "denied" | "degraded" | "store_unavailable";

export type MetricsOptions = {
  /** prom-client's process metrics (CPU, memory, event loop): Node only, they throw on a Worker. */
  processDefaults?: boolean;
  /** A comment put first in /metrics, to say what the counts cover (on a Worker: one isolate of many). */
  note?: string;
};

export function createMetrics({ processDefaults = true, note }: MetricsOptions = {}) {
  const registry = new Registry();
  if (processDefaults) collectDefaultMetrics({ register: registry });
  // The hot path adds to plain numbers; the registry reads them when it is scraped. prom-client's own
  // labelled inc hashes and validates its labels on every call, on every check.
  const counted: Record<CheckResultLabel, number> = { allowed: 0, denied: 0, degraded: 0, store_unavailable: 0 };
  const reported: Record<CheckResultLabel, number> = { allowed: 0, denied: 0, degraded: 0, store_unavailable: 0 };
  new Counter({
    name: "bouncer_checks_total",
    help: "Checks answered, by result",
    labelNames: ["result"],
    registers: [registry],
    collect() {
      for (const result of Object.keys(counted) as CheckResultLabel[]) {
        this.inc({ result }, counted[result] - reported[result]);
        reported[result] = counted[result];
      }
    },
  });
  const storeDuration = new Histogram({
    name: "bouncer_store_duration_seconds",
    help: "Duration of counter-store calls",
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: "bouncer_store_errors_total",
    help: "Counter-store calls that failed or ran past STORE_TIMEOUT_MS",
    registers: [registry],
  });
  let denyCacheHits = 0;
  let denyCacheHitsReported = 0;
  new Counter({
    name: "bouncer_deny_cache_hits_total",
    help: "Checks answered from the in-process deny cache without reaching the store",
    registers: [registry],
    collect() {
      this.inc(denyCacheHits - denyCacheHitsReported);
      denyCacheHitsReported = denyCacheHits;
    },
  });
  const servers = new Gauge({
    name: "bouncer_store_servers",
    help: "API servers sharing the counter store when this one last asked (a plan failing local divides among them)",
    registers: [registry],
  });
  const comment = note?.replace(/^/gm, "# ");
  return {
    registry,
    /** The Prometheus text of every metric, after the note, if any, as comment lines. */
    async text(): Promise<string> {
      const text = await registry.metrics();
      return comment ? `${comment}\n${text}` : text;
    },
    check: (result: CheckResultLabel) => {
      counted[result]++;
    },
    storeCall: (seconds: number) => storeDuration.observe(seconds),
    storeError: () => storeErrors.inc(),
    denyCacheHit: () => {
      denyCacheHits++;
    },
    storeServers: (count: number) => servers.set(count),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
