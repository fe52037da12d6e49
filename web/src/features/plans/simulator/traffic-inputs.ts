// The simulator's four inputs as typed, read into the traffic to simulate: a burst, then a steady rate.
import type { Traffic } from "../../../lib/domain";
import { formatCount } from "../../../lib/format";

export type TrafficInputs = { burstRequests: string; overSeconds: string; perSecond: string; forMinutes: string };
export type TrafficField = keyof TrafficInputs;

/** The example: 200 requests in 10 s, then 2 a second for an hour. */
export const DEFAULT_TRAFFIC: TrafficInputs = {
  burstRequests: "200",
  overSeconds: "10",
  perSecond: "2",
  forMinutes: "60",
};

/**
 * Each input's label and bounds. The bounds keep a simulation to what a browser decides in a blink and the window
 * rules to real dates: a burst of a million, a day long, then up to 10,000 a second for a month.
 */
export const TRAFFIC_FIELDS: readonly { field: TrafficField; label: string; max: number; whole: boolean }[] = [
  { field: "burstRequests", label: "Requests", max: 1_000_000, whole: true },
  { field: "overSeconds", label: "Over seconds", max: 86_400, whole: false },
  { field: "perSecond", label: "Then per second", max: 10_000, whole: false },
  { field: "forMinutes", label: "For minutes", max: 44_640, whole: false },
];

/** What is wrong with one input, if anything; empty reads as 0. */
function problem(text: string, max: number, whole: boolean): string | undefined {
  const value = Number(text.trim() === "" ? "0" : text);
  if (!Number.isFinite(value)) return "Must be a number";
  if (value < 0) return "Must be 0 or more";
  if (whole && !Number.isInteger(value)) return "Must be a whole number";
  if (value > max) return `Must be at most ${formatCount(max)}`;
  return undefined;
}

/** The traffic the inputs describe, or each wrong input's message. */
export function readTraffic(
  inputs: TrafficInputs,
): { ok: true; traffic: Traffic } | { ok: false; errors: Partial<Record<TrafficField, string>> } {
  const errors: Partial<Record<TrafficField, string>> = {};
  for (const { field, max, whole } of TRAFFIC_FIELDS) {
    const message = problem(inputs[field], max, whole);
    if (message) errors[field] = message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const n = (field: TrafficField) => Number(inputs[field] || 0);
  const steadySeconds = n("forMinutes") * 60;
  return {
    ok: true,
    traffic: [
      { requests: n("burstRequests"), overSeconds: n("overSeconds") },
      { requests: Math.round(n("perSecond") * steadySeconds), overSeconds: steadySeconds },
    ],
  };
}
