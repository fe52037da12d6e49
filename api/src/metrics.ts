// The service's Prometheus metrics (contract section 7), in one registry per app so tests and servers stay apart.
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

export type CheckResultLabel = "allowed" | "denied" | "degraded" | "store_unavailable";

export function createMetrics({ processDefaults = true }: { processDefaults?: boolean } = {}) {
  const registry = new Registry();
  if (processDefaults) collectDefaultMetrics({ register: registry });
  const checks = new Counter({
    name: "bouncer_checks_total",
    help: "Checks answered, by result",
    labelNames: ["result"],
    registers: [registry],
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
  const denyCacheHits = new Counter({
    name: "bouncer_deny_cache_hits_total",
    help: "Checks answered from the in-process deny cache without reaching the store",
    registers: [registry],
  });
  // Bound once: the hot path increments a counter without a label lookup.
  const byResult = {
    allowed: checks.labels("allowed"),
    denied: checks.labels("denied"),
    degraded: checks.labels("degraded"),
    store_unavailable: checks.labels("store_unavailable"),
  };
  for (const counter of Object.values(byResult)) counter.inc(0);
  return {
    registry,
    check: (result: CheckResultLabel) => byResult[result].inc(),
    storeCall: (seconds: number) => storeDuration.observe(seconds),
    storeError: () => storeErrors.inc(),
    denyCacheHit: () => denyCacheHits.inc(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
