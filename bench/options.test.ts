import { expect, test } from "vitest";
import { loadToolOf } from "./options";

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
