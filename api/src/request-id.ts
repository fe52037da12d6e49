// Every answer carries a request id, also in the error envelope and the log: the caller's own X-Request-Id when
// it is a short token of safe characters (so it can be logged as is), otherwise a new UUID.
import type { MiddlewareHandler } from "hono";

const MAX_LENGTH = 255;
const UNSAFE = /[^\w\-=]/;

export function requestIdOf(header: string | undefined): string {
  return header && header.length <= MAX_LENGTH && !UNSAFE.test(header) ? header : crypto.randomUUID();
}

export const requestId: MiddlewareHandler<{ Variables: { requestId: string } }> = async (c, next) => {
  const id = requestIdOf(c.req.header("x-request-id"));
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
};
