// What a plan is and the rules its limits obey; shared by the API and the admin console's forms.
import { z } from "zod";
import { LIMIT_EXAMPLES, LIMIT_FIELDS, LIMIT_KINDS, type LimitField, type Limits, noLimits } from "./limit-kinds";

export {
  LIMIT_EXAMPLES,
  LIMIT_FIELDS,
  LIMIT_KINDS,
  type LimitField,
  type Limits,
  noLimits,
  WINDOW_KINDS,
} from "./limit-kinds";

export const PLAN_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
export const RESOURCE_NAME = /^[a-z0-9][a-z0-9._:-]{0,62}$/;
export const LIMIT_MAX = 1_000_000_000;
export const MAX_RESOURCES = 20;
export const LOCAL_SHARE_MIN = 2;
export const LOCAL_SHARE_MAX = 10_000;
export const MAX_ALERTS = 5;

/** A plan's named limits for one kind of request: each resource's limits by its name. */
export type Resources = Record<string, Limits>;

// Control and bidirectional-override characters make a name lie about what it says.
const HIDDEN_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const DisplayName = z
  .string()
  .min(1, "name must not be empty")
  .max(100, "name must be at most 100 characters")
  // Spaces alone name nothing a list or a log could tell apart.
  .refine((s) => s.trim() !== "", "name must not be only spaces")
  .refine((s) => !HIDDEN_CHARACTERS.test(s), "name must not contain control or bidirectional characters");

export const Limit = z
  .number()
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(LIMIT_MAX, "must be at most 1,000,000,000")
  .nullable();

/** A field's limit schema: Limit, or, for a kind whose row sets a smaller maximum (concurrent), held to that. */
export function limitFor(field: LimitField) {
  const kind = LIMIT_KINDS.find((k) => k.field === field);
  if (!kind || !("max" in kind)) return Limit;
  const most = kind.max.toLocaleString("en-US");
  return z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(kind.max, `must be at most ${most}`)
    .nullable();
}

export const FailMode = z.enum(["open", "closed", "local"]);

/** Units a server takes from the counter store at once (contract section 12), or null: every check asks the store. */
export const LocalShare = z
  .number()
  .int("localShare must be a whole number")
  .min(LOCAL_SHARE_MIN, "localShare must be from 2 to 10,000")
  .max(LOCAL_SHARE_MAX, "localShare must be from 2 to 10,000")
  .nullable();

/**
 * Usage thresholds in percent of each window limit (contract sections 4 and 13): each raises one `usage.threshold`
 * event per window when the customer's use reaches it. Kept in ascending order, each once.
 */
export const Alerts = z
  .array(
    z
      .number()
      .int("alerts must be whole numbers")
      .min(1, "alerts must be from 1 to 100 (percent)")
      .max(100, "alerts must be from 1 to 100 (percent)"),
  )
  .max(MAX_ALERTS, `at most ${MAX_ALERTS} alerts`)
  .refine((a) => new Set(a).size === a.length, "each alert threshold once")
  // Told in /openapi.json too, so that a generated client's own validation refuses what the service would.
  .meta({ uniqueItems: true })
  .transform((a) => [...a].sort((x, y) => x - y));

/**
 * Resource names, checked here rather than as a record's key schema so that the message names the rule. A key
 * `__proto__` is looked for in the body as it came: JSON.parse makes it an own key, but the record zod builds would set
 * its prototype with it instead, so the resource would be dropped without a word and the rest written.
 */
export function resourceRecord<T extends z.ZodType>(limits: T) {
  const record = z.record(z.string(), limits).superRefine((resources, ctx) => {
    const names = Object.keys(resources);
    if (names.length > MAX_RESOURCES) ctx.addIssue({ code: "custom", message: `at most ${MAX_RESOURCES} resources` });
    for (const name of names) {
      if (!RESOURCE_NAME.test(name)) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: nameRule(name),
        });
      }
    }
  });
  return z
    .preprocess((input, ctx) => {
      if (input !== null && typeof input === "object" && Object.hasOwn(input, "__proto__")) {
        ctx.issues.push({ code: "custom", input, path: ["__proto__"], message: nameRule("__proto__") });
      }
      return input;
    }, record)
    .meta({ maxProperties: MAX_RESOURCES, propertyNames: { pattern: RESOURCE_NAME.source } });
}

const nameRule = (name: string) =>
  `resource names must match ^[a-z0-9][a-z0-9._:-]{0,62}$ (got ${JSON.stringify(name)})`;

export type LimitViolation = { field: LimitField; message: string };

