// GET /v1/usage/export (contract section 6): every customer's daily totals over a range of UTC days, as CSV or JSON, for
// a bill. Streamed in constant memory: customers are read a page at a time through the list's index, their days a
// few customers at a time (EXPORT_READ_DAYS), and each group's rows are written before the next are read, as the
// reader takes them.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { Config } from "../config";
import type { ListPosition } from "../config/customer-reads";
import type { App, AppDeps } from "../deps";
import type { Customer } from "../domain/customer";
import { ApiError } from "../errors";
import { errorResponses, security } from "../http";
import type { Limiter } from "../quota/limiter";
import { KEPT_DAYS } from "../quota/store";
import { customerSubject } from "../quota/subject";
import { DAY_MS } from "../quota/windows";
import { nextTurn } from "./next-turn";

/** Customers read from the config store at a time, through the list's index (newest first). */
export const EXPORT_PAGE = 500;

/**
 * The most days (customers × limit sets × days back) whose reads are in flight together. Each store call has
 * STORE_TIMEOUT_MS from the turn it leaves in, and Redis runs the calls one after another: a hundred customers' 400
 * days of two limit sets, sent at once, kept Redis busy past 100 ms, so the export's own reads ran out and the checks
 * waiting behind them did too (503s for plans failing closed, and the breaker opened). Sized by days, a group is as
 * small for a year as for a month: a hundred customers of one limit set over a month, seven over a year.
 */
export const EXPORT_READ_DAYS = 3_100;

const FORMATS = ["csv", "json"] as const;
type Format = (typeof FORMATS)[number];

export const CSV_HEADER = "customerId,planId,day,resource,allowed,denied,units";

const ExportQuery = z.object({
  from: z.iso
    .date()
    .meta({ description: "The first UTC day (YYYY-MM-DD), at most 400 days back.", example: "2026-11-01" }),
  to: z.iso.date().meta({ description: "The last UTC day (YYYY-MM-DD), from `from` to today.", example: "2026-11-30" }),
  format: z.enum(FORMATS).default("csv").meta({ description: "csv (the default) or json.", example: "csv" }),
});

const count = (description: string, example: number) => z.number().int().meta({ description, example });

const ExportRow = z
  .object({
    customerId: z.string().meta({ description: "The customer's id.", example: "cus_7YqK2mP9xW4tLb3n" }),
    planId: z
      .string()
      .meta({ description: "The id of the customer's plan at the time of the export.", example: "pro" }),
    day: z.string().meta({ description: "The UTC day (YYYY-MM-DD).", format: "date", example: "2026-11-30" }),
    resource: z.string().nullable().meta({
      description:
        "The limit set: null for the plan's own (empty in CSV), which counts every check; else the resource whose checks (those that named it) the row counts.",
      example: null,
    }),
    allowed: count("Checks allowed that day.", 5702),
    denied: count("Checks denied that day.", 31),
    units: count("The cost the allowed checks consumed that day, net of refunds made that day.", 9120),
  })
  .meta({ description: "One customer's totals for one UTC day, as /usage/daily has them." });

export const ExportRows = z.array(ExportRow).meta({
  id: "UsageExport",
  description: "One row per customer and UTC day with any check, customers newest first, each one's days oldest first.",
  example: [
    {
      customerId: "cus_7YqK2mP9xW4tLb3n",
      planId: "pro",
      day: "2026-11-30",
      resource: null,
      allowed: 5702,
      denied: 31,
      units: 9120,
    },
  ],
});

/** The file's name, by the format asked for: usage-<from>-<to>.csv or .json. */
const DISPOSITION = {
  description: 'attachment; filename="usage-<from>-<to>.<format>": .csv, or .json for format=json.',
  schema: { type: "string" as const, example: 'attachment; filename="usage-2026-11-01-2026-11-30.csv"' },
};

/** The days from..to as day numbers since the epoch, or why they are not a range this export serves. */
function dayRange(from: string, to: string, nowMs: number) {
  const first = Date.parse(`${from}T00:00:00Z`) / DAY_MS;
  const last = Date.parse(`${to}T00:00:00Z`) / DAY_MS;
  const today = Math.floor(nowMs / DAY_MS);
  // z.iso.date() lets 2026-02-30 through; Date.parse makes it 2026-03-02: the day written back must be the day asked.
  for (const [day, text] of [
    [first, from],
    [last, to],
  ] as const) {
    if (!Number.isInteger(day) || new Date(day * DAY_MS).toISOString().slice(0, 10) !== text) {
      throw new ApiError("invalid_request", `${text} is not a day of the calendar`);
    }
  }
  if (first > last) throw new ApiError("invalid_request", "from must be on or before to");
  if (last > today) throw new ApiError("invalid_request", "to must not be after today (UTC)");
  if (first <= today - KEPT_DAYS) {
    throw new ApiError("invalid_request", `from must be within ${KEPT_DAYS} days back, today included`);
  }
  return { first, last, today };
}

type Row = {
  customerId: string;
  planId: string;
  day: string;
  resource: string | null;
  allowed: number;
  denied: number;
  units: number;
};

// Ids, plan ids and resource names are made of letters, digits and "_-.:" (domain/customer.ts, domain/plan.ts):
// nothing to quote.
const csvLine = (r: Row) =>
  `${r.customerId},${r.planId},${r.day},${r.resource ?? ""},${r.allowed},${r.denied},${r.units}\n`;
const jsonItem = (r: Row) =>
  JSON.stringify({
    customerId: r.customerId,
    planId: r.planId,
    day: r.day,
    resource: r.resource,
    allowed: r.allowed,
    denied: r.denied,
    units: r.units,
  });

