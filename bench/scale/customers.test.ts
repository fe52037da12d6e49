// The scale scenario's wrk scripts name the customers the seed wrote: the keys wrk sends are apiKey(i), drawn at
// random among all, or each once in order, and then wrk stops.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "vitest";
import { sha256 } from "../../api/src/config/secrets";
import { saturateWithWrk } from "../load/wrk";
import { apiKey, EACH_ANSWERED, eachOnceScript, randomChecksScript, seededCustomer } from "./customers";

/** Runs wrk with `script` for up to `seconds` against a server that records each check's key. */
async function keysSent(script: string, seconds: number, doneLine?: string) {
  const keys: string[] = [];
  let bearer: string | undefined;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      bearer ??= req.headers.authorization;
      keys.push((JSON.parse(body) as { key: string }).key);
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const result = await saturateWithWrk({
      kind: "saturate",
      url: `http://127.0.0.1:${port}`,
      path: "/v1/check",
      headers: {},
      bodies: [],
      connections: 4,
      seconds,
      tool: "wrk",
      script,
      latency: true,
      ...(doneLine ? { doneLine } : {}),
    });
    return { keys, bearer, result };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test("random checks send the keys of customers 0 to n - 1 only, with the service token", async () => {
  const { keys, bearer, result } = await keysSent(randomChecksScript("qt_svc", 50, 7), 1);
  const all = new Set(Array.from({ length: 50 }, (_, i) => apiKey(i)));
  expect(bearer).toBe("Bearer qt_svc");
  expect(keys.every((k) => all.has(k))).toBe(true);
  // Hundreds of checks over 50 keys: every one was drawn.
  expect(new Set(keys)).toEqual(all);
  expect(result.p99Ms).toBeGreaterThan(0);
});

test("each-once checks send every key from `from` to `to` - 1, and wrk stops when they are answered", async () => {
  const { keys, result } = await keysSent(eachOnceScript("qt_svc", 10, 2010), 30, EACH_ANSWERED);
  // In turn over 4 connections, so not quite in order at the server; then a few from the start again.
  expect(new Set(keys)).toEqual(new Set(Array.from({ length: 2000 }, (_, i) => apiKey(10 + i))));
  expect(result.responses).toBeGreaterThanOrEqual(2000);
  // Stopped once they were answered, long before the 30 s it was given, and timed to then.
  expect(result.seconds).toBeLessThan(20);
  expect(result.responses).toBeLessThan(2000 + 50);
});

test("a seeded customer's key is stored as the service stores one: its SHA-256 and its first 11 characters", () => {
  const customer = seededCustomer(42, 0);
  expect(apiKey(42)).toMatch(/^qk_[A-Za-z0-9]{32}$/);
  expect(customer.keyHash).toBe(sha256(apiKey(42)));
  expect(customer.keyPrefix).toBe(apiKey(42).slice(0, 11));
  expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{16}$/);
  expect(customer.keyId).toMatch(/^key_[A-Za-z0-9]{16}$/);
  expect(customer.createdAt).toBe("1970-01-01T00:00:00.042Z");
});
