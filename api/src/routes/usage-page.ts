// GET /v1/usage: a page of the customers' usage, for the console's Live page, which reads it every 2 seconds
// whatever the number of customers: searched, sorted, a page of it, with the last hour's checks and the most throttled.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { Config } from "../config";
import { target } from "../config/customer-target";
import type { App, AppDeps } from "../deps";
import { LimitEntry } from "../domain/check-response";
import type { Customer } from "../domain/customer";
import { errorResponses, jsonContent, security } from "../http";
import { boardLeft } from "../quota/board-marks";
import type { Limiter } from "../quota/limiter";
import type { LimitSpec } from "../quota/limits";
import type { Board, HistoryPoint } from "../quota/store";
import { customerSubject } from "../quota/subject";
import { nextTurn } from "./next-turn";
import { queryCount } from "./query-count";
import { History } from "./usage";
import {
  addMinutes,
  type BoardRow,
  compareRows,
  denyingLimits,
  hourTotals,
  mostThrottled,
  overriddenLimits,
  SORTS,
  type Sort,
  TOP_THROTTLED,
} from "./usage-page-rules";

/** The minutes the board adds up: the last hour, this minute included. */
const HOUR_MINUTES = 60;
// The most customers one answer holds: the console renders every one it gets, and past this a search finds them.
const MAX_LIMIT = 500;

const LiveQuery = z.object({
  q: z.string().max(100).default("").meta({
    description:
      "Only customers whose id, or whose name from one of its words on, starts with this text, in any case (as GET /v1/customers): the first 1,000 of them, newest first; empty or left out: every customer.",
    example: "acme",
  }),
  sort: z.enum(SORTS).default("nearest").meta({
    description:
      "nearest: nearest to a limit first (the smallest share left of any limit); denied: most denials in the last hour first; name: by name. Ties go by name.",
    example: "nearest",
  }),
  limit: queryCount(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_LIMIT)
      .default(50)
      .meta({ description: `How many customers to return, from 1 to ${MAX_LIMIT}; default 50.`, example: 50 }),
  ),
});

const hourCount = (what: string) =>
  z
    .number()
    .int()
    .meta({ description: `Checks ${what} in the last hour.` });

const LiveCustomer = z
  .object({
    customerId: z.string().meta({ description: "The customer's id." }),
    name: z.string().meta({ description: "The customer's display name." }),
    planId: z.string().meta({ description: "The id of the customer's plan." }),
    limits: z.array(LimitEntry).meta({ description: "Every limit of the customer, as /v1/customers/{id}/usage." }),
    allowed: hourCount("allowed"),
    denied: hourCount("denied"),
    denying: z.array(z.string()).meta({
      description: "The limits with nothing left, which deny every check now, by their names in limits; [] when none.",
    }),
    overridden: z.array(z.string()).meta({
      description:
        "The limits whose numbers the customer's overrides change from the plan's, by their names in limits.",
    }),
  })
  .meta({ description: "One customer's usage now and its last hour of checks." });

const Throttled = z
  .object({
    customerId: z.string().meta({ description: "The customer's id." }),
    name: z.string().meta({ description: "The customer's display name." }),
    allowed: hourCount("allowed"),
    denied: hourCount("denied"),
  })
  .meta({ description: "A customer among the most denied in the last hour." });

export const LiveUsage = z
  .object({
    total: z
      .number()
      .int()
      .meta({ description: "How many customers match q (at most 1,000), or how many there are when q is empty." }),
    customers: z
      .array(LiveCustomer)
      .meta({ description: "The first `limit` customers that match, in the sort's order." }),
    topThrottled: z.array(Throttled).meta({
      description: `The ${TOP_THROTTLED} customers that match with the most denials in the last hour, most first; only those denied at all.`,
    }),
    // Described in the schema's own words: meta here would copy UsageHistory under a second name.
    traffic: History,
  })
  .meta({
    id: "LiveUsage",
    description:
      "Every customer's usage now, for a live view; traffic is the allowed and denied checks per minute of every customer that matches, added up. Reading it consumes nothing.",
    example: {
      total: 1,
      customers: [
        {
          customerId: "cus_7YqK2mP9xW4tLb3n",
          name: "Acme Ltd",
          planId: "pro",
          limits: [
            { name: "burst", limit: 20, remaining: 0, reset: 1764500412, perMinute: 100 },
            { name: "day", limit: 100000, remaining: 98012, reset: 1764547200 },
          ],
          allowed: 1988,
          denied: 12,
          denying: ["burst"],
          overridden: ["day"],
        },
      ],
      topThrottled: [{ customerId: "cus_7YqK2mP9xW4tLb3n", name: "Acme Ltd", allowed: 1988, denied: 12 }],
      traffic: { points: [{ minute: "2026-11-30T10:41:00Z", allowed: 57, denied: 3 }] },
    },
  });

