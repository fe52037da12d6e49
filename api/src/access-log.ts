// One log line per request, with its request id; the routes that run on every request of a customer's API
// (the check) and of a load balancer (health) log at debug, so the default level costs them nothing.
import type { MiddlewareHandler } from "hono";
import type { Logger } from "./deps";

const QUIET = new Set(["/v1/check", "/healthz", "/readyz", "/metrics"]);

/** The fields of one request's line; `started` is its performance.now() on arrival. */
export function accessLine(requestId: string, method: string, path: string, status: number, started: number) {
  return { requestId, method, path, status, ms: Math.round((performance.now() - started) * 100) / 100 };
}

export function accessLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    // The hot path pays nothing for a line that would not be written.
    if (!logger.debugEnabled && QUIET.has(c.req.path)) return next();
    const started = performance.now();
    await next();
    const line = accessLine(c.get("requestId") as string, c.req.method, c.req.path, c.res.status, started);
    if (QUIET.has(c.req.path)) logger.debug("request", line);
    else logger.info("request", line);
  };
}
