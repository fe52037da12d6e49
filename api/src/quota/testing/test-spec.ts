// Tests' limits in the shape plans have (a bucket, an hour and a day), as the LimitSpec a check takes.
import type { LimitSpec } from "../limits";
import { WINDOW_RULES } from "../windows";

export type FixedLimits = {
  capacity?: number | null;
  perMinute?: number | null;
  hour?: number | null;
  day?: number | null;
};

/** Every window kind is in the spec, as limitSpec() puts them, those left out counted but not limited. */
export function testSpec({ capacity = null, perMinute = null, hour = null, day = null }: FixedLimits): LimitSpec {
  return {
    capacity,
    perMinute,
    windows: [
      { name: "hour", size: hour, rule: WINDOW_RULES.hour },
      { name: "day", size: day, rule: WINDOW_RULES.day },
    ],
  };
}
