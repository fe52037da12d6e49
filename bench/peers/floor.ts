// The floor: one EVALSHA of a minimal Lua script per check, the least any Redis-backed design must pay.
import { Redis } from "ioredis";
import { requiredEnv, servePeer } from "./serve";

// The same client settings as Bouncer's Redis store, so the ratio to this floor measures only Bouncer's own work.
const redis = new Redis(requiredEnv("REDIS_URL"), { enableAutoPipelining: true });
redis.defineCommand("floorIncr", { numberOfKeys: 1, lua: "return redis.call('INCR', KEYS[1])" });
const incr = (key: string) => (redis as unknown as { floorIncr(key: string): Promise<number> }).floorIncr(key);

servePeer(async (key) => {
  const count = await incr(`floor:{${key}}`);
  return { status: 200, body: `{"allowed":true,"count":${count}}` };
});