const minuteText = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/**
 * Customers whose reads are in flight together. Each store call has STORE_TIMEOUT_MS from the turn it leaves in, so
 * all of a thousand customers' 2,000 reads sent at once would outlast it at the back of the queue (measured on Redis:
 * 503s at 100 ms); a hundred at a time (200 calls, about 10 ms) stay well within it, still merge in the batcher, and
 * let the checks of live traffic in between.
 */
export const READ_TOGETHER = 100;

/** The most customers a search reads (newest first): what its totals, most throttled and traffic cover. */
export const MOST_MATCHES = 1000;

// Board entries of customers deleted since are skipped: asked for a few more, a page stays full.
export const SPARE = 20;

/**
 * The most reads of the board for one page of those nearest a limit. The board keeps each customer's share as last
 * marked, and a share grows with no check to mark it (a window ends, a refund, a reset, a delete): each read puts
 * the candidates it found grown (or gone) back on the board as they stand, and reads again, so a board that many
 * customers have left behind is set right over a few refreshes, never in one pass over them all.
 */
export const NEAREST_READS = 4;

type Read = { row: BoardRow; minutes: HistoryPoint[] };

/**
 * These customers' rows and minutes, read through the limiter READ_TOGETHER customers at a time. The reads go through
 * one view of this request's (limiter.together()), so each hundred share one request to the store on a Worker too,
 * where a request may make 50 (Free plan) and hold 6 connections at once.
 */
async function readRows(config: Config, limiter: Limiter, customers: Customer[]): Promise<Read[]> {
  const reads = limiter.together();
  const plans = await config.plans.list();
  const planById = new Map(plans.map((p) => [p.id, p]));
  // What each plan alone sets, to tell which limits a customer's overrides change.
  const planSpecs = new Map(plans.map((p) => [p.id, target(p).usage]));

  async function read(customer: Customer): Promise<Read | null> {
    // A customer made (with a new plan) between the two reads shows on the next refresh.
    const plan = planById.get(customer.planId);
    if (!plan) return null;
    const own = target(plan, customer);
    const subject = customerSubject(customer.id);
    const [limits, minutes] = await Promise.all([reads.usage(subject, own), reads.history(subject, HOUR_MINUTES)]);
    const row: BoardRow = {
      customerId: customer.id,
      name: customer.name,
      planId: plan.id,
      limits,
      ...hourTotals(minutes),
      denying: denyingLimits(limits),
      overridden: customer.overrides ? overriddenLimits(own.usage, planSpecs.get(plan.id) as LimitSpec) : [],
    };
    return { row, minutes };
  }

  const rows: Read[] = [];
  for (let i = 0; i < customers.length; i += READ_TOGETHER) {
    // Checks go first between groups (audit: a search of 1,000 on the memory store held every check 100-230 ms).
    if (i > 0) await nextTurn();
    const together = await Promise.all(customers.slice(i, i + READ_TOGETHER).map(read));
    for (const customer of together) if (customer) rows.push(customer);
  }
  return rows;
}

