// The plan id the form suggests from the name while the admin has not typed one.
import { expect, test } from "vitest";
import { idFromName } from "./plan-draft";

test("an id from the name: lower case, words joined by -, accents dropped rather than splitting words (audit)", () => {
  expect(idFromName("Pro Plus")).toBe("pro-plus");
  expect(idFromName("Crème Brûlée")).toBe("creme-brulee");
  expect(idFromName("Über Tier")).toBe("uber-tier");
  expect(idFromName("  Team (2027)  ")).toBe("team-2027");
  // Letters with no plain-letter form go, as any other character does.
  expect(idFromName("Ünïcødé Plan")).toBe("unic-de-plan");
  expect(idFromName("日本")).toBe("");
});
