// What a save of the customer's settings sends: the name trimmed, and the overrides as one object with the limits typed
// and the fail mode and shadow chosen, each left out when it keeps the plan's value.
import { expect, test } from "vitest";
import { customerOf, proPlan } from "../../../testing/fixtures";
import { checkSettings, type SettingsDraft, settingsDraftOf } from "./settings-draft";
import { settingsPatchOf } from "./settings-patch";

const plan = proPlan();
const acme = customerOf({ overrides: { perDay: 100000, failMode: "closed" } });

/** The patch a save of `change` over acme's settings sends. */
function patchOf(change: Partial<SettingsDraft>) {
  const { settings, errors } = checkSettings({ ...settingsDraftOf(acme), ...change }, plan);
  expect(errors).toEqual({});
  return settings && settingsPatchOf(acme, settings);
}

test("the draft shows the customer's own fail mode and shadow, or the plan's as the empty choice", () => {
  expect(settingsDraftOf(acme)).toMatchObject({ failMode: "closed", shadow: "" });
  expect(settingsDraftOf({ ...acme, overrides: { shadow: false } })).toMatchObject({ failMode: "", shadow: "off" });
  expect(settingsDraftOf({ ...acme, overrides: null })).toMatchObject({ failMode: "", shadow: "" });
});

test("nothing changed sends nothing", () => {
  expect(patchOf({})).toBeNull();
  // A name differing only by spaces around it is the same name.
  expect(patchOf({ name: " Acme " })).toBeNull();
});

test("a rename sends the name alone, trimmed", () => {
  expect(patchOf({ name: "  Acme Corp " })).toEqual({ name: "Acme Corp" });
});

test("fail mode and shadow go into the overrides, beside the limits, which are sent whole", () => {
  expect(patchOf({ failMode: "open" })).toEqual({ overrides: { perDay: 100000, failMode: "open" } });
  expect(patchOf({ shadow: "on" })).toEqual({ overrides: { perDay: 100000, failMode: "closed", shadow: true } });
  expect(patchOf({ shadow: "off" })).toEqual({ overrides: { perDay: 100000, failMode: "closed", shadow: false } });
  // Back to the plan's fail mode: the override is left out, not sent as the plan's value.
  expect(patchOf({ failMode: "" })).toEqual({ overrides: { perDay: 100000 } });
});

test("the local share override: the plan's (left out), off (null), or own units, each as the draft shows it", () => {
  expect(settingsDraftOf(acme)).toMatchObject({ localShare: "", localShareUnits: "" });
  expect(settingsDraftOf({ ...acme, overrides: { localShare: null } })).toMatchObject({ localShare: "off" });
  expect(settingsDraftOf({ ...acme, overrides: { localShare: 250 } })).toMatchObject({
    localShare: "own",
    localShareUnits: "250",
  });
  const base = { perDay: 100000, failMode: "closed" };
  expect(patchOf({ localShare: "off" })).toEqual({ overrides: { ...base, localShare: null } });
  expect(patchOf({ localShare: "own", localShareUnits: "1,000" })).toEqual({
    overrides: { ...base, localShare: 1000 },
  });
  // Units typed, then back to the plan's: nothing to send.
  expect(patchOf({ localShare: "", localShareUnits: "1000" })).toBeNull();
  const empty = checkSettings({ ...settingsDraftOf(acme), localShare: "own", localShareUnits: "" }, plan);
  expect(empty.errors.localShare).toBe("Local share must be a whole number");
  expect(empty.settings).toBeUndefined();
});

test("with every override back to the plan's, the overrides are removed", () => {
  const limits = { ...settingsDraftOf(acme).overrides.limits, perDay: "" };
  expect(patchOf({ failMode: "", overrides: { limits, resources: {} } })).toEqual({ overrides: null });
});

test("a name that breaks the API's rule, or an override the plan's rules refuse, blocks the save", () => {
  const blank = checkSettings({ ...settingsDraftOf(acme), name: "   " }, plan);
  expect(blank.errors.name).toBe("Name must not be empty");
  expect(blank.settings).toBeUndefined();
  const limits = { ...settingsDraftOf(acme).overrides.limits, perDay: "10" };
  const low = checkSettings({ ...settingsDraftOf(acme), overrides: { limits, resources: {} } }, plan);
  expect(low.errors.perDay).toMatch(/^Per day/);
  expect(low.settings).toBeUndefined();
});

test("alerts: the plan's when left alone, [] for none, own thresholds ascending; unchanged ones send nothing", () => {
  expect(settingsDraftOf(acme)).toMatchObject({ alerts: "", alertsThresholds: "" });
  const own = customerOf({ overrides: { alerts: [50, 90] } });
  expect(settingsDraftOf(own)).toMatchObject({ alerts: "own", alertsThresholds: "50, 90" });
  expect(settingsDraftOf(customerOf({ overrides: { alerts: [] } }))).toMatchObject({ alerts: "none" });
  expect(patchOf({ alerts: "none" })).toEqual({ overrides: { perDay: 100000, failMode: "closed", alerts: [] } });
  expect(patchOf({ alerts: "own", alertsThresholds: "100, 75" })).toEqual({
    overrides: { perDay: 100000, failMode: "closed", alerts: [75, 100] },
  });
  const { settings } = checkSettings({ ...settingsDraftOf(own), alertsThresholds: "90, 50" }, plan);
  expect(settings && settingsPatchOf(own, settings)).toBeNull();
  expect(checkSettings({ ...settingsDraftOf(acme), alerts: "own" }, plan).errors).toEqual({
    alerts: "Alerts must be whole numbers from 1 to 100, separated by commas",
  });
});