/** The customers with these ids, in this order, those that still exist. */
async function inOrder(config: Config, ids: string[]): Promise<Customer[]> {
  const byId = new Map((await config.customers.byIds(ids)).map((c) => [c.id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page in the board's order: those nearest a limit, or the most denied. A page the board cannot fill (customers not
 * checked lately, or not denied) goes on with the newest customers.
 */
async function boardPage(
  config: Config,
  limiter: Limiter,
  board: Board,
  sort: Sort,
  limit: number,
  read: Map<string, Read>,
) {
  const page =
    sort === "nearest"
      ? await nearestPage(config, limiter, board, limit, read)
      : (
          await inOrder(
            config,
            board.denied.map((d) => d.subject),
          )
        ).slice(0, limit);
  if (page.length >= limit) return page;
  const seen = new Set(page.map((c) => c.id));
  const newest = await config.customers.page({ limit: limit + page.length });
  return [...page, ...newest.customers.filter((c) => !seen.has(c.id)).slice(0, limit - page.length)];
}

/**
 * A page of every customer, read without a pass over them all: the board (CounterStore.readBoard) names those nearest
 * a limit and the most denied in the last hour, and adds up everyone's minutes; the name order is an index's. Only
 * the page's customers, and the most throttled, are read one by one.
 */
async function readPage(config: Config, limiter: Limiter, sort: Sort, limit: number) {
  const ask = sort === "name" ? 0 : limit + SPARE;
  const [board, total] = await Promise.all([
    limiter.board({
      nearest: sort === "nearest" ? ask : 0,
      denied: Math.max(ask, TOP_THROTTLED),
      minutes: HOUR_MINUTES,
    }),
    config.customers.count(),
  ]);
  // Rows read so far, by customer id.
  const read = new Map<string, Read>();
  const page =
    sort === "name" ? await config.customers.byName(limit) : await boardPage(config, limiter, board, sort, limit, read);
  const onPage = new Set(page.map((c) => c.id));
  const throttledIds = board.denied.slice(0, TOP_THROTTLED).map((d) => d.subject);
  const throttled = (
    await inOrder(
      config,
      throttledIds.filter((id) => !onPage.has(id)),
    )
  ).concat(page.filter((c) => throttledIds.includes(c.id)));
  const wanted = [...page, ...throttled.filter((c) => !onPage.has(c.id))];
  for (const r of await readRows(
    config,
    limiter,
    wanted.filter((c) => !read.has(c.id)),
  )) {
    read.set(r.row.customerId, r);
  }
  const rows = wanted.flatMap((c) => read.get(c.id) ?? []);
  const pageRows = rows.filter((r) => onPage.has(r.row.customerId)).map((r) => r.row);
  return {
    total,
    customers: pageRows.sort(compareRows(sort)),
    topThrottled: mostThrottled(rows.map((r) => r.row)),
    traffic: board.traffic,
  };
}

/**
 * The `limit` customers nearest a limit, their rows put in `read`. The board's first `limit` are read as they stand,
 * and each found grown or gone is put back on the board so (limiter.boardRead). When each is where the board has it,
 * no customer further down is nearer (its share can only have grown since it was marked, short of an edit of its
 * plan); else the board is read again, and every candidate it gives, NEAREST_READS times at most.
 */
async function nearestPage(
  config: Config,
  limiter: Limiter,
  first: Board,
  limit: number,
  read: Map<string, Read>,
): Promise<Customer[]> {
  const customers = new Map<string, Customer>();
  let board = first;
  for (let reads = 1; ; reads++) {
    // First the page's worth; once the board is found behind, every candidate it gave.
    const candidates = reads === 1 ? board.nearest.slice(0, limit) : board.nearest;
    const unread = candidates.map((n) => n.subject).filter((id) => !read.has(id));
    const found = await inOrder(config, unread);
    const foundIds = new Set(found.map((c) => c.id));
    for (const id of unread) if (!foundIds.has(id)) limiter.boardRead(id, null);
    for (const r of await readRows(config, limiter, found)) {
      read.set(r.row.customerId, r);
      limiter.boardRead(r.row.customerId, r.row.limits);
    }
    for (const c of found) customers.set(c.id, c);
    const settled = board.nearest.slice(0, limit).every((n) => {
      const row = read.get(n.subject)?.row;
      return row !== undefined && boardLeft(row.limits) <= n.left;
    });
    if (settled || reads === NEAREST_READS) break;
    board = await limiter.board({ nearest: limit + SPARE, denied: 0, minutes: 0 });
  }
  return [...customers.values()]
    .flatMap((c) => read.get(c.id)?.row ?? [])
    .sort(compareRows("nearest"))
    .slice(0, limit)
    .map((row) => customers.get(row.customerId) as Customer);
}

/** The customers a search finds (the first MOST_MATCHES, newest first), each read: their totals are the search's. */
async function readSearch(config: Config, limiter: Limiter, q: string, sort: Sort, limit: number) {
  const found = await config.customers.page({ q, limit: MOST_MATCHES });
  const rows = await readRows(config, limiter, found.customers);
  const all = rows.map((r) => r.row).sort(compareRows(sort));
  return {
    total: all.length,
    customers: all.slice(0, limit),
    topThrottled: mostThrottled(all),
    traffic: addMinutes(
      rows.map((r) => r.minutes),
      HOUR_MINUTES,
    ),
  };
}

export function registerLive(app: App, { config }: AppDeps, limiter: Limiter) {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/usage",
      operationId: "getLiveUsage",
      tags: ["Usage"],
      security,
      summary: "Every customer's usage now, searched and sorted",
      description:
        "One read for a live view of all customers: each one's limits (as /v1/customers/{id}/usage), its checks allowed and denied in the last hour, the limits denying it now and those its overrides change; the most throttled customers; and the checks per minute of all of them added up. Reading it consumes nothing. Admin only.",
      middleware: [allow("admin")],
      request: { query: LiveQuery },
      responses: {
        200: jsonContent(LiveUsage, "Every matching customer's usage, the first `limit` of them"),
        ...errorResponses("invalid_request", "unauthorized", "forbidden", "store_unavailable"),
      },
    }),
    async (c) => {
      const { q, sort, limit } = c.req.valid("query");
      const answer = q.trim()
        ? await readSearch(config, limiter, q, sort, limit)
        : await readPage(config, limiter, sort, limit);
      return c.json(
        {
          total: answer.total,
          customers: answer.customers,
          topThrottled: answer.topThrottled,
          traffic: { points: answer.traffic.map((p) => ({ ...p, minute: minuteText(p.minute) })) },
        },
        200,
      );
    },
  );
}
