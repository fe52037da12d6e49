// What usage answers (contract section 6), read without consuming: a customer's limits as they stand, its checks per
// minute and per day, and the queries that say how far back; the routes that serve them are in usage-routes.ts.
import { z } from "@hono/zod-openapi";
import { LimitEntry } from "../domain/check-response";
import { KEPT_DAYS } from "../quota/store";
import { queryCount } from "./query-count";

export const Usage = z
  .object({
    customerId: z.string().meta({ description: "The customer's id." }),
    planId: z.string().meta({ description: "The id of the customer's plan." }),
    limits: z.array(LimitEntry).meta({
      description:
        "Every limit the customer has, in the order burst, hour, day, week, month, then every resource's in the same order, named as in /v1/check.",
    }),
  })
  .meta({
    id: "Usage",
    description: "Where every limit of a customer stands now. Reading it consumes nothing.",
    example: {
      customerId: "cus_7YqK2mP9xW4tLb3n",
      planId: "pro",
      limits: [
        { name: "burst", limit: 20, remaining: 17, reset: 1764500412, perMinute: 100 },
        { name: "hour", limit: 5000, remaining: 4980, reset: 1764500400 },
      ],
    },
  });

export const History = z
  .object({
    points: z
      .array(
        z
          .object({
            minute: z.string().meta({
              description: "The start of the minute (ISO 8601, UTC).",
              format: "date-time",
              example: "2026-11-30T10:41:00Z",
            }),
            allowed: z.number().int().meta({ description: "Checks allowed in that minute.", example: 57 }),
            denied: z.number().int().meta({ description: "Checks denied in that minute.", example: 3 }),
          })
          .meta({ description: "One minute's checks." }),
      )
      .meta({
        description: "One point per minute, oldest first, ending with the current minute; quiet minutes are 0.",
      }),
  })
  .meta({
    id: "UsageHistory",
    description: "A customer's allowed and denied checks, minute by minute.",
    example: { points: [{ minute: "2026-11-30T10:41:00Z", allowed: 57, denied: 3 }] },
  });

export const Daily = z
  .object({
    points: z
      .array(
        z
          .object({
            day: z.string().meta({ description: "The UTC day (YYYY-MM-DD).", format: "date", example: "2026-11-30" }),
            allowed: z.number().int().meta({ description: "Checks allowed that day.", example: 5702 }),
            denied: z.number().int().meta({ description: "Checks denied that day.", example: 31 }),
            units: z.number().int().meta({
              description:
                "The cost the allowed checks consumed that day, net of refunds made that day (for checks of cost 1, equal to allowed).",
              example: 9120,
            }),
          })
          .meta({ description: "One day's checks." }),
      )
      .meta({ description: "One point per UTC day, oldest first, ending with today; quiet days are 0." }),
  })
  .meta({
    id: "UsageDaily",
    description:
      "A customer's allowed and denied checks and the units they consumed, day by day, up to 400 days back: what a monthly bill is made from.",
    example: { points: [{ day: "2026-11-30", allowed: 5702, denied: 31, units: 9120 }] },
  });

export const DailyQuery = z.object({
  days: queryCount(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(KEPT_DAYS)
      .default(90)
      .meta({ description: `How many days back, today included, from 1 to ${KEPT_DAYS}; default 90.`, example: 90 }),
  ),
});

export const HistoryQuery = z.object({
  minutes: queryCount(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(1440)
      .default(60)
      .meta({ description: "How many minutes back, from 1 to 1440 (24 hours); default 60.", example: 60 }),
  ),
});
