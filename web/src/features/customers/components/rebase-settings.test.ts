// Applying an admin's changes over a newer version keeps what the other admin saved and what this one changed.
import { expect, test } from "vitest";
import type { Customer } from "../../../lib/domain";
import { customerOf } from "../../../testing/fixtures";
import { rebaseSettings } from "./rebase-settings";

const customer = (overrides: Customer["overrides"], version: number) => customerOf({ overrides, version });

test("a change of different overrides keeps both: the other admin's and this one's", () => {
  const base = customer(null, 1);
  const current = customer({ perDay: 20000, failMode: "closed" }, 2);
  expect(rebaseSettings({ overrides: { perHour: 2000 } }, base, current)).toEqual({
    overrides: { perDay: 20000, failMode: "closed", perHour: 2000 },
  });
});

test("the override this admin changed is theirs, and one they removed goes, whatever the other admin set", () => {
  const base = customer({ perDay: 10000, shadow: true, resources: { "ai.generate": { perDay: 50 } } }, 1);
  const current = customer({ perDay: 30000, shadow: true, resources: { "ai.generate": { perDay: 60 } } }, 2);
  // This admin set Per day to 20,000 and removed the shadow override; the resource they did not touch.
  const mine = { overrides: { perDay: 20000, resources: { "ai.generate": { perDay: 50 } } } };
  expect(rebaseSettings(mine, base, current)).toEqual({
    overrides: { perDay: 20000, resources: { "ai.generate": { perDay: 60 } } },
  });
});

test("removing the last override removes them all; a patch without overrides is sent as it is", () => {
  const base = customer({ perDay: 10000 }, 1);
  expect(rebaseSettings({ overrides: null }, base, customer({ perDay: 10000 }, 2))).toEqual({ overrides: null });
  expect(rebaseSettings({ name: "Acme Corp" }, base, customer({ perDay: 1 }, 2))).toEqual({ name: "Acme Corp" });
});

test("a local share turned off (null) is a change of its own, kept over the other admin's version", () => {
  const base = customer({ localShare: 200 }, 1);
  const current = customer({ localShare: 200, perDay: 30000 }, 2);
  expect(rebaseSettings({ overrides: { localShare: null } }, base, current)).toEqual({
    overrides: { localShare: null, perDay: 30000 },
  });
  // Back to the plan's: the override goes, the other admin's stays.
  expect(rebaseSettings({ overrides: null }, base, current)).toEqual({ overrides: { perDay: 30000 } });
});

test("alerts are one override: unchanged they keep the other admin's, changed or turned off ([]) they are this one's", () => {
  const base = customer({ alerts: [80, 100] }, 1);
  const current = customer({ alerts: [50, 90] }, 2);
  expect(rebaseSettings({ overrides: { alerts: [80, 100], perDay: 9000 } }, base, current)).toEqual({
    overrides: { alerts: [50, 90], perDay: 9000 },
  });
  expect(rebaseSettings({ overrides: { alerts: [] } }, base, current)).toEqual({ overrides: { alerts: [] } });
});
