// Plans as code: a YAML file of plans, read and checked with the same rules as the API, and diffed against the service.
import { parse, stringify } from "yaml";
import { z } from "zod";
import { PlanCreate } from "../src/domain/plan";

export type DesiredPlan = z.output<typeof PlanCreate>;
export type CurrentPlan = DesiredPlan & { version: number };

const PlansFile = z.strictObject({ plans: z.array(z.unknown()) });
const FIELDS = ["name", "burst", "perMinute", "perHour", "perDay", "failMode", "shadow"] as const;

/** The plans of a file, or every problem in it with the plan it is in. */
export function readPlansFile(text: string): { ok: true; plans: DesiredPlan[] } | { ok: false; problems: string[] } {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    return { ok: false, problems: [`not valid YAML: ${(error as Error).message}`] };
  }
  const file = PlansFile.safeParse(document);
  if (!file.success) return { ok: false, problems: ["the file must have a list `plans:` and nothing else"] };
  const problems: string[] = [];
  const plans: DesiredPlan[] = [];
  const seen = new Set<string>();
  file.data.plans.forEach((entry, index) => {
    const plan = PlanCreate.safeParse(entry);
    const name = (entry as { id?: unknown })?.id ?? `#${index + 1}`;
    if (!plan.success) {
      for (const issue of plan.error.issues)
        problems.push(`plan ${String(name)}: ${issue.path.join(".") || "plan"}: ${issue.message}`);
      return;
    }
    if (seen.has(plan.data.id)) problems.push(`plan ${plan.data.id}: listed twice`);
    seen.add(plan.data.id);
    plans.push(plan.data);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, plans };
}

export type Change =
  | { kind: "create"; plan: DesiredPlan }
  | { kind: "update"; id: string; version: number; changes: Partial<DesiredPlan>; before: Partial<DesiredPlan> }
  | { kind: "delete"; id: string; version: number };

/** What it takes to make the service's plans those of the file; with `prune`, plans not in the file go. */
export function diffPlans(desired: DesiredPlan[], current: CurrentPlan[], prune: boolean): Change[] {
  const byId = new Map(current.map((p) => [p.id, p]));
  const changes: Change[] = [];
  for (const plan of desired) {
    const existing = byId.get(plan.id);
    if (!existing) {
      changes.push({ kind: "create", plan });
      continue;
    }
    const after: Partial<DesiredPlan> = {};
    const before: Partial<DesiredPlan> = {};
    for (const field of FIELDS) {
      if (plan[field] !== existing[field]) {
        Object.assign(after, { [field]: plan[field] });
        Object.assign(before, { [field]: existing[field] });
      }
    }
    if (Object.keys(after).length > 0)
      changes.push({ kind: "update", id: plan.id, version: existing.version, changes: after, before });
  }
  if (prune) {
    const wanted = new Set(desired.map((p) => p.id));
    for (const plan of current)
      if (!wanted.has(plan.id)) changes.push({ kind: "delete", id: plan.id, version: plan.version });
  }
  return changes;
}

const show = (v: unknown) => (v === null ? "none" : JSON.stringify(v));

/** The diff as a person reads it: + to create, ~ to change (before → after), - to delete. */
export function describeChanges(changes: Change[]): string[] {
  return changes.map((change) => {
    if (change.kind === "create") {
      const { id, ...fields } = change.plan;
      return `+ plan ${id}: ${Object.entries(fields)
        .map(([k, v]) => `${k} ${show(v)}`)
        .join(", ")}`;
    }
    if (change.kind === "delete") return `- plan ${change.id}`;
    const parts = Object.entries(change.changes).map(
      ([k, v]) => `${k} ${show(change.before[k as keyof DesiredPlan])} → ${show(v)}`,
    );
    return `~ plan ${change.id}: ${parts.join(", ")}`;
  });
}

/** The service's plans as a file that `apply` takes back unchanged. */
export function writePlansFile(plans: CurrentPlan[]): string {
  const entries = plans.map((p) => ({ id: p.id, ...Object.fromEntries(FIELDS.map((f) => [f, p[f]])) }));
  return stringify({ plans: entries });
}
