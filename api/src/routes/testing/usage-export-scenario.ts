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
