// Upstash-Sync-Token, read-your-writes for the Upstash endpoint: the token each response carries and each request echoes.
import { randomBytes } from "node:crypto";

/**
 * Upstash names a point in a database's history in every response's Upstash-Sync-Token, and serves a request that
 * sends one back only once a replica has caught up to it. Here one Redis is every replica, so an endpoint's history
 * is a counter of the answers it has sent. A token is issued only with an answer, after Redis has applied that
 * request and every request answered before it, so whatever token of this endpoint a request carries names writes
 * already visible to every connection and it is served at once: nothing needs to wait. A token it never issued (one
 * of an endpoint that ran on the same port before, or a made-up one, which @upstash/redis lets a caller set and
 * Upstash accepts) names no write this endpoint knows of, so it is served at once too rather than refused.
 *
 * The token is `<endpoint id>-<answers so far>`: the id keeps a restarted endpoint's tokens apart from its
 * predecessor's, and the count grows by one with every answer.
 */
export function createSyncTokens() {
  const endpoint = randomBytes(6).toString("hex");
  let answered = 0;
  return {
    /** The token for an answer being sent now. */
    issue: () => `${endpoint}-${++answered}`,
  };
}
