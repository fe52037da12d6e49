// The board's marks: the share left of the nearest limit, to a thousandth, rounded up so that only a limit used up
// ranks as 0; one mark per customer between takes, and none for an address.
import { expect, test } from "vitest";
import { boardLeft, createBoardMarks } from "./board-marks";
import type { LimitEntry } from "./decision";

const limits = (...remaining: [number, number][]): LimitEntry[] =>
  remaining.map(([left, limit], i) => ({ name: i === 0 ? "day" : "minute", limit, remaining: left, reset: 0 }));

test("the share left of the nearest limit, rounded up to a thousandth: 0 only when a limit is used up", () => {
  expect(boardLeft(limits([0, 100]))).toBe(0);
  expect(boardLeft(limits([1, 1_000_000]))).toBe(0.001);
  expect(boardLeft(limits([999_500, 1_000_000]))).toBe(1);
  expect(boardLeft(limits([999_999, 1_000_000], [49_960, 100_000]))).toBe(0.5);
  expect(boardLeft(limits([999_000, 1_000_000]))).toBe(0.999);
});

test("checks that move a customer less than a thousandth mark the same share; each take starts afresh", () => {
  const board = createBoardMarks();
  board.mark("customer:a", true, limits([999_990, 1_000_000]));
  const first = board.take();
  board.mark("customer:a", true, limits([999_700, 1_000_000]));
  board.mark("customer:a", false, limits([999_600, 1_000_000]));
  board.mark("ip:203.0.113.9", true, limits([5, 10]));
  const second = board.take();
  expect(first).toEqual([{ subject: "customer:a", left: 1, allowed: 1, denied: 0 }]);
  expect(second).toEqual([{ subject: "customer:a", left: 1, allowed: 1, denied: 1 }]);
  expect(board.take()).toEqual([]);
});
