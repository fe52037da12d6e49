// The service as an operator runs it (npm start's entry, the memory store), its clock set just before a month ends
// for a customer billed on the 30th in a leap year: the month turns on 29 February, by the service's own clock.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { callServer, type ServerProcess, startServer } from "../../dev/server-process";
import { ADMIN_TOKEN } from "../testing/test-app";

const TURN = Date.parse("2028-02-29T00:00:00.000Z");
let server: ServerProcess | undefined;
afterEach(() => server?.kill());

const month = (res: { json: { limits: { name: string; reset: number }[] } }) =>
  res.json.limits.find((l) => l.name === "month");

/**
 * A server whose clock stands `leadMs` before the month turns, and a customer of a one-check-a-month plan billed on
 * the 30th, checked twice before the turn by the server's clock however long that took; else all again, further
 * from the turn.
 */
async function checkedBeforeTheTurn(leadMs: number) {
  for (let lead = leadMs; ; lead *= 2) {
    const skewMs = TURN - lead - Date.now();
    const dir = mkdtempSync(join(tmpdir(), "bouncer-month-"));
    server = await startServer({ DATABASE_URL: `file:${join(dir, "q.db")}`, ADMIN_TOKEN }, { skewMs });
    const started = server;
    const call = (method: string, path: string, body?: unknown) => callServer(started, ADMIN_TOKEN, method, path, body);
    expect((await call("POST", "/v1/plans", { id: "metered", name: "Metered", perMonth: 1 })).status).toBe(201);
    const customer = (await call("POST", "/v1/customers", { name: "Acme", planId: "metered", billingDay: 30 })).json;
    const { key } = (await call("POST", `/v1/customers/${customer.id}/keys`)).json;
    const first = await call("POST", "/v1/check", { key });
    const denied = await call("POST", "/v1/check", { key });
    // Both answered before the turn by the server's clock (this machine's, skewed), so neither straddled it.
    if (Date.now() + skewMs < TURN || lead > 60_000) return { call, key, skewMs, first, denied };
    await started.kill();
  }
}

test("a month from billing day 30 ends on 29 February 2028 and the next runs to 30 March", async () => {
  const { call, key, skewMs, first, denied } = await checkedBeforeTheTurn(6000);
  expect(first.status).toBe(200);
  expect(month(first)).toMatchObject({ limit: 1, remaining: 0, reset: TURN / 1000 });
  expect(denied.status).toBe(429);
  expect(denied.json).toMatchObject({ reset: TURN / 1000 });
  expect(denied.json.retryAfter).toBeGreaterThanOrEqual(1);

  // Past the turn by the server's clock: a loaded machine only makes the wait longer.
  await new Promise((r) => setTimeout(r, TURN - (Date.now() + skewMs) + 300));
  const renewed = await call("POST", "/v1/check", { key });
  expect(renewed.status).toBe(200);
  expect(month(renewed)).toMatchObject({ remaining: 0, reset: Date.parse("2028-03-30T00:00:00.000Z") / 1000 });
}, 120_000);
