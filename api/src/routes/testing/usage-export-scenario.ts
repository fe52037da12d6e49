// The export against /usage/daily (contract section 6), over a counter store on a clock the test sets: in process on
// the memory store (usage-export.test.ts) and on Redis (usage-export.redis.test.ts).
import { expect } from "vitest";
import type { CounterStore } from "../../quota/store";
import { testApp } from "../../testing/test-app";
import { CSV_HEADER } from "../usage-export";

export type ExportRow = {
  customerId: string;
  planId: string;
  day: string;
  resource: string | null;
  allowed: number;
  denied: number;
  units: number;
};

/** The rows of a CSV export, header checked, `resource` null where the line leaves it empty. */
export function parseCsv(text: string): ExportRow[] {
  const [header, ...lines] = text.split("\n");
  expect(header).toBe(CSV_HEADER);
  expect(lines.at(-1)).toBe("");
  return lines.slice(0, -1).map((line) => {
    const [customerId = "", planId = "", day = "", resource = "", allowed, denied, units] = line.split(",");
    expect(line.split(",")).toHaveLength(7);
    return {
      customerId,
      planId,
      day,
      resource: resource || null,
      allowed: Number(allowed),
      denied: Number(denied),
      units: Number(units),
    };
  });
}

const byCustomerAndDay = (a: ExportRow, b: ExportRow) =>
  a.customerId.localeCompare(b.customerId) || a.day.localeCompare(b.day);

/**
 * Four days of checks of several costs, denials and a refund for three customers (and a fourth without any), then the
 * export, CSV and JSON, must hold exactly the days /usage/daily answers with any check, for every customer.
 */
export async function exportMatchesDaily(counters: CounterStore, clock: { now: number }) {
  const t = await testApp({ counters, now: () => clock.now });
  const at = (iso: string) => {
    clock.now = Date.parse(iso);
  };
  try {
    at("2026-11-27T10:00:00.000Z");
    await t.call("POST", "/v1/plans", { body: { id: "metered", name: "Metered", perMinute: 50, perDay: 50 } });
    const service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
    const customers: { id: string; key: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const id = (await t.call("POST", "/v1/customers", { body: { name: `Acme ${i}`, planId: "metered" } })).json.id;
      customers.push({ id, key: (await t.call("POST", `/v1/customers/${id}/keys`)).json.key });
    }
    const check = async (c: number, cost: number) =>
      (await t.call("POST", "/v1/check", { token: service, body: { key: customers[c]?.key, cost } })).status;
    const refund = async (c: number, cost: number) =>
      (await t.call("POST", "/v1/refund", { token: service, body: { key: customers[c]?.key, cost } })).status;

    expect([await check(0, 3), await check(0, 3), await check(1, 1)]).toEqual([200, 200, 200]);
    at("2026-11-28T10:00:00.000Z");
    expect([await check(0, 40), await check(0, 20), await refund(0, 5)]).toEqual([200, 429, 200]);
    at("2026-11-29T23:59:59.000Z");
    expect([await check(2, 1), await check(2, 1), await check(2, 1), await check(1, 60)]).toEqual([200, 200, 200, 429]);
    at("2026-11-30T00:00:01.000Z");
    expect(await check(1, 2)).toBe(200);

    const csv = await t.call("GET", "/v1/usage/export?from=2026-11-27&to=2026-11-30&format=csv");
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="usage-2026-11-27-2026-11-30.csv"');
    const json = await t.call("GET", "/v1/usage/export?from=2026-11-27&to=2026-11-30&format=json");
    expect(json.status, json.text).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(json.headers.get("content-disposition")).toBe('attachment; filename="usage-2026-11-27-2026-11-30.json"');

    // What /usage/daily answers for every customer, the days with any check.
    const expected: ExportRow[] = [];
    for (const { id } of customers) {
      const daily = await t.call("GET", `/v1/customers/${id}/usage/daily?days=10`);
      for (const p of daily.json.points) {
        if (p.day < "2026-11-27" || p.allowed + p.denied + p.units === 0) continue;
        expected.push({ customerId: id, planId: "metered", resource: null, ...p });
      }
    }
    const [c0, c1, c2] = customers.map((c) => c.id) as [string, string, string];
    // The counts themselves, so that the comparison is not of two empty lists.
    expect(expected.sort(byCustomerAndDay)).toEqual(
      [
        { customerId: c0, day: "2026-11-27", allowed: 2, denied: 0, units: 6 },
        { customerId: c0, day: "2026-11-28", allowed: 1, denied: 1, units: 35 },
        { customerId: c1, day: "2026-11-27", allowed: 1, denied: 0, units: 1 },
        { customerId: c1, day: "2026-11-29", allowed: 0, denied: 1, units: 0 },
        { customerId: c1, day: "2026-11-30", allowed: 1, denied: 0, units: 2 },
        { customerId: c2, day: "2026-11-29", allowed: 3, denied: 0, units: 3 },
      ]
        .map((r) => ({ ...r, planId: "metered", resource: null }))
        .sort(byCustomerAndDay),
    );
    expect(parseCsv(csv.text).sort(byCustomerAndDay)).toEqual(expected);
    expect((json.json as ExportRow[]).sort(byCustomerAndDay)).toEqual(expected);
    // Customers in the list's order (newest first), each one's days oldest first.
    const listed = (await t.config.customers.page({ limit: 10 })).customers.map((c) => c.id);
    const order = (r: ExportRow) => `${listed.indexOf(r.customerId)} ${r.day}`;
    expect(parseCsv(csv.text).map(order)).toEqual(expected.map(order).sort());
    // A range of one day holds that day alone; a quiet range, the header alone (CSV) or [] (JSON).
    const one = parseCsv((await t.call("GET", "/v1/usage/export?from=2026-11-28&to=2026-11-28")).text);
    expect(one).toEqual(expected.filter((r) => r.day === "2026-11-28"));
    const quiet = await t.call("GET", "/v1/usage/export?from=2026-11-01&to=2026-11-26&format=json");
    expect(quiet.json).toEqual([]);
    expect((await t.call("GET", "/v1/usage/export?from=2026-11-01&to=2026-11-26")).text).toBe(`${CSV_HEADER}\n`);
  } finally {
    t.client.close();
  }
}

