// The plans table's words for a bucket sized by Per minute, and the names of the customers on a plan.
import { expect, test } from "vitest";
import { burstText } from "./plan-burst";
import { namesText } from "./plan-users";

test("Burst names the bucket's real size: its own, else Per minute's, and No limit only with no bucket", () => {
  expect(burstText({ burst: 20, perMinute: 100 })).toBe("20");
  expect(burstText({ burst: null, perMinute: 60 })).toBe("60 (per minute)");
  expect(burstText({ burst: null, perMinute: 1200 })).toBe("1,200 (per minute)");
  expect(burstText({ burst: null, perMinute: null })).toBe("No limit");
});

test("customers are named up to three, then counted", () => {
  expect(namesText(["Acme"])).toBe("Acme");
  expect(namesText(["Acme", "Beta"])).toBe("Acme and Beta");
  expect(namesText(["Acme", "Beta", "Gamma"])).toBe("Acme, Beta and Gamma");
  expect(namesText(["Acme", "Beta", "Gamma", "Delta", "Echo"])).toBe("Acme, Beta, Gamma and 2 more");
});
