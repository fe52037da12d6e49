// The memory store's floor: a count per key kept in the process, and the answer the contract asks of any design,
// written together a turn at a time as Bouncer writes its own. Beside the bare server (which answers 16 bytes with
// no rate-limit headers) it says how much of the distance to bare is the contract's answer itself and how much is
// Bouncer's work (auth, the customer's plan, the limits): bench/README.md, "The memory floor".
import { contractAnswer } from "./contract-answer";
import { benchLimits, servePeer } from "./serve";

const answer = contractAnswer(benchLimits());
const counts = new Map<string, number>();

servePeer((key) => {
  const count = (counts.get(key) ?? 0) + 1;
  counts.set(key, count);
  return answer(key, count);
}, true);
