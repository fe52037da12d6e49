// The rate-limit headers of contract section 5: X-RateLimit-*, and RateLimit-Policy / RateLimit of the IETF draft.
import type { Decided } from "./decision";

/**
 * `policy` is the RateLimit-Policy value, computed once per plan. `t` of RateLimit is the seconds until more
 * quota is available: the retry time when denied, else until the most constraining limit has more (moreInMs).
 */
export function rateLimitHeaders(result: Decided, policy: string): Record<string, string> {
  const { top } = result;
  const t =
    !result.allowed && typeof result.retryAfter === "number" ? result.retryAfter : Math.ceil(result.moreInMs / 1000);
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(top.limit),
    "X-RateLimit-Remaining": String(top.remaining),
    "X-RateLimit-Reset": String(top.reset),
    "RateLimit-Policy": policy,
    RateLimit: `"${top.name}";r=${top.remaining};t=${t}`,
  };
  if (!result.allowed && typeof result.retryAfter === "number") headers["Retry-After"] = String(result.retryAfter);
  return headers;
}