/** Where a set of limits breaks a rule of contract section 4, as messages keyed by the field to fix. */
export function limitViolations(limits: Limits): LimitViolation[] {
  const found: LimitViolation[] = [];
  if (LIMIT_FIELDS.every((f) => limits[f] === null)) {
    found.push({ field: "perMinute", message: `at least one of ${LIMIT_FIELDS.join(", ")} must be set` });
  }
  if (limits.burst !== null && limits.perMinute === null) {
    found.push({ field: "burst", message: "burst needs perMinute, the rate at which the bucket refills" });
  }
  for (const kind of LIMIT_KINDS) {
    const value = limits[kind.field];
    if ("max" in kind && value !== null && value > kind.max) {
      found.push({ field: kind.field, message: `${kind.field} must be at most ${kind.max.toLocaleString("en-US")}` });
    }
  }
  // A longer period may not allow less than a shorter one (burst and perMinute share a rank: not compared).
  for (const longer of LIMIT_KINDS) {
    const b = limits[longer.field];
    if (b === null) continue;
    for (const shorter of LIMIT_KINDS) {
      const a = limits[shorter.field];
      if (shorter.rank !== null && longer.rank !== null && shorter.rank < longer.rank && a !== null && b < a) {
        found.push({ field: longer.field, message: `${longer.field} must be ≥ ${shorter.field}` });
      }
    }
  }
  return found;
}

/** Where a plan's own limits and its resources' break a rule, each resource's messages named after it. */
export function planViolations(plan: Limits & { resources?: Resources }): { path: string[]; message: string }[] {
  const found: { path: string[]; message: string }[] = limitViolations(plan).map((v) => ({
    path: [v.field],
    message: v.message,
  }));
  const resources = Object.entries(plan.resources ?? {});
  // A customer's overrides may name resources of their own, on top of its plan's: together, no more than a plan's.
  if (resources.length > MAX_RESOURCES) {
    found.push({ path: ["resources"], message: `at most ${MAX_RESOURCES} resources (got ${resources.length})` });
  }
  for (const [name, limits] of resources) {
    for (const v of limitViolations(limits)) {
      found.push({ path: ["resources", name, v.field], message: `resource ${name}: ${v.message}` });
    }
  }
  return found;
}

/** Adds the limit rules to a zod object whose output has every limit field. */
function refineLimits(value: Limits & { resources?: Resources }, ctx: z.RefinementCtx) {
  for (const v of planViolations(value)) ctx.addIssue({ code: "custom", path: v.path, message: v.message });
}

/** What each plan field means to an API user; shared by the schemas below, overrides and /v1/me. */
export const PLAN_FIELD_DOCS = {
  id: "The plan's id, chosen by the admin. The plan `anonymous` governs checks made by IP address.",
  name: "Display name, 1–100 characters.",
  ...(Object.fromEntries(LIMIT_KINDS.map((k) => [k.field, k.doc])) as Record<LimitField, string>),
  resources: `Named limits for one kind of request (say one expensive endpoint), at most ${MAX_RESOURCES}: a check that names the resource is held to the plan's own limits and to the resource's, in one step. Each holds the same seven limit fields under the same rules.`,
  failMode:
    "What checks do when the counter store is down: `open` lets them through (degraded), `closed` refuses them with 503, `local` keeps limiting on each API server with its share of what each customer had left (200 or 429, degraded), and adds what it allowed to the store's counts once the store is back.",
  shadow: "Dry run: when true the plan never denies; /v1/check reports what it would have done.",
  alerts:
    "Usage thresholds in percent (1–100, at most 5), e.g. [80, 100]: each window limit of the plan and of its resources (hour, day, week, month) raises one `usage.threshold` webhook event per threshold per window when the customer's use reaches it, in the check that reaches it. [] (the default): none.",
  localShare:
    "For a very busy customer: how many units (2–10,000) of the customer's quota an API server takes from the counter store at once and then spends locally, so that most of the customer's checks need no store command. The total allowed still never exceeds any limit; units left unused go back to the store within about a second of going unused, and when the server shuts down. null (the default): every check goes to the store.",
} as const;

/** Every limit field with `make` applied to its schema, for the shapes below. */
function limitShape<T extends z.ZodType>(make: (field: LimitField) => T): Record<LimitField, T> {
  return Object.fromEntries(LIMIT_FIELDS.map((f) => [f, make(f)])) as Record<LimitField, T>;
}

/** One resource's limits: the seven fields, each left out meaning no limit of that kind. */
export const ResourceLimits = z.strictObject(
  limitShape((f) => limitFor(f).default(null).meta({ description: PLAN_FIELD_DOCS[f] })),
);

export const ResourcesInput = resourceRecord(ResourceLimits).meta({
  description: PLAN_FIELD_DOCS.resources,
  example: { "ai.generate": { perMinute: 10, perDay: 500 } },
});

/** The plan the documentation uses as its example throughout. */
const PRO_EXAMPLE = {
  id: "pro",
  name: "Pro",
  ...LIMIT_EXAMPLES,
  resources: { "ai.generate": { ...noLimits(), perMinute: 10, perDay: 500 } },
  failMode: "closed",
  shadow: false,
  localShare: null,
  alerts: [80, 100],
} as const;

