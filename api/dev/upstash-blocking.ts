// Blocking commands for the Upstash endpoint: which commands hold their connection, and a connection of their own.

import type { Redis } from "ioredis";
import type { Command } from "./upstash-command";

const ALWAYS_BLOCKING = new Set([
  "BLPOP",
  "BRPOP",
  "BRPOPLPUSH",
  "BLMOVE",
  "BLMPOP",
  "BZPOPMIN",
  "BZPOPMAX",
  "BZMPOP",
  "WAIT",
  "WAITAOF",
]);

/** Whether Redis may hold `command`'s connection until data, a replica or a timeout comes (outside MULTI). */
export function blocks([name, ...args]: Command): boolean {
  const upper = name.toUpperCase();
  if (ALWAYS_BLOCKING.has(upper)) return true;
  if (upper !== "XREAD" && upper !== "XREADGROUP") return false;
  // BLOCK is an option only before STREAMS (after it come keys and IDs), and GROUP's two names may spell either word.
  for (let i = 0; i < args.length; i++) {
    const word = String(args[i]).toUpperCase();
    if (word === "STREAMS") return false;
    if (word === "BLOCK") return true;
    if (word === "GROUP") i += 2;
  }
  return false;
}

/**
 * Connections of their own for requests that block: on the shared connection a `BLPOP k 2` would hold every other
 * request's reply behind it for 2 s. Each is opened for one request and closed when it is answered, or when its
 * HTTP client goes away, since a `BLPOP k 0` nobody waits for any more would otherwise hold a connection for ever.
 */
export function createDedicatedConnections(shared: Redis) {
  const open = new Set<Redis>();
  return {
    async use<T>(signal: AbortSignal | undefined, work: (connection: Redis) => Promise<T>): Promise<T> {
      const connection = shared.duplicate();
      // A failure reaches the request as its command's rejection; this only keeps ioredis from logging it too.
      connection.on("error", () => {});
      open.add(connection);
      const close = () => {
        open.delete(connection);
        connection.disconnect();
      };
      if (signal?.aborted) close();
      signal?.addEventListener("abort", close, { once: true });
      try {
        return await work(connection);
      } finally {
        signal?.removeEventListener("abort", close);
        close();
      }
    },
    closeAll() {
      for (const connection of open) connection.disconnect();
      open.clear();
    },
  };
}
