// The circuit breaker: when failures of the counter store count as an outage.
import { describe, expect, test } from "vitest";
import { Breaker } from "./breaker";

function breaker() {
  const opened: number[] = [];
  const b = new Breaker({ probe: () => new Promise(() => {}), onOpen: () => opened.push(performance.now()) });
  return { b, opened };
}

describe("the counter store's circuit breaker", () => {
  test("calls that were in flight together when the store stalled are one failure, not one each", () => {
    const { b, opened } = breaker();
    const batchStarted = performance.now();
    for (let i = 0; i < 16; i++) b.failure(batchStarted);
    expect(b.closed).toBe(true);
    // Calls started after that failure was seen are failures of their own: three in a row open the breaker.
    b.failure(performance.now());
    expect(b.closed).toBe(true);
    b.failure(performance.now());
    expect(b.closed).toBe(false);
    expect(opened).toHaveLength(1);
    b.stop();
  });

  test("an answer between failures starts the count again", () => {
    const { b } = breaker();
    b.failure(performance.now());
    b.failure(performance.now());
    b.success();
    b.failure(performance.now());
    b.failure(performance.now());
    expect(b.closed).toBe(true);
    b.failure(performance.now());
    expect(b.closed).toBe(false);
    b.stop();
  });
});
