// The plans table's words for a bucket sized by Per minute.
import { expect, test } from "vitest";
import { burstText } from "../../../lib/plan-burst";

test("Burst names the bucket's real size: its own, else Per minute's, and No limit only with no bucket", () => {
  expect(burstText({ burst: 20, perMinute: 100 })).toBe("20");
  expect(burstText({ burst: null, perMinute: 60 })).toBe("60 (per minute)");
  expect(burstText({ burst: null, perMinute: 1200 })).toBe("1,200 (per minute)");
  expect(burstText({ burst: null, perMinute: null })).toBe("No limit");
});
