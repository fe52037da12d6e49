// The body of a check's 200 or 429 (contract section 5), written out directly: it has one fixed shape, and
// JSON.stringify of the nested object cost about three times as much on every check. response-body.test.ts holds
// it to JSON.stringify's exact output.
import type { CheckResponse, LimitEntry } from "../domain/check-response";

// Numbers here are whole, finite and in range; strings (ids) go through JSON.stringify for their escaping.
const text = (value: string | null) => (value === null ? "null" : JSON.stringify(value));

function entry({ name, limit, remaining, reset, perMinute }: LimitEntry): string {
  const rate = perMinute === undefined ? "" : `,"perMinute":${perMinute}`;
  return `{"name":"${name}","limit":${limit},"remaining":${remaining},"reset":${reset}${rate}}`;
}

export function checkBody(body: CheckResponse): string {
  let limits = "";
  for (const limit of body.limits) limits += limits === "" ? entry(limit) : `,${entry(limit)}`;
  return (
    `{"allowed":${body.allowed},"customerId":${text(body.customerId)},"planId":${text(body.planId)},` +
    `"limit":${body.limit},"remaining":${body.remaining},"reset":${body.reset},` +
    (body.retryAfter === undefined ? "" : `"retryAfter":${body.retryAfter},`) +
    `"limits":[${limits}],"degraded":${body.degraded},` +
    (body.reason === undefined ? "" : `"reason":"${body.reason}",`) +
    `"shadow":${body.shadow}` +
    (body.lease === undefined ? "}" : `,"lease":{"id":${text(body.lease.id)},"expiresAt":${body.lease.expiresAt}}}`)
  );
}
