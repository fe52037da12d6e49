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

const limitFields = {
  burst: Limit.default(null).meta({
    description: "Bucket size: requests allowed at once. Needs perMinute.",
    example: 20,
  }),
  perMinute: Limit.default(null).meta({
    description: "Sustained rate: the bucket refills at this many per minute.",
    example: 100,
  }),
  perHour: Limit.default(null).meta({ description: "Requests per UTC clock hour.", example: 5000 }),
  perDay: Limit.default(null).meta({ description: "Requests per UTC day.", example: 50000 }),
};

export const PlanCreate = z
  .strictObject({
    id: z
      .string()
      .regex(PLAN_ID, "id must match ^[a-z0-9][a-z0-9_-]{0,62}$")
      .meta({ description: "Chosen by the admin; `anonymous` governs checks by IP.", example: "pro" }),
    name: DisplayName.meta({ example: "Pro" }),
    ...limitFields,
    failMode: FailMode.default("open").meta({ description: "What checks do when the counter store is down." }),
    shadow: z.boolean().default(false).meta({ description: "Never deny; report what would have happened." }),
  })
  .superRefine(refineLimits)
  .meta({
    id: "PlanCreate",
    example: {
      id: "pro",
      name: "Pro",
      burst: 20,
      perMinute: 100,
      perHour: 5000,
      perDay: 50000,
      failMode: "closed",
      shadow: false,
    },
  });
export type PlanCreate = z.output<typeof PlanCreate>;

export const PlanPatch = z
  .strictObject({
    name: DisplayName.optional(),
    burst: Limit.optional(),
    perMinute: Limit.optional(),
    perHour: Limit.optional(),
    perDay: Limit.optional(),
    failMode: FailMode.optional(),
    shadow: z.boolean().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, "give at least one field to change")
  .meta({ id: "PlanPatch", example: { perHour: 6000 } });
export type PlanPatch = z.output<typeof PlanPatch>;

export const Plan = z
  .object({
    id: z.string(),
    name: z.string(),
    burst: z.number().int().nullable(),
    perMinute: z.number().int().nullable(),
    perHour: z.number().int().nullable(),
    perDay: z.number().int().nullable(),
    failMode: FailMode,
    shadow: z.boolean(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    id: "Plan",
    example: {
      id: "pro",
      name: "Pro",
      burst: 20,
      perMinute: 100,
      perHour: 5000,
      perDay: 50000,
      failMode: "closed",
      shadow: false,
      version: 3,
      createdAt: "2026-11-30T10:00:00.000Z",
      updatedAt: "2026-11-30T11:00:00.000Z",
    },
  });
export type Plan = z.output<typeof Plan>;
