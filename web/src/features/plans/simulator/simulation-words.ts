// A simulation in words: each limit by the name the plan form gives it, and the one-line summary of what happened.
import { LIMIT_KINDS, type Limits, type Simulation } from "../../../lib/domain";
import { formatCount } from "../../../lib/format";

/**
 * The form's label of a limit as a check names it. The bucket is one limit, `burst`, whatever sets its size: it is
 * "Burst" when the plan sets one and "Per minute" when the bucket simply holds a minute's worth.
 */
export function limitLabel(name: string, limits: Limits): string {
  if (name === "burst") return limits.burst === null ? "Per minute" : "Burst";
  return LIMIT_KINDS.find((k) => k.window === name)?.label ?? name;
}

/** "Of 7,400 requests, 520 allowed; 6,880 denied: 642 by Burst, 6,238 by Per hour". */
export function summarize(sim: Simulation, limits: Limits): string {
  if (sim.simulated === 0) return "No requests to simulate.";
  const of = `Of ${formatCount(sim.simulated)} requests`;
  const denied = sim.denied.reduce((sum, n) => sum + n, 0);
  if (denied === 0) return `${of}, all ${formatCount(sim.allowed)} allowed.`;
  const byLimit = sim.limits
    .map((name, k) => ({ label: limitLabel(name, limits), n: sim.denied[k] ?? 0 }))
    .filter(({ n }) => n > 0)
    .map(({ label, n }) => `${formatCount(n)} by ${label}`);
  return `${of}, ${formatCount(sim.allowed)} allowed; ${formatCount(denied)} denied: ${byLimit.join(", ")}.`;
}
