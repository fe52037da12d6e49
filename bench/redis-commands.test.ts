// What the bench counts of Redis's time: each command clients sent once, a script's own calls inside its time only.
import { expect, test } from "vitest";
import { clientUsec } from "./redis-commands";

test("the calls scripts make are left out of Redis's time, which the scripts' usec already holds", () => {
  const usage = new Map([
    ["evalsha", { calls: 10, usec: 500 }],
    ["hmget", { calls: 10, usec: 40 }],
    ["hset", { calls: 10, usec: 30 }],
    ["time", { calls: 10, usec: 5 }],
    ["ping", { calls: 2, usec: 3 }],
  ]);
  expect(clientUsec(usage)).toBe(503);
});
