// Test data made through the REST API with the admin token, so each spec starts from the state it needs.
import { type APIRequestContext, expect } from "@playwright/test";

export type PlanFields = {
  name?: string;
  burst?: number | null;
  perMinute?: number | null;
  perHour?: number | null;
  perDay?: number | null;
  concurrent?: number | null;
  failMode?: "open" | "closed" | "local";
  shadow?: boolean;
  localShare?: number | null;
  alerts?: number[];
};

type Plan = Required<PlanFields> & { id: string; version: number };
type Customer = { id: string; name: string; planId: string };

export class AdminApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  private async send<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, ...headers },
      data: body,
    });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  }

  createPlan(id: string, fields: PlanFields = {}) {
    return this.send<Plan>("POST", "/v1/plans", { id, name: id, perMinute: 60, perHour: 1000, ...fields });
  }

  getPlan(id: string) {
    return this.send<Plan>("GET", `/v1/plans/${id}`);
  }

  updatePlan(id: string, version: number, fields: PlanFields) {
    return this.send<Plan>("PATCH", `/v1/plans/${id}`, fields, { "If-Match": `"${version}"` });
  }

  createCustomer(name: string, planId: string) {
    return this.send<Customer>("POST", "/v1/customers", { name, planId });
  }

  getCustomer(id: string) {
    return this.send<Customer & { overrides: Record<string, number | null> | null }>("GET", `/v1/customers/${id}`);
  }

  async createKey(customerId: string) {
    return this.send<{ id: string; prefix: string; key: string }>("POST", `/v1/customers/${customerId}/keys`);
  }

  createWebhook(url: string) {
    return this.send<{ id: string; url: string; secret: string }>("POST", "/v1/webhooks", {
      url,
      events: ["usage.threshold"],
    });
  }

  testWebhook(id: string) {
    return this.send<{ eventId: string }>("POST", `/v1/webhooks/${id}/test`);
  }

  async serviceToken(name: string) {
    return (await this.send<{ token: string }>("POST", "/v1/tokens", { name, role: "service" })).token;
  }

  /**
   * Runs checks for a customer's key with a service token, one after another, naming `resource` if given; returns
   * their statuses.
   */
  async check(serviceToken: string, key: string, times: number, resource?: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) {
      const response = await this.request.post("/v1/check", {
        headers: { Authorization: `Bearer ${serviceToken}` },
        data: { key, cost: 1, resource },
      });
      statuses.push(response.status());
    }
    return statuses;
  }
}
