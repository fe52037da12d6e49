// What an empty If-Match is on each runtime, for the plan and customer suites.
import type { RouteHost } from "../../testing/test-app";

/**
 * An empty If-Match names no version, so Node refuses the write with 412. workerd drops a header whose value is
 * empty before the Worker's code sees it (found by these suites, and so from a raw socket too): there the request
 * is one with no If-Match, which the write takes as unconditional. Nothing in the Worker can tell the two apart.
 */
export const emptyIfMatch = {
  name: (target: RouteHost) =>
    target.runtime === "worker"
      ? "an empty If-Match never reaches a Worker (workerd drops empty headers): the write is unconditional"
      : "an empty If-Match names no version: 412",
  status: (target: RouteHost) => (target.runtime === "worker" ? 200 : 412),
};
