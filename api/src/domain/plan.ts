// What a plan is and the rules its limits obey; shared by the API and the admin console's forms.
import { z } from "zod";

export const PLAN_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
export const LIMIT_MAX = 1_000_000_000;
export const LIMIT_FIELDS = ["burst", "perMinute", "perHour", "perDay"] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
export type Limits = Record<LimitField, number | null>;

// Control and bidirectional-override characters make a name lie about what it says.
const HIDDEN_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const DisplayName = z
  .string()
  .min(1, "name must not be empty")
  .max(100, "name must be at most 100 characters")
  .refine((s) => !HIDDEN_CHARACTERS.test(s), "name must not contain control or bidirectional characters");

export const Limit = z
  .number()
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(LIMIT_MAX, "must be at most 1,000,000,000")
  .nullable();

export const FailMode = z.enum(["open", "closed"]);

/** Where a set of limits breaks a rule of contract section 4, as messages keyed by the field to fix. */
export function limitViolations(limits: Limits): { field: LimitField; message: string }[] {
  const { burst, perMinute, perHour, perDay } = limits;
  const found: { field: LimitField; message: string }[] = [];
  if (burst === null && perMinute === null && perHour === null && perDay === null) {
    found.push({ field: "perMinute", message: "at least one of burst, perMinute, perHour, perDay must be set" });
  }
  if (burst !== null && perMinute === null) {
    found.push({ field: "burst", message: "burst needs perMinute, the rate at which the bucket refills" });
  }
  // A longer period may not allow less than a shorter one.
  const order: [LimitField, LimitField][] = [
    ["burst", "perHour"],
    ["perMinute", "perHour"],
    ["burst", "perDay"],
    ["perMinute", "perDay"],
    ["perHour", "perDay"],
  ];
  for (const [shorter, longer] of order) {
    const a = limits[shorter];
    const b = limits[longer];
    if (a !== null && b !== null && b < a) found.push({ field: longer, message: `${longer} must be ≥ ${shorter}` });
  }
  return found;
}

/** Adds the limit rules to a zod object whose output has every limit field. */
function refineLimits(value: Limits, ctx: z.RefinementCtx) {
  for (const v of limitViolations(value)) ctx.addIssue({ code: "custom", path: [v.field], message: v.message });
}

/** What each plan field means to an API user; shared by the schemas below, overrides and /v1/me. */
export const PLAN_FIELD_DOCS = {
  id: "The plan's id, chosen by the admin. The plan `anonymous` governs checks made by IP address.",
  name: "Display name, 1–100 characters.",
  burst:
    "Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute.",
  perMinute: "Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit.",
  perHour: "Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit.",
  perDay: "Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit.",
  failMode:
    "What checks do when the counter store is down: `open` lets them through (degraded), `closed` refuses them with 503.",
  shadow: "Dry run: when true the plan never denies; /v1/check reports what it would have done.",
} as const;

const limitFields = {
  burst: Limit.default(null).meta({ description: PLAN_FIELD_DOCS.burst, example: 20 }),
  perMinute: Limit.default(null).meta({ description: PLAN_FIELD_DOCS.perMinute, example: 100 }),
  perHour: Limit.default(null).meta({ description: PLAN_FIELD_DOCS.perHour, example: 5000 }),
  perDay: Limit.default(null).meta({ description: PLAN_FIELD_DOCS.perDay, example: 50000 }),
};

/** The plan the documentation uses as its example throughout. */
const PRO_EXAMPLE = {
  id: "pro",
  name: "Pro",
  burst: 20,
  perMinute: 100,
  perHour: 5000,
  perDay: 50000,
  failMode: "closed",
  shadow: false,
} as const;

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
    ...limitFields,
    failMode: FailMode.default("open").meta({
      description: `${PLAN_FIELD_DOCS.failMode} Default open; closed suits metered plans, where the limit is about money.`,
      example: "closed",
    }),
    shadow: z.boolean().default(false).meta({ description: PLAN_FIELD_DOCS.shadow, example: false }),
  })
  .superRefine(refineLimits)
  .meta({
    id: "PlanCreate",
    description:
      "A new plan. At least one limit is set; burst needs perMinute; burst and perMinute ≤ perHour ≤ perDay where set.",
    example: PRO_EXAMPLE,
  });
export type PlanCreate = z.output<typeof PlanCreate>;

export const PlanPatch = z
  .strictObject({
    name: DisplayName.optional().meta({ description: PLAN_FIELD_DOCS.name, example: "Pro" }),
    burst: Limit.optional().meta({ description: PLAN_FIELD_DOCS.burst, example: 20 }),
    perMinute: Limit.optional().meta({ description: PLAN_FIELD_DOCS.perMinute, example: 100 }),
    perHour: Limit.optional().meta({ description: PLAN_FIELD_DOCS.perHour, example: 6000 }),
    perDay: Limit.optional().meta({ description: PLAN_FIELD_DOCS.perDay, example: 50000 }),
    failMode: FailMode.optional().meta({ description: PLAN_FIELD_DOCS.failMode, example: "closed" }),
    shadow: z.boolean().optional().meta({ description: PLAN_FIELD_DOCS.shadow, example: false }),
  })
  .refine((p) => Object.keys(p).length > 0, "give at least one field to change")
  .meta({
    id: "PlanPatch",
    description:
      "The fields to change, at least one; the others keep their values. The result obeys the same rules as PlanCreate.",
    example: { perHour: 6000 },
  });
export type PlanPatch = z.output<typeof PlanPatch>;

export const Plan = z
  .object({
    id: z.string().meta({ description: PLAN_FIELD_DOCS.id }),
    name: z.string().meta({ description: PLAN_FIELD_DOCS.name }),
    burst: z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS.burst }),
    perMinute: z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS.perMinute }),
    perHour: z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS.perHour }),
    perDay: z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS.perDay }),
    failMode: FailMode.meta({ description: PLAN_FIELD_DOCS.failMode }),
    shadow: z.boolean().meta({ description: PLAN_FIELD_DOCS.shadow }),
    version: z
      .number()
      .int()
      .meta({ description: 'Starts at 1 and grows by one on every change; sent as the ETag ("3").' }),
    createdAt: z.string().meta({ description: "When the plan was created (ISO 8601, UTC)." }),
    updatedAt: z.string().meta({ description: "When the plan last changed (ISO 8601, UTC)." }),
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
