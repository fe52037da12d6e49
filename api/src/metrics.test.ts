// The /metrics suite (routes/testing/metrics.ts) in process, with the registry Node's entry makes: process metrics on.
import { createMetrics } from "./metrics";
import { describeMetricsRoute } from "./routes/testing/metrics";
import { testApp } from "./testing/test-app";

describeMetricsRoute({ runtime: "node", fresh: () => testApp({ metrics: createMetrics() }) });