/**
 * The export's text in pieces, each a group's rows (EXPORT_READ_DAYS): days with no check allowed or denied and no
 * units are left out (100,000 customers over a month would be 3.1 million rows, nearly all zeros). The days are
 * /usage/daily's, read through one view of the request's (limiter.together()), so a group costs one request to the
 * store on a Worker.
 */
async function* exportText(
  config: Config,
  limiter: Limiter,
  range: { first: number; last: number; today: number },
  format: Format,
) {
  const reads = limiter.together();
  const days: string[] = [];
  for (let d = range.first; d <= range.last; d++) days.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
  // From the first day asked to today by this server's clock, and a day more for a store whose clock runs ahead.
  const back = Math.min(KEPT_DAYS, range.today - range.first + 2);
  let rows = 0;
  // Goes out with the first hundred customers' rows (or at the end, when there is no customer).
  let head = format === "csv" ? `${CSV_HEADER}\n` : "[";
  // How many limit sets a customer's days are read for, as far as its plan and overrides name them now (a resource
  // they no longer name, with checks in the range, is read as well: CounterStore.dailyParts).
  const plans = new Map((await config.plans.list()).map((p) => [p.id, p]));
  const setsOf = (customer: Customer): number =>
    1 +
    new Set([
      ...Object.keys(plans.get(customer.planId)?.resources ?? {}),
      ...Object.keys(customer.overrides?.resources ?? {}),
    ]).size;
  let after: ListPosition | undefined;
  do {
    const page = await config.customers.page({ limit: EXPORT_PAGE, after });
    for (let i = 0; i < page.customers.length; ) {
      // The next customers whose days fit in one group; one at least, whatever its limit sets.
      let end = i;
      for (let reading = 0; end < page.customers.length; end++) {
        reading += setsOf(page.customers[end] as Customer) * back;
        if (end > i && reading > EXPORT_READ_DAYS) break;
      }
      const customers = page.customers.slice(i, end);
      i = end;
      const parts = await Promise.all(customers.map((c) => reads.dailyParts(customerSubject(c.id), back)));
      let text = "";
      customers.forEach((customer, c) => {
        const bySet = parts[c] ?? [];
        // Day by day, each day's limit sets in turn: the plan's own, then each resource's.
        for (let at = 0; at < (bySet[0]?.points.length ?? 0); at++) {
          bySet.forEach(({ resource, points }) => {
            const p = points[at];
            if (!p) return;
            const d = p.day / DAY_MS;
            if (d < range.first || d > range.last || p.allowed + p.denied + p.units === 0) return;
            const row = {
              ...p,
              customerId: customer.id,
              planId: customer.planId,
              day: days[d - range.first] as string,
              resource,
            };
            text += format === "csv" ? csvLine(row) : `${rows++ === 0 ? "\n" : ",\n"}${jsonItem(row)}`;
          });
        }
      });
      // The first group's, rows or none, so that an answer starts once the store has been read.
      if (text || head) {
        yield head + text;
        head = "";
      }
      await nextTurn();
    }
    after = page.next ?? undefined;
  } while (after);
  yield head + (format === "csv" ? "" : rows === 0 ? "]\n" : "\n]\n");
}

export function registerUsageExport(app: App, { config, logger, now = Date.now }: AppDeps, limiter: Limiter) {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/usage/export",
      operationId: "exportUsage",
      tags: ["Usage"],
      security,
      summary: "Every customer's daily totals over a range of days, as CSV or JSON",
      description: `For billing: one row per customer and UTC day from \`from\` to \`to\` (at most ${KEPT_DAYS} days back), with the checks allowed and denied and the units consumed, the very numbers /v1/customers/{id}/usage/daily answers. Days on which a customer had no check are left out. Each day's rows come in order of limit set: the plan's own (resource empty), which counts every check, then each resource whose checks (those that named it) the customer made in the range, in order of name, whether or not its plan names the resource now, each counting the checks that named it. Streamed as it is read, customers newest first; CSV with a header line (${CSV_HEADER}), or a JSON array. Should the store stop answering part way, the transfer is aborted (the client sees a failed download, not a shorter file). Admin only.`,
      middleware: [allow("admin")],
      request: { query: ExportQuery },
      responses: {
        200: {
          description: "The rows, as an attachment",
          headers: { "Content-Disposition": DISPOSITION },
          content: {
            "text/csv": {
              schema: z.string().meta({
                description: `${CSV_HEADER}, then one line per row.`,
                example: `${CSV_HEADER}\ncus_7YqK2mP9xW4tLb3n,pro,2026-11-30,,5702,31,9120\n`,
              }),
            },
            "application/json": { schema: ExportRows },
          },
        },
        ...errorResponses("invalid_request", "unauthorized", "forbidden", "store_unavailable"),
      },
    }),
    async (c) => {
      const { from, to, format } = c.req.valid("query");
      const range = dayRange(from, to, now());
      const pieces = exportText(config, limiter, range, format);
      // The header and the first customers with rows are read before answering, so a store that is down is a 503 with
      // the error envelope; later pieces are read as the client takes the earlier ones.
      const first = await pieces.next();
      const body = new ReadableStream<Uint8Array>(
        {
          start(controller) {
            if (!first.done) controller.enqueue(encoder.encode(first.value));
          },
          async pull(controller) {
            try {
              const next = await pieces.next();
              if (next.done) controller.close();
              else controller.enqueue(encoder.encode(next.value));
            } catch (error) {
              logger.error("usage export failed part way", { error: String(error), from, to });
              controller.error(error);
            }
          },
          async cancel() {
            await pieces.return(undefined);
          },
        },
        { highWaterMark: 0 },
      );
      return c.body(body, 200, {
        "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json",
        "Content-Disposition": `attachment; filename="usage-${from}-${to}.${format}"`,
      });
    },
  );
}

const encoder = new TextEncoder();
