// The run's customers, made through the admin API: a plan that allows everything, one that denies, keys and a token.
import type { BenchLimits } from "./peers/serve";

/** Limits so large that no check of a run is ever denied. */
export const OPEN_LIMITS: BenchLimits = { burst: 1e9, perMinute: 1e9, perHour: 1e9, perDay: 1e9 };

export type Seed = { serviceToken: string; keys: string[]; abusiveKey: string };

export async function admin<T>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function customerWithKey(url: string, token: string, planId: string, name: string): Promise<string> {
  const customer = await admin<{ id: string }>(url, token, "/v1/customers", { name, planId });
  const key = await admin<{ key: string }>(url, token, `/v1/customers/${customer.id}/keys`, {});
  return key.key;
}

/** Creates `customers` customers on an open plan, one abusive customer allowed one check a day, and a service token. */
export async function seed(url: string, adminToken: string, customers: number): Promise<Seed> {
  await admin(url, adminToken, "/v1/plans", { id: "bench-open", name: "Bench: never denies", ...OPEN_LIMITS });
  await admin(url, adminToken, "/v1/plans", { id: "bench-tiny", name: "Bench: one check a day", perDay: 1 });
  const { token } = await admin<{ token: string }>(url, adminToken, "/v1/tokens", { name: "bench", role: "service" });
  const keys: string[] = new Array(customers);
  // A few at a time: the config store is one SQLite file, and its writes queue anyway.
  const WIDTH = 8;
  for (let start = 0; start < customers; start += WIDTH) {
    const batch = Array.from({ length: Math.min(WIDTH, customers - start) }, (_, i) => start + i);
    await Promise.all(
      batch.map(async (i) => {
        keys[i] = await customerWithKey(url, adminToken, "bench-open", `Bench customer ${i + 1}`);
      }),
    );
  }
  const abusiveKey = await customerWithKey(url, adminToken, "bench-tiny", "Bench abusive customer");
  return { serviceToken: token, keys, abusiveKey };
}
