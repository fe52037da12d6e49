// Plans as code: a YAML file of plans, read and checked with the same rules as the API, and diffed against the service.
import { parse, stringify } from "yaml";
import { z } from "zod";
import { LIMIT_FIELDS, type Limits, noLimits, PlanCreate, type Resources } from "../src/domain/plan";

export type DesiredPlan = z.output<typeof PlanCreate>;
export type CurrentPlan = DesiredPlan & { version: number };

const PlansFile = z.strictObject({ plans: z.array(z.unknown()) });
// The fields a plan's file entry holds besides its id, in the order the API documents them; the limit fields come
// from the one table of limit kinds, so a new period reaches the file format without an edit here.
const FIELDS = [
  "name",
  ...LIMIT_FIELDS,
  "resources",
  "failMode",
  "shadow",
  "localShare",
  "alerts",
] as const satisfies readonly Exclude<keyof DesiredPlan, "id">[];
type Field = (typeof FIELDS)[number];

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

// A resource's limits with every field present: the file may leave out the limits a resource does not set.
const fullLimits = (limits: Partial<Limits> | undefined): Limits => ({ ...noLimits(), ...limits });

function sameLimits(a: Partial<Limits> | undefined, b: Partial<Limits> | undefined): boolean {
  const [x, y] = [fullLimits(a), fullLimits(b)];
  return LIMIT_FIELDS.every((f) => x[f] === y[f]);
}

function sameResources(a: Resources = {}, b: Resources = {}): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].every((name) => name in a && name in b && sameLimits(a[name], b[name]));
}

const same = (field: Field, a: DesiredPlan, b: DesiredPlan) =>
  field === "resources"
    ? sameResources(a.resources, b.resources)
    : field === "alerts"
      ? (a.alerts ?? []).join() === (b.alerts ?? []).join()
      : a[field] === b[field];

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
      // resources goes as a whole: the API's PATCH replaces a plan's resources, it does not merge them.
      if (!same(field, plan, existing)) {
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

/** The limits a resource sets, in the table's order: the file and the diff leave out its unset ones as noise. */
function setLimits(limits: Partial<Limits>): Partial<Limits> {
  const full = fullLimits(limits);
  return Object.fromEntries(LIMIT_FIELDS.filter((f) => full[f] !== null).map((f) => [f, full[f]]));
}

const listLimits = (limits: Partial<Limits>) =>
  Object.entries(setLimits(limits))
    .map(([f, v]) => `${f} ${show(v)}`)
    .join(", ");

/** One indented line per resource added, changed or removed, so that a change to one resource reads as such. */
function describeResources(before: Resources, after: Resources): string[] {
  const lines: string[] = [];
  for (const [name, limits] of Object.entries(after)) {
    const old = before[name];
    if (!old) lines.push(`    + resource ${name}: ${listLimits(limits)}`);
    else if (!sameLimits(old, limits)) {
      const [x, y] = [fullLimits(old), fullLimits(limits)];
      const parts = LIMIT_FIELDS.filter((f) => x[f] !== y[f]).map((f) => `${f} ${show(x[f])} → ${show(y[f])}`);
      lines.push(`    ~ resource ${name}: ${parts.join(", ")}`);
    }
  }
  for (const name of Object.keys(before)) if (!(name in after)) lines.push(`    - resource ${name}`);
  return lines;
}

/**
 * The diff as a person reads it: + to create, ~ to change (before → after), - to delete; a plan's resources follow
 * it on lines of their own, each with the same marks.
 */
export function describeChanges(changes: Change[]): string[] {
  return changes.flatMap((change) => {
    if (change.kind === "create") {
      const { id, resources, ...fields } = change.plan;
      const line = `+ plan ${id}: ${Object.entries(fields)
        .filter(([k, v]) => !(k === "localShare" && v === null) && !(k === "alerts" && (v as number[]).length === 0))
        .map(([k, v]) => `${k} ${show(v)}`)
        .join(", ")}`;
      return [line, ...describeResources({}, resources)];
    }
    if (change.kind === "delete") return [`- plan ${change.id}`];
    const { resources, ...fields } = change.changes;
    const parts = Object.entries(fields).map(
      ([k, v]) => `${k} ${show(change.before[k as keyof DesiredPlan])} → ${show(v)}`,
    );
    const details = resources ? describeResources(change.before.resources ?? {}, resources) : [];
    const head = parts.length > 0 ? `~ plan ${change.id}: ${parts.join(", ")}` : `~ plan ${change.id}`;
    return [head, ...details];
  });
}

/** The service's plans as a file that `apply` takes back unchanged. */
export function writePlansFile(plans: CurrentPlan[]): string {
  const entries = plans.map((p) => {
    const entry: Record<string, unknown> = { id: p.id };
    for (const field of FIELDS) {
      // A plan without a local share has no `localShare:` in its entry, nor one without alerts `alerts:`, nor one
      // without resources `resources:`:
      // most plans have neither, and the file's defaults mean the same.
      if (field === "localShare") {
        if (p.localShare !== null) entry.localShare = p.localShare;
      } else if (field === "alerts") {
        if (p.alerts.length > 0) entry.alerts = p.alerts;
      } else if (field !== "resources") entry[field] = p[field];
      else if (Object.keys(p.resources ?? {}).length > 0)
        entry.resources = Object.fromEntries(
          Object.entries(p.resources).map(([name, limits]) => [name, setLimits(limits)]),
        );
    }
    return entry;
  });
  return stringify({ plans: entries });
}
