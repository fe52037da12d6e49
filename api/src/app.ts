// createApp(deps): the Hono app, with no knowledge of the runtime that serves it.
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { accessLog } from "./access-log";
import { type AuthEnv, authenticate } from "./auth";
import { limitBody } from "./body-limit";
import type { Config } from "./config";
import { isUnavailable } from "./config/db-errors";
import { ApiError, codeForStatus, ERROR_STATUS, type ErrorCode, errorBody } from "./errors";
import type { Metrics } from "./metrics";
import { DenyCache } from "./quota/deny-cache";
import { StoreUnavailable } from "./quota/guarded-store";
import { createLimiter } from "./quota/limiter";
import type { CounterStore } from "./quota/store";
import { registerAudit } from "./routes/audit";
import { registerCheck } from "./routes/check";
import { registerCustomers } from "./routes/customers";
import { registerDocs } from "./routes/docs";
import { registerHealth } from "./routes/health";
import { registerKeys } from "./routes/keys";
import { registerMe } from "./routes/me";
import { registerPlans } from "./routes/plans";
import { registerReset } from "./routes/reset";
import { registerTokens } from "./routes/tokens";
import { registerUsage } from "./routes/usage";
import { securityHeaders } from "./security-headers";

export type Logger = {
  /** Whether debug lines are written, so callers can skip building them. */
  debugEnabled?: boolean;
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export type AppDeps = {
  config: Config;
  /** Where counters live: memory, Redis or Upstash (guarded by guardStore when over a network). */
  counters: CounterStore;
  logger: Logger;
  metrics: Metrics;
  /** This process's clock (ms), for what it remembers in memory; the counters keep time by the store's clock. */
  now?: () => number;
  /** The source of Retry-After jitter; tests pass their own. */
  random?: () => number;
};

export type AppEnv = AuthEnv & { Variables: { requestId: string } };
export type App = OpenAPIHono<AppEnv>;

export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(deps: AppDeps): App {
  const app: App = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError("invalid_request", describeIssue(result.error.issues[0]));
    },
  });

  app.use(requestId());
  app.use(accessLog(deps.logger));
  app.use(securityHeaders);
  app.use("/v1/*", limitBody(MAX_BODY_BYTES));
  app.use("/v1/*", authenticate(deps.config));

  // Denials are remembered until their retry time, and forgotten at once when this server changes config.
  const denials = new DenyCache({ now: deps.now });
  deps.config.onChange(() => denials.clear());
  const limiter = createLimiter(deps.counters, denials, deps.metrics, deps.random);

  registerHealth(app, deps);
  app.get("/metrics", async (c) =>
    c.text(await deps.metrics.registry.metrics(), 200, { "Content-Type": deps.metrics.registry.contentType }),
  );
  registerCheck(app, deps, limiter);
  registerUsage(app, deps, deps.counters);
  registerMe(app, deps);
  registerReset(app, deps, deps.counters, denials);
  registerPlans(app, deps);
  registerCustomers(app, deps);
  registerKeys(app, deps);
  registerTokens(app, deps);
  registerAudit(app, deps);
  registerDocs(app);

  app.notFound((c) =>
    c.json(errorBody("not_found", `no route for ${c.req.method} ${c.req.path}`, c.get("requestId")), 404),
  );

  app.onError((error, c) => {
    const id = c.get("requestId") ?? "";
    let code: ErrorCode;
    let message: string;
    if (error instanceof ApiError) {
      code = error.code;
      message = error.message;
    } else if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx, such as a body that is not valid JSON.
      code = codeForStatus(error.status);
      message = error.message || "the request could not be read";
    } else if (isUnavailable(error) || error instanceof StoreUnavailable) {
      code = "store_unavailable";
      message = `the ${error instanceof StoreUnavailable ? "counter" : "config"} store is not answering; try again shortly`;
      c.header("Retry-After", "1");
    } else {
      deps.logger.error("unhandled error", { requestId: id, error: String(error), stack: (error as Error).stack });
      code = "internal";
      message = "something went wrong on our side; the request id helps us find it";
    }
    return c.json(errorBody(code, message, id), ERROR_STATUS[code]);
  });

  return app;
}

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return "the request is not valid";
  const path = issue.path.map(String).join(".");
  return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
}
