// One log line per request, with its request id; the routes that run on every request of a customer's API
// (the check) and of a load balancer (health) log at debug, so the default level costs them nothing.
import type { MiddlewareHandler } from "hono";
import type { Logger } from "./app";

const QUIET = new Set(["/v1/check", "/healthz", "/readyz", "/metrics"]);

export function accessLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    // The hot path pays nothing for a line that would not be written.
    if (!logger.debugEnabled && QUIET.has(c.req.path)) return next();
    const started = performance.now();
    await next();
    const line = {
      requestId: c.get("requestId") as string,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    };
    if (QUIET.has(c.req.path)) logger.debug("request", line);
    else logger.info("request", line);
  };
}
