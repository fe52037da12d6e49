// createApp(deps): the Hono app, with no knowledge of the runtime that serves it.
import { OpenAPIHono } from "@hono/zod-openapi";
import { accessLog } from "./access-log";
import { createAlertRaiser } from "./alerts/alert-raiser";
import { authenticate } from "./auth";
import { limitBody, MAX_BODY_BYTES } from "./body-limit";
import { type AnswerCheck, createCheckAnswer } from "./check/answer";
import type { CheckTarget } from "./config/customer-target";
import type { App, AppDeps, AppEnv } from "./deps";
import { errorAnswer } from "./error-answer";
import { ApiError, describeIssue, errorBody } from "./errors";
import { createLimiter } from "./quota/limiter";
import { requestId } from "./request-id";
import { registerAudit } from "./routes/audit";
import { registerCheck } from "./routes/check";
import { registerCustomers } from "./routes/customers";
import { registerDocs } from "./routes/docs";
import { registerHealth } from "./routes/health";
import { registerKeys } from "./routes/keys";
import { registerLeases } from "./routes/leases";
import { registerMe } from "./routes/me";
import { registerPlans } from "./routes/plans";
import { registerRefund } from "./routes/refund";
import { registerReset } from "./routes/reset";
import { registerTokens } from "./routes/tokens";
import { registerUsageExport } from "./routes/usage-export";
import { registerLive } from "./routes/usage-page";
import { registerUsage } from "./routes/usage-routes";
import { registerWebhookDeliveries } from "./routes/webhook-deliveries";
import { registerWebhookEvents } from "./routes/webhook-events";
import { registerWebhooks } from "./routes/webhooks";
import { securityHeaders } from "./security-headers";

/** The app, for tests that call it in process. */
export const createApp = (deps: AppDeps): App => createService(deps).app;

export type Service = {
  app: App;
  /** The check, for a runtime that answers POST /v1/check without the framework. */
  answerCheck: AnswerCheck;
  /** Ends the service's own background work and writes what it still holds (denials not yet in the history). */
  close(): Promise<void>;
};

/** The app, the check it serves, and how to stop it. */
export function createService(deps: AppDeps): Service {
  const app: App = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError("invalid_request", describeIssue(result.error.issues[0]));
    },
  });

  app.use(requestId);
  app.use(accessLog(deps.logger));
  app.use(securityHeaders);
  app.use("/v1/*", limitBody(MAX_BODY_BYTES));

  // What a check's use reaches of its plan's alert thresholds goes to the webhook outbox before it is answered.
  const alerts = createAlertRaiser(deps.config.webhooks.outbox, { logger: deps.logger, schedule: deps.schedule });
  const limiter = createLimiter(deps.counters, {
    metrics: deps.metrics,
    random: deps.random,
    schedule: deps.schedule,
    now: deps.now,
    onConfigChange: (listener) => deps.config.onChange(listener),
    localShares: deps.localShares,
    // A share taken ahead of the checks that will spend it, or an outage's checks added back after it: the checks
    // pass their CheckTarget (check/answer.ts).
    onBackgroundCrossings: (policy, crossings, nowMs) => {
      const { customerId, planId } = policy as CheckTarget;
      if (customerId !== null) void alerts.raise(customerId, planId, crossings, nowMs);
    },
  });
  // The check authenticates its caller itself (check/answer.ts, shared with the Node fast path), so it is
  // registered before the authentication of every other /v1 route, which it would only repeat.
  const answerCheck = createCheckAnswer(deps, limiter, alerts);
  registerCheck(app, answerCheck);

  app.use("/v1/*", authenticate(deps.config));

  registerHealth(app, deps);
  app.get("/metrics", async (c) =>
    c.text(await deps.metrics.text(), 200, { "Content-Type": deps.metrics.registry.contentType }),
  );
  registerUsage(app, deps, limiter);
  registerLive(app, deps, limiter);
  registerUsageExport(app, deps, limiter);
  registerMe(app, deps);
  registerReset(app, deps, limiter);
  registerRefund(app, deps, limiter);
  registerLeases(app, deps, limiter, alerts);
  registerPlans(app, deps);
  registerCustomers(app, deps, limiter);
  registerKeys(app, deps);
  registerTokens(app, deps);
  registerWebhooks(app, deps);
  registerWebhookDeliveries(app, deps);
  registerWebhookEvents(app);
  registerAudit(app, deps);
  registerDocs(app);

  app.notFound((c) =>
    c.json(errorBody("not_found", `no route for ${c.req.method} ${c.req.path}`, c.get("requestId")), 404),
  );

  app.onError((error, c) => {
    const { status, body, headers } = errorAnswer(error, c.get("requestId") ?? "", deps.logger);
    return c.json(body, status, headers);
  });

  return {
    app,
    answerCheck,
    close: async () => {
      await limiter.close();
      await alerts.close();
    },
  };
}
