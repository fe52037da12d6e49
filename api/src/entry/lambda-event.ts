// An AWS event as the app should see it: Hono's adapter reads a few things differently from how API Gateway means them.
import type { LambdaEvent } from "hono/aws-lambda";

/**
 * The event with the route's own path, and a body it can read.
 * - An HTTP API (payload 2.0) stage other than `$default` is in rawPath ("/prod/v1/check"), where a REST API's path
 *   leaves it out; the adapter routed it as it was, and every route answered 404.
 * - A body said to be base64 that is not made the adapter fail before the app ran: a bare 500, where bad input must
 *   get a 400 with the error envelope. Handed on as the text it is, the app refuses it as any body it cannot read.
 */
export function forTheApp(event: LambdaEvent): LambdaEvent {
  let adjusted = event;
  const stage = "rawPath" in event ? event.requestContext?.stage : undefined;
  if (stage && stage !== "$default" && "rawPath" in adjusted) {
    const prefix = `/${stage}`;
    const { rawPath } = adjusted;
    if (rawPath === prefix || rawPath.startsWith(`${prefix}/`)) {
      adjusted = { ...adjusted, rawPath: rawPath.slice(prefix.length) || "/" };
    }
  }
  if (adjusted.isBase64Encoded && typeof adjusted.body === "string" && !isBase64(adjusted.body)) {
    adjusted = { ...adjusted, isBase64Encoded: false };
  }
  return adjusted;
}

/** Whether the adapter can decode it (it uses atob, which throws on anything else). */
function isBase64(text: string): boolean {
  try {
    atob(text);
    return true;
  } catch {
    return false;
  }
}
