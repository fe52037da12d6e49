// The store calls' budget: on the test's clock for when calls run out, on Node's own event loop (with the test's clock
// where a real one would have to be fast) for busy turns.
import { once } from "node:events";
import { connect, createServer, type Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Budget } from "./budget";

describe("one budget for many store calls", () => {
  // On the test's own clock: a real sleep can overrun by more than the gap between two deadlines on a busy machine.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a call runs out when its own budget does, never before, and a call that answered never runs out", () => {
    const budget = new Budget(60);
    const expired: [string, number][] = [];
    const started = performance.now();
    const at = (name: string) => () => expired.push([name, performance.now() - started]);
    const first = budget.start(at("first"));
    const answered = budget.start(at("answered"));
    vi.advanceTimersByTime(30);
    const late = budget.start(at("late"));
    budget.settle(answered);
    vi.advanceTimersByTime(29);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(16);
    // 75 ms in: the first call's budget (60) is over, the late one's (30 + 60) is not. A call runs out in the
    // setImmediate after its timer, which the fake clock runs 1 ms after it (Node, in the same turn).
    expect(expired).toEqual([["first", 61]]);
    vi.advanceTimersByTime(15);
    expect(expired).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual([
      ["first", 61],
      ["late", 91],
    ]);
    budget.settle(first);
    budget.settle(late);
  });

  test("under a steady stream of calls that answer, nothing runs out and the waiting list stays empty", () => {
    const budget = new Budget(20);
    let expired = 0;
    for (let i = 0; i < 50; i++) {
      const calls = Array.from({ length: 100 }, () => budget.start(() => expired++));
      vi.advanceTimersByTime(1);
      expect(budget.size).toBe(100);
      for (const call of calls) budget.settle(call);
      expect(budget.size).toBe(0);
    }
    vi.advanceTimersByTime(40);
    expect(expired).toBe(0);
    // The list empties as calls answer: what it kept of answered calls would live on into the old generation.
    expect(budget.size).toBe(0);
  });

  test("an answer read after the budget's timer fired, before the loop checks again, is an answer", () => {
    const budget = new Budget(60);
    const expired: string[] = [];
    const answered = budget.start(() => expired.push("answered"));
    budget.start(() => expired.push("stalled"));
    // The timer fires at 60 ms; the poll phase that follows reads the answer that was waiting in its socket.
    vi.advanceTimersByTime(60);
    expect(expired).toEqual([]);
    budget.settle(answered);
    vi.advanceTimersByTime(1);
    // The call that got no answer still runs out at its budget, not a round later.
    expect(expired).toEqual(["stalled"]);
    expect(performance.now()).toBe(61);
    expect(budget.size).toBe(0);
  });
});

const turnEnd = () => new Promise((resolve) => setImmediate(resolve));
const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** A connected pair of sockets: the server's end of a store connection and the store's. */
async function connection() {
  const listener = createServer().listen(0, "127.0.0.1");
  await once(listener, "listening");
  const accepted = once(listener, "connection");
  const server = connect((listener.address() as { port: number }).port, "127.0.0.1");
  await once(server, "connect");
  const [store] = (await accepted) as [Socket];
  const close = () => {
    server.destroy();
    store.destroy();
    listener.close();
  };
  return { server, store, close };
}

// Node's own event loop, with a real socket: what a busy API server does between a call and its answer.
describe("the budget on Node's event loop", () => {
  // Node runs the timers phase before the poll phase: after a turn longer than the budget, the timer is overdue
  // while the answer, which came in time, still waits in its socket. The burst did this to dozens of checks.
  test("an answer that reached its socket within the budget is not timed out by a busy turn", async () => {
    const { server, store, close } = await connection();
    const budget = new Budget(20);
    const expired: string[] = [];
    const call = budget.start(() => expired.push("answered"));
    budget.start(() => expired.push("stalled"));
    await turnEnd();
    const read = once(server, "data").then(() => budget.settle(call));
    store.write("+OK\r\n");
    busyFor(3 * budget.ms);
    await read;
    await turnEnd();
    // The expiry has run (the call with no answer ran out), and the answered call was not among them.
    expect(expired).toEqual(["stalled"]);
    close();
  });

  // A batch of calls leaves as the turn that made it ends: a call made early in a long turn had spent its budget
  // before it was sent, and Redis's answer, a turn of the event loop later, came too late for it. The turns and the
  // socket are real, the clock is the test's: on a loaded machine a real one can pass any budget between two turns.
  test("a call made early in a busy turn has its whole budget from when the turn ends", async () => {
    const { server, store, close } = await connection();
    store.on("data", () => store.write("+OK\r\n"));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      const budget = new Budget(100);
      const expired: string[] = [];
      await turnEnd();
      const call = budget.start(() => expired.push("call"));
      const answered = once(server, "data").then(() => budget.settle(call));
      // The turn is busy for one and a half budgets.
      vi.advanceTimersByTime(1.5 * budget.ms);
      const turnEnded = performance.now();
      setImmediate(() => server.write("EVALSHA\r\n"));
      await answered;
      expect(call.deadline - turnEnded).toBeGreaterThanOrEqual(budget.ms);
      // Answered, it never runs out, not even once its deadline has passed.
      vi.advanceTimersByTime(budget.ms);
      await turnEnd();
      expect(expired).toEqual([]);
    } finally {
      vi.useRealTimers();
      close();
    }
  });
});
