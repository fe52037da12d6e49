// The route suites of routes/testing/ and testing/ against the Worker in real workerd (D1, Upstash over REST): every
// status, body and header they assert in process holds on the Worker too (contract section 11), a fresh Worker a test.
import { afterAll, beforeAll, describe } from "vitest";
import { startWorkerTarget, type WorkerTarget } from "../../dev/worker-host";
import { describeAuditRoutes } from "../routes/testing/audit";
import { describeCheckRoutes } from "../routes/testing/check";
import { describeCustomerVersions } from "../routes/testing/customer-versions";
import { describeCustomerRoutes } from "../routes/testing/customers";
import { describeOpenApiDocument } from "../routes/testing/docs";
import { describeOperations } from "../routes/testing/health";
import { describeKeyRoutes } from "../routes/testing/keys";
import { describeLeaseRoutes } from "../routes/testing/leases";
import { describeLimitKindRoutes } from "../routes/testing/limit-kinds";
import { describeMetricsRoute } from "../routes/testing/metrics";
import { describePlanRoutes } from "../routes/testing/plans";
import { describeTokenRoutes } from "../routes/testing/tokens";
import { describeUsageRoutes } from "../routes/testing/usage";
import { describeLiveRoutes } from "../routes/testing/usage-page";
import { describeWebhookRoutes } from "../routes/testing/webhooks";
import { describeAuthMatrix } from "../testing/auth-matrix";
import { describeErrors } from "../testing/errors";
import { describeSecurityHeaders } from "../testing/security-headers";
import type { RouteHost } from "../testing/test-app";
import { describeUnstorableText } from "../testing/unstorable-text";

let worker: WorkerTarget;
beforeAll(async () => {
  worker = await startWorkerTarget();
});
afterAll(async () => {
  await worker?.close();
});

// The suites are declared before beforeAll has run; each asks for its fresh service of the Worker started by then.
const target: RouteHost = { runtime: "worker", fresh: () => worker.fresh() };

describe("Cloudflare Workers (workerd, D1, Upstash over REST)", () => {
  describePlanRoutes(target);
  describeCustomerRoutes(target);
  describeCustomerVersions(target);
  describeKeyRoutes(target);
  describeLeaseRoutes(target);
  describeTokenRoutes(target);
  describeWebhookRoutes(target);
  describeAuditRoutes(target);
  describeOperations(target);
  describeOpenApiDocument(target);
  describeUsageRoutes(target);
  describeLiveRoutes(target);
  describeCheckRoutes(target);
  describeLimitKindRoutes(target);
  describeMetricsRoute(target);
  describeErrors(target);
  describeSecurityHeaders(target);
  describeAuthMatrix(target);
  describeUnstorableText(target);
});
