// wrk as the bench drives it: its script sends every body in turn with the job's headers, and its output is read right.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "vitest";
import { parseWrk, saturateWithWrk, wrkInstalled } from "./wrk";

test("wrk's report is read for answers, time, non-2xx answers and socket errors", () => {
  const output = [
    "Running 3s test @ http://127.0.0.1:1234/v1/check",
    "  1 threads and 64 connections",
    "  48213 requests in 3.00s, 49.12MB read",
    "  Socket errors: connect 0, read 2, write 0, timeout 1",
    "  Non-2xx or 3xx responses: 17",
    "Requests/sec:  16069.43",
  ].join("\n");
  expect(parseWrk(output)).toEqual({ responses: 48213, seconds: 3, non2xx: 17, errors: 3 });
  expect(parseWrk("  812 requests in 999.50ms, 1.00MB read\n").seconds).toBeCloseTo(0.9995, 6);
  expect(() => parseWrk("unable to connect")).toThrow(/no total/);
});

test("with --latency, wrk's 99th percentile is read in milliseconds, whatever unit it printed", () => {
  const report = (p99: string) =>
    [
      "  Latency Distribution",
      "     50%  612.00us",
      "     90%    2.50ms",
      `     99%   ${p99}`,
      "  2000 requests in 1.00s, 2.10MB read",
    ].join("\n");
  expect(parseWrk(report("3.21ms")).p99Ms).toBeCloseTo(3.21, 6);
  expect(parseWrk(report("812.00us")).p99Ms).toBeCloseTo(0.812, 6);
  expect(parseWrk(report("1.20s")).p99Ms).toBeCloseTo(1200, 6);
  expect(parseWrk("  812 requests in 999.50ms, 1.00MB read\n").p99Ms).toBeUndefined();
});

test.skipIf(!wrkInstalled())(
  "saturating with wrk sends every body in turn, with the job's headers, and counts the answers",
  async () => {
    const seen = new Map<string, number>();
    let headersOk = true;
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        seen.set(body, (seen.get(body) ?? 0) + 1);
        headersOk &&= req.method === "POST" && req.url === "/v1/check" && req.headers.authorization === "Bearer t0k";
        // One body in three is refused, to see wrk count what is not 2xx.
        res.writeHead(body.includes('"k2"') ? 429 : 200, { "content-type": "application/json" });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const bodies = ['{"key":"k1"}', '{"key":"k2"}', '{"key":"k3"}'];
      const result = await saturateWithWrk({
        kind: "saturate",
        url: `http://127.0.0.1:${port}`,
        path: "/v1/check",
        headers: { authorization: "Bearer t0k", "content-type": "application/json" },
        bodies,
        connections: 4,
        seconds: 1,
        tool: "wrk",
      });
      expect(headersOk).toBe(true);
      expect([...seen.keys()].sort()).toEqual(bodies);
      const refused = seen.get('{"key":"k2"}') ?? 0;
      expect(result.responses).toBeGreaterThan(100);
      expect(result.seconds).toBeGreaterThan(0.9);
      // Requests still in flight when wrk stops were seen by the server but not counted by wrk.
      expect(result.statusCodes["non-2xx"]).toBeGreaterThan(refused - 10);
      expect(result.statusCodes["non-2xx"]).toBeLessThanOrEqual(refused);
      expect(result.statusCodes["200"]).toBe(result.responses - (result.statusCodes["non-2xx"] ?? 0));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  },
);
