// The floor: one EVALSHA of a minimal Lua script per check, the least any Redis-backed design must pay.
import { Redis } from "ioredis";
import { requiredEnv, servePeer } from "./serve";

// Sent the way Bouncer's Redis store sends (api/src/quota/redis-store.ts): plain commands, the checks of one turn
// of the event loop written together on a corked socket. So the ratio to this floor measures only Bouncer's own
// work, and the floor is not held back by ioredis's pipeline objects, which cost more than they save here.
const redis = new Redis(requiredEnv("REDIS_URL"), { enableAutoPipelining: false });
redis.defineCommand("floorIncr", { numberOfKeys: 1, lua: "return redis.call('INCR', KEYS[1])" });
const incr = (key: string) => (redis as unknown as { floorIncr(key: string): Promise<number> }).floorIncr(key);

let corked = false;
function send(key: string): Promise<number> {
  if (!corked) {
    corked = true;
    redis.stream.cork();
    setImmediate(() => {
      corked = false;
      redis.stream.uncork();
    });
  }
  return incr(key);
}

redis.once("ready", () =>
  servePeer(async (key) => {
    const count = await send(`floor:{${key}}`);
    return { status: 200, body: `{"allowed":true,"count":${count}}` };
  }),
);
