// The board's marks: the share left of the nearest limit, to a thousandth, rounded up so that only a limit used up
// ranks as 0; a customer named only when its share moved since this server last marked it, or when it was denied;
// every check in the totals, and none for an address.
import { expect, test } from "vitest";
import { boardLeft, createBoardMarks, leastLeft } from "./board-marks";
import type { LimitEntry } from "./decision";
import { LastMarked } from "./last-marked";

const limits = (...remaining: [number, number][]): LimitEntry[] =>
  remaining.map(([left, limit], i) => ({ name: i === 0 ? "day" : "minute", limit, remaining: left, reset: 0 }));

test("the share left of the nearest limit, rounded up to a thousandth: 0 only when a limit is used up", () => {
  expect(boardLeft(limits([0, 100]))).toBe(0);
  expect(boardLeft(limits([1, 1_000_000]))).toBe(0.001);
  expect(boardLeft(limits([999_500, 1_000_000]))).toBe(1);
  expect(boardLeft(limits([999_999, 1_000_000], [49_960, 100_000]))).toBe(0.5);
  expect(boardLeft(limits([999_000, 1_000_000]))).toBe(0.999);
});

test("a customer is named when its share moves a thousandth or it is denied; every check is in the totals", () => {
  const board = createBoardMarks();
  expect(board.take()).toBeNull();
  board.mark("customer:a", true, limits([999_990, 1_000_000]));
  board.mark("customer:b", true, limits([10, 100]));
  const first = board.take();
  // Within the same thousandth: counted, not named.
  board.mark("customer:a", true, limits([999_700, 1_000_000]));
  board.mark("ip:203.0.113.9", true, limits([5, 10]));
  const second = board.take();
  // Denied without moving: named for the denial, its share left as it was.
  board.mark("customer:a", false, limits([999_600, 1_000_000]));
  // Moved: named with the new share, the last of those since the take.
  board.mark("customer:b", true, limits([9, 100]));
  board.mark("customer:b", true, limits([8, 100]));
  const third = board.take();
  expect(first).toEqual({
    allowed: 2,
    denied: 0,
    customers: [
      { subject: "customer:a", left: 1, denied: 0 },
      { subject: "customer:b", left: 0.1, denied: 0 },
    ],
  });
  expect(second).toEqual({ allowed: 1, denied: 0, customers: [] });
  expect(third).toEqual({
    allowed: 2,
    denied: 1,
    customers: [
      { subject: "customer:a", left: null, denied: 1 },
      { subject: "customer:b", left: 0.08, denied: 0 },
    ],
  });
  expect(board.take()).toBeNull();
});

test("marks lost with the store: every customer is named again at its next check, its share unmoved", () => {
  const board = createBoardMarks();
  board.mark("customer:a", true, limits([10, 100]));
  board.take();
  board.mark("customer:a", true, limits([10, 100]));
  expect(board.take()?.customers).toEqual([]);
  board.lost();
  board.mark("customer:a", true, limits([10, 100]));
  expect(board.take()?.customers).toEqual([{ subject: "customer:a", left: 0.1, denied: 0 }]);
});

test("the last marks: a customer seen again with its share is the same, with another it is not", () => {
  const last = new LastMarked(1 << 16, 1 << 16);
  const subjects = Array.from({ length: 20_000 }, (_, i) => `c:cus_${i}`);
  for (const s of subjects) expect(last.same(s, 500)).toBe(false);
  // The same step is the same, bar the few pushed out of a full bucket (about one in sixty here).
  expect(subjects.filter((s) => last.same(s, 500)).length).toBeGreaterThan(subjects.length * 0.97);
  // Another step is never the same, and is what is remembered after.
  for (const s of subjects) expect(last.same(s, 499)).toBe(false);
  expect(subjects.filter((s) => last.same(s, 499)).length).toBeGreaterThan(subjects.length * 0.97);
});

test("the last marks grow from a few slots, forgetting as they do, to their most, and then remember", () => {
  const last = new LastMarked(1 << 16, 8);
  const subjects = Array.from({ length: 20_000 }, (_, i) => `c:cus_${i}`);
  const sameOnPass = () => subjects.filter((s) => last.same(s, 1000)).length;
  expect(sameOnPass()).toBe(0);
  // A growth forgets everyone: a pass that fills the table anew grows it again.
  const passes = [sameOnPass(), sameOnPass(), sameOnPass()];
  expect(passes[0]).toBeLessThan(subjects.length);
  expect(passes[2]).toBeGreaterThan(subjects.length * 0.97);
});

test("the last marks past their most slots: customers push each other out, and are marked again, never skipped", () => {
  const last = new LastMarked(64, 64);
  const subjects = Array.from({ length: 1000 }, (_, i) => `c:cus_${i}`);
  for (const s of subjects) last.same(s, 1000);
  // At most 64 remembered: the rest are new again.
  expect(subjects.filter((s) => last.same(s, 1000)).length).toBeLessThanOrEqual(64);
});

test("requests in flight are not quota: a customer whose leases are all held is not near a limit", () => {
  const limits = [
    { name: "day", limit: 100, remaining: 80, reset: 0 },
    { name: "concurrent", limit: 2, remaining: 0, reset: 0 },
    { name: "ai.generate/concurrent", limit: 1, remaining: 0, reset: 0 },
  ];
  expect(leastLeft(limits)).toBe(0.8);
});

test("what the Live page read is marked as it stands, whatever this server marked last; a customer gone leaves", () => {
  const board = createBoardMarks();
  board.mark("cus_a", true, limits([0, 100]));
  board.take();
  // The board may hold another server's share: the page's is sent even where this server's last mark agrees, and
  // without a check in the totals.
  board.read("cus_a", limits([0, 100]));
  board.read("cus_b", limits([100, 100]));
  board.read("cus_c", null);
  expect(board.take()).toEqual({
    allowed: 0,
    denied: 0,
    customers: [
      { subject: "cus_a", left: 0, denied: 0 },
      { subject: "cus_b", left: 1, denied: 0 },
    ],
    gone: ["cus_c"],
  });
  // Read as it stands, then checked where it was: nothing moved, nothing is named.
  board.mark("cus_b", true, limits([100, 100]));
  expect(board.take()).toEqual({ allowed: 1, denied: 0, customers: [] });
  expect(board.take()).toBeNull();
});
