// Test tooling: the real service as the client's tests meet it, with an admin to make plans, customers and tokens.
import { startServer } from "../../dev/server-process";
import { tempDatabaseUrl } from "../../src/testing/temp-database";

const ADMIN = "client-test-admin-token";

export type Bouncer = Awaited<ReturnType<typeof startBouncer>>;

/** The service as its own process; `env` adds to its environment (a counter store, say). */
export async function startBouncer(env: Record<string, string> = {}) {
  const server = await startServer({
    DATABASE_URL: tempDatabaseUrl("client"),
    ADMIN_TOKEN: ADMIN,
    ...env,
  });

  // Set-up calls that fail say so at once, rather than as a puzzling assertion further on.
  async function admin(method: string, path: string, body?: unknown) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  return {
    url: server.url,
    adminToken: ADMIN,
    admin,
    /** A new customer on `planId`, and an API key of its. */
    async customer(planId: string, fields: Record<string, unknown> = {}): Promise<{ id: string; key: string }> {
      const { id } = await admin("POST", "/v1/customers", { name: "Acme", planId, ...fields });
      return { id, key: (await admin("POST", `/v1/customers/${id}/keys`)).key };
    },
    async serviceToken(): Promise<string> {
      return (await admin("POST", "/v1/tokens", { name: "backend", role: "service" })).token;
    },
    kill: () => server.kill(),
  };
}
