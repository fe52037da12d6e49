// Bodies over 64 KiB get 413. A declared Content-Length is checked without touching the body, which keeps the Node
// adapter on its fast path; only a body of unknown length (chunked) is counted as it streams in.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./errors";

/** The largest body any /v1 route reads: 64 KiB. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The 413 of a body over `maxBytes`: the app's middleware and the check's own paths on Node and a Worker. */
export const bodyTooLarge = (maxBytes = MAX_BODY_BYTES) =>
  new ApiError("payload_too_large", `the body is over ${maxBytes} bytes`);

export function limitBody(maxBytes: number): MiddlewareHandler {
  const tooLarge = () => {
    throw bodyTooLarge(maxBytes);
  };
  const streamed = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return (c, next) => {
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      return Number(length) > maxBytes ? tooLarge() : next();
    }
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return streamed(c, next);
  };
}
