// Secrets stay secret: at rest only as hashes (the database file and its WAL are searched byte by byte), and
// never in logs or error messages, through a real server process.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { type ServerProcess, startServer } from "../../dev/server-process";
import { sha256 } from "../config/secrets";

const ADMIN = "secrets-test-admin-token-8f2c";
let server: ServerProcess;
afterAll(() => server?.kill());

async function call(method: string, path: string, body?: unknown, token = ADMIN) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
}

describe("secrets", () => {
  test("tokens and keys exist only as hashes at rest, and never appear in logs, audit entries or errors", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bouncer-secrets-"));
    server = await startServer({ DATABASE_URL: `file:${join(dir, "quota.db")}`, ADMIN_TOKEN: ADMIN });
    await call("POST", "/v1/plans", { id: "pro", name: "Pro", perMinute: 1 });
    const customer = (await call("POST", "/v1/customers", { name: "Acme", planId: "pro" })).json.id;
    const key = (await call("POST", `/v1/customers/${customer}/keys`)).json;
    const revoked = (await call("POST", `/v1/customers/${customer}/keys`)).json;
    const token = (await call("POST", "/v1/tokens", { name: "svc", role: "service" })).json;
    await call("DELETE", `/v1/keys/${revoked.id}`);
    const secrets = [ADMIN, key.key, revoked.key, token.token];

    const answers = [
      await call("POST", "/v1/check", { key: key.key }, token.token),
      await call("POST", "/v1/check", { key: key.key }, token.token),
      await call("POST", "/v1/check", { key: revoked.key }, token.token),
      await call("GET", "/v1/plans", undefined, key.key),
      await call("GET", "/v1/plans", undefined, revoked.key),
      await call("GET", "/v1/me", undefined, key.key),
      await call("GET", "/v1/audit?limit=100"),
      await call("GET", `/v1/customers/${customer}/keys`),
      await call("GET", "/v1/tokens"),
      await call("POST", "/v1/check", { key: `${key.key}x` }, token.token),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 429, 403, 403, 401, 200, 200, 200, 200, 403]);
    await server.kill("SIGTERM");

    const files = readdirSync(dir).filter((f) => f.startsWith("quota.db"));
    expect(files).toContain("quota.db");
    const atRest = Buffer.concat(files.map((f) => readFileSync(join(dir, f)))).toString("latin1");
    expect(atRest).toContain(sha256(key.key));
    expect(atRest).toContain(sha256(token.token));
    for (const secret of secrets) {
      expect(atRest.includes(secret), "a secret in the database files").toBe(false);
      expect(server.output().includes(secret), "a secret in the logs").toBe(false);
      for (const answer of answers) expect(answer.text.includes(secret), "a secret in a response").toBe(false);
    }
  }, 60_000);
});