/** The fields from the lowest rank to the highest, those of one rank together: "burst/perMinute, perHour, …". */
const RANK_ORDER = [...new Set(LIMIT_KINDS.flatMap((k) => (k.rank === null ? [] : [k.rank])))]
  .sort((a, b) => a - b)
  .map((rank) =>
    LIMIT_KINDS.filter((k) => k.rank === rank)
      .map((k) => k.field)
      .join("/"),
  )
  .join(", ");

const RULES_SUMMARY = `At least one limit is set; burst needs perMinute; in the order ${RANK_ORDER} no limit is smaller than a set one before it. Each resource obeys the same rules.`;

export const PlanCreate = z
  .strictObject({
    id: z
      .string()
      .regex(PLAN_ID, "id must match ^[a-z0-9][a-z0-9_-]{0,62}$")
      .meta({
        description: `${PLAN_FIELD_DOCS.id} Lowercase letters, digits, _ and -, at most 63 characters.`,
        example: "pro",
      }),
    name: DisplayName.meta({ description: PLAN_FIELD_DOCS.name, example: "Pro" }),
    ...limitShape((f) =>
      limitFor(f).default(null).meta({ description: PLAN_FIELD_DOCS[f], example: LIMIT_EXAMPLES[f] }),
    ),
    resources: ResourcesInput.default({}),
    failMode: FailMode.default("open").meta({
      description: `${PLAN_FIELD_DOCS.failMode} Default open; closed suits metered plans, where the limit is about money.`,
      example: "closed",
    }),
    shadow: z.boolean().default(false).meta({ description: PLAN_FIELD_DOCS.shadow, example: false }),
    localShare: LocalShare.default(null).meta({ description: PLAN_FIELD_DOCS.localShare, example: 100 }),
    alerts: Alerts.default([]).meta({ description: PLAN_FIELD_DOCS.alerts, example: [80, 100] }),
  })
  .superRefine(refineLimits)
  .meta({ id: "PlanCreate", description: `A new plan. ${RULES_SUMMARY}`, example: PRO_EXAMPLE });
export type PlanCreate = z.output<typeof PlanCreate>;

export const PlanPatch = z
  .strictObject({
    name: DisplayName.optional().meta({ description: PLAN_FIELD_DOCS.name, example: "Pro" }),
    ...limitShape((f) => limitFor(f).optional().meta({ description: PLAN_FIELD_DOCS[f], example: LIMIT_EXAMPLES[f] })),
    resources: ResourcesInput.optional().meta({
      description: `${PLAN_FIELD_DOCS.resources} Replaces the plan's resources as a whole; {} removes them.`,
    }),
    failMode: FailMode.optional().meta({ description: PLAN_FIELD_DOCS.failMode, example: "closed" }),
    shadow: z.boolean().optional().meta({ description: PLAN_FIELD_DOCS.shadow, example: false }),
    localShare: LocalShare.optional().meta({ description: PLAN_FIELD_DOCS.localShare, example: 100 }),
    alerts: Alerts.optional().meta({ description: PLAN_FIELD_DOCS.alerts, example: [80, 100] }),
  })
  .refine((p) => Object.keys(p).length > 0, "give at least one field to change")
  .meta({
    id: "PlanPatch",
    description:
      "The fields to change, at least one; the others keep their values. The result obeys the same rules as PlanCreate.",
    example: { perHour: 6000 },
  });
export type PlanPatch = z.output<typeof PlanPatch>;

const LimitOut = z.number().int().nullable();

export const ResourceLimitsOut = z.object(limitShape((f) => LimitOut.meta({ description: PLAN_FIELD_DOCS[f] })));

export const Plan = z
  .object({
    id: z.string().meta({ description: PLAN_FIELD_DOCS.id }),
    name: z.string().meta({ description: PLAN_FIELD_DOCS.name }),
    ...limitShape((f) => LimitOut.meta({ description: PLAN_FIELD_DOCS[f] })),
    resources: z.record(z.string(), ResourceLimitsOut).meta({ description: PLAN_FIELD_DOCS.resources }),
    failMode: FailMode.meta({ description: PLAN_FIELD_DOCS.failMode }),
    shadow: z.boolean().meta({ description: PLAN_FIELD_DOCS.shadow }),
    localShare: z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS.localShare }),
    alerts: z.array(z.number().int()).meta({ description: PLAN_FIELD_DOCS.alerts }),
    version: z
      .number()
      .int()
      .meta({ description: 'Starts at 1 and grows by one on every change; sent as the ETag ("3").' }),
    createdAt: z.string().meta({ description: "When the plan was created (ISO 8601, UTC).", format: "date-time" }),
    updatedAt: z.string().meta({ description: "When the plan last changed (ISO 8601, UTC).", format: "date-time" }),
  })
  .meta({
    id: "Plan",
    description: "A plan: the limits its customers get, unless a customer overrides them.",
    example: {
      ...PRO_EXAMPLE,
      version: 3,
      createdAt: "2026-11-30T10:00:00.000Z",
      updatedAt: "2026-11-30T11:00:00.000Z",
    },
  });
export type Plan = z.output<typeof Plan>;
