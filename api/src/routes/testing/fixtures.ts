// What the check and usage suites start from, made through the API as an admin would.
import type { RouteService } from "../../testing/test-app";

/** `plan`, a customer on it (with `overrides`, if any), the customer's key and a service token that checks. */
export async function customerWithKey(
  t: RouteService,
  plan: Record<string, unknown>,
  overrides?: Record<string, unknown>,
) {
  await t.call("POST", "/v1/plans", { body: plan });
  const customer = await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: plan.id, overrides } });
  const customerId: string = customer.json.id;
  const key: string = (await t.call("POST", `/v1/customers/${customerId}/keys`)).json.key;
  const service: string = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
  return { customerId, key, service };
}
