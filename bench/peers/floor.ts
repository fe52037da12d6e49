// The floor: one EVALSHA of a minimal Lua script per check, and the answer the contract asks of any design.
import { Redis } from "ioredis";
import { MAX_BATCH } from "../../api/src/quota/stores/redis-store";
import { contractAnswer, FLOOR_SCRIPT } from "./contract-answer";
import { benchLimits, requiredEnv, servePeer } from "./serve";

// Written the way Bouncer's Redis store writes (api/src/quota/stores/redis-store.ts): plain commands, the checks of one
// turn of the event loop written together on a corked socket, at most the store's MAX_BATCH to a write, so the
// floor is not held back by ioredis's pipeline objects, which cost more than they save here. Unlike the store,
// which merges a batch's checks into one call of its script, the floor sends one EVALSHA per check: the floor as
// issue 7 defines it (bench/README.md, "Why it is fair", says what a merging floor measured).
const redis = new Redis(requiredEnv("REDIS_URL"), { enableAutoPipelining: false });
redis.defineCommand("floorIncr", { numberOfKeys: 1, lua: FLOOR_SCRIPT });
const incr = (key: string) => (redis as unknown as { floorIncr(key: string): Promise<number> }).floorIncr(key);

let corked = 0;
const uncork = () => {
  if (corked === 0) return;
  corked = 0;
  redis.stream.uncork();
};
function send(key: string): Promise<number> {
  if (corked === 0) {
    redis.stream.cork();
    setImmediate(uncork);
  }
  const reply = incr(key);
  if (++corked >= MAX_BATCH) uncork();
  return reply;
}

redis.once("ready", () =>
  servePeer(async (key) => {
    const count = await send(`floor:{${key}}`);
    return answer(key, count);
  }),
);

// Whatever a design does in Redis, it must answer a check as contract section 5 says: the rate-limit headers and
// a body of that shape, from its counts. So the floor answers so too, with the least work (contract-answer.ts).
// Without it the floor answered 181 bytes against Bouncer's 1 KB, and the load process, which parses every answer
// on the same two cores, made the difference look like Bouncer's own work.
const answer = contractAnswer(benchLimits());
