import { expect, test } from "vitest";
import { loadToolOf, localShareOf, parseOptions, sizesOf } from "./options";

test("BENCH_LOAD chooses the saturation tool; unset, wrk when installed; anything else is refused", () => {
  const installed = () => true;
  const missing = () => false;
  expect(loadToolOf(undefined, installed)).toBe("wrk");
  expect(loadToolOf(undefined, missing)).toBe("autocannon");
  expect(loadToolOf("autocannon", installed)).toBe("autocannon");
  expect(loadToolOf("wrk", installed)).toBe("wrk");
  expect(() => loadToolOf("wrk", missing)).toThrow("wrk is not installed");
  expect(() => loadToolOf("k6", installed)).toThrow("BENCH_LOAD: k6? wrk or autocannon");
});

test("--only hot-keys runs the hot-key scenario alone; an unknown scenario or --profile beside it is refused", () => {
  const env = { BENCH_LOAD: "autocannon" };
  expect(parseOptions(["--only", "hot-keys"], env).only).toBe("hot-keys");
  expect(parseOptions(["--quick", "--only", "hot-keys"], env)).toMatchObject({ quick: true, only: "hot-keys" });
  expect(parseOptions([], env).only).toBeUndefined();
  expect(() => parseOptions(["--only", "deny"], env)).toThrow("--only: deny? one of hot-keys, scale, outage");
  expect(() => parseOptions(["--only"], env)).toThrow("--only: nothing? one of hot-keys, scale, outage");
  expect(() => parseOptions(["--only", "hot-keys", "--profile"], env)).toThrow("--only and --profile together");
});

test("the quick run keeps the hot-key rounds short: a second each, a round of each mode", () => {
  const quick = parseOptions(["--quick"], { BENCH_LOAD: "autocannon" });
  expect(quick.rounds).toBe(1);
  expect(quick.hotKeySeconds).toBeLessThanOrEqual(1);
  expect(quick.hotKeySettleSeconds).toBeLessThan(2);
});

test("--local-share sets the hot-key scenario's share (100 when not given); anything but 2 to 10,000 is refused", () => {
  expect(parseOptions([], { BENCH_LOAD: "autocannon" }).hotKeyShare).toBe(100);
  expect(localShareOf(["--only", "hot-keys", "--local-share", "1000"])).toBe(1000);
  expect(() => localShareOf(["--local-share", "1"])).toThrow("--local-share: 1? a whole number from 2 to 10,000");
  expect(() => localShareOf(["--local-share", "2.5"])).toThrow("--local-share: 2.5?");
  expect(() => localShareOf(["--local-share"])).toThrow("--local-share: nothing?");
});

test("--only scale runs the scale scenario: 1,000, 100,000 and 1,000,000 customers, or --sizes; --quick is smaller", () => {
  const env = { BENCH_LOAD: "autocannon" };
  expect(parseOptions(["--only", "scale"], env)).toMatchObject({
    only: "scale",
    scaleSizes: [1000, 100_000, 1_000_000],
  });
  expect(parseOptions(["--quick", "--only", "scale"], env).scaleSizes).toEqual([1000, 10_000, 20_000]);
  expect(sizesOf(["--sizes", "1000,250_000"], [1])).toEqual([1000, 250_000]);
  expect(() => sizesOf(["--sizes", "1000,500"], [1])).toThrow("--sizes: 1000,500? numbers of customers");
  expect(() => sizesOf(["--sizes", "10"], [1])).toThrow("--sizes: 10?");
  expect(() => sizesOf(["--sizes"], [1])).toThrow("--sizes: nothing?");
});

test("--only outage runs the outage scenario: 10 s at 600 checks/s a customer against a perDay of 3,000; --quick 2 s", () => {
  const env = { BENCH_LOAD: "autocannon" };
  const full = parseOptions(["--only", "outage"], env);
  expect(full).toMatchObject({ only: "outage", outageSeconds: 10, outageRate: 600, outageLimit: 3000 });
  expect(() => parseOptions(["--only", "outage", "--profile"], env)).toThrow("--only and --profile together");
  // Both send twice the limit during the outage, so a plan failing open shows far over what was left, and local
  // has to deny.
  const quick = parseOptions(["--quick", "--only", "outage"], env);
  expect(quick).toMatchObject({ quick: true, only: "outage", outageSeconds: 2 });
  for (const o of [full, quick]) expect(o.outageRate * o.outageSeconds).toBe(2 * o.outageLimit);
  expect(quick.outageSettleSeconds).toBeGreaterThanOrEqual(2);
});

test("--only leases runs the leases scenario alone (what a concurrent limit and a release cost Redis)", () => {
  const env = { BENCH_LOAD: "autocannon" };
  expect(parseOptions(["--only", "leases"], env).only).toBe("leases");
  expect(parseOptions(["--quick", "--only", "leases"], env)).toMatchObject({ quick: true, only: "leases" });
  expect(() => parseOptions(["--only", "lease"], env)).toThrow("one of hot-keys, scale, outage, alerts, leases");
});
