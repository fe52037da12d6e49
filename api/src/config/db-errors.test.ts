// D1's transient failures (CI saw "internal error; reference = …" from a local D1 shared by three Worker processes,
// during a check whose key was not cached): a read is tried once more, and one that still fails is the config store's
// absence (503), never a 500.
import { expect, test } from "vitest";
import { errorAnswer } from "../error-answer";
import { isTransient, isUnavailable, readAgainOnce } from "./db-errors";

const quiet = { debug() {}, info() {}, error() {} };
// As drizzle wraps what the D1 binding threw.
const d1Failure = () =>
  new Error('Failed query: select "customers"."id" from "customers"', {
    cause: new Error("internal error; reference = hfhk3n4m3pgq594jvfk6uat9"),
  });

test("D1's transient failures are told apart from a bad query", () => {
  expect(isTransient(d1Failure())).toBe(true);
  expect(isTransient(new Error("Network connection lost."))).toBe(true);
  expect(isTransient(new Error("no such column: nope"))).toBe(false);
  expect(isUnavailable(d1Failure())).toBe(true);
  expect(errorAnswer(d1Failure(), "r", quiet).status).toBe(503);
});

test("a read that fails as D1 can for a moment is tried once more; a bad query is not", async () => {
  let tries = 0;
  const flaky = async () => {
    tries++;
    if (tries === 1) throw d1Failure();
    return "row";
  };
  expect(await readAgainOnce(flaky, 1)).toBe("row");
  expect(tries).toBe(2);

  let bad = 0;
  const badQuery = async () => {
    bad++;
    throw new Error("no such column: nope");
  };
  await expect(readAgainOnce(badQuery, 1)).rejects.toThrow("no such column");
  expect(bad).toBe(1);

  let down = 0;
  const stillDown = async () => {
    down++;
    throw d1Failure();
  };
  await expect(readAgainOnce(stillDown, 1)).rejects.toThrow("Failed query");
  expect(down).toBe(2);
});