/**
 * A customer's checks that name a resource of its plan (or of its overrides) have rows of their own after the plan's
 * own, which counts every check: each resource's allowed, denied and units, refunds named by it included.
 */
export async function exportHasResourceRows(counters: CounterStore, clock: { now: number }) {
  const t = await testApp({ counters, now: () => clock.now });
  clock.now = Date.parse("2026-11-30T10:00:00.000Z");
  try {
    const plan = { id: "ai", name: "AI", perDay: 100, resources: { "ai.generate": { perDay: 5 } } };
    await t.call("POST", "/v1/plans", { body: plan });
    const service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
    const made = async (overrides?: unknown) => {
      const id = (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "ai", overrides } })).json.id;
      return { id: id as string, key: (await t.call("POST", `/v1/customers/${id}/keys`)).json.key as string };
    };
    const a = await made();
    const b = await made({ resources: { search: { perDay: 10 } } });
    const call = async (path: string, key: string, cost: number, resource?: string) =>
      (await t.call("POST", path, { token: service, body: { key, cost, resource } })).status;
    const statuses = [
      await call("/v1/check", a.key, 1),
      await call("/v1/check", a.key, 1),
      await call("/v1/check", a.key, 2, "ai.generate"),
      await call("/v1/check", a.key, 2, "ai.generate"),
      await call("/v1/check", a.key, 2, "ai.generate"),
      await call("/v1/refund", a.key, 1, "ai.generate"),
      await call("/v1/check", b.key, 1, "search"),
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 429, 200, 200]);
    const day = "2026-11-30";
    const row = (customerId: string, resource: string | null, allowed: number, denied: number, units: number) => ({
      customerId,
      planId: "ai",
      day,
      resource,
      allowed,
      denied,
      units,
    });
    // Customers newest first; each day's plan-own row first.
    const expected = [
      row(b.id, null, 1, 0, 1),
      row(b.id, "search", 1, 0, 1),
      row(a.id, null, 4, 1, 5),
      row(a.id, "ai.generate", 2, 1, 3),
    ];
    const csv = await t.call("GET", `/v1/usage/export?from=${day}&to=${day}&format=csv`);
    expect(parseCsv(csv.text)).toEqual(expected);
    expect((await t.call("GET", `/v1/usage/export?from=${day}&to=${day}&format=json`)).json).toEqual(expected);
    // The plan-own rows are /usage/daily's.
    const daily = (await t.call("GET", `/v1/customers/${a.id}/usage/daily?days=1`)).json.points[0];
    expect(daily).toEqual({ day, allowed: 4, denied: 1, units: 5 });
    // The plan drops its resource and b's overrides go: the month's checks that named them are still billed (an
    // audit: the export listed only the resources the plan named now, and a resource's rows went with it).
    expect((await t.call("PATCH", "/v1/plans/ai", { body: { resources: {} } })).status).toBe(200);
    expect((await t.call("PATCH", `/v1/customers/${b.id}`, { body: { overrides: null } })).status).toBe(200);
    expect(parseCsv((await t.call("GET", `/v1/usage/export?from=${day}&to=${day}&format=csv`)).text)).toEqual(expected);
  } finally {
    t.client.close();
  }
}
