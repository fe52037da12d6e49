// The Node fast path for POST /v1/check (node-check.ts) and the app's route answer every kind of check alike.
// Only the exact URL /v1/check takes the fast path, so `/v1/check?via=app` reaches the same route through Hono.
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ServerProcess, startServer } from "../../dev/server-process";

const ADMIN = "node-check-test-admin-token";
let server: ServerProcess;
let service: string;
let key: string;
let tinyKey: string;
let customerKey: string;

async function admin<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(201);
  return (await res.json()) as T;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-node-check-"));
  server = await startServer({ DATABASE_URL: `file:${join(dir, "q.db")}`, ADMIN_TOKEN: ADMIN });
  await admin("/v1/plans", { id: "open", name: "Open", burst: 100, perMinute: 100, perHour: 1000, perDay: 10000 });
  await admin("/v1/plans", { id: "tiny", name: "Tiny", perDay: 1 });
  await admin("/v1/plans", { id: "anonymous", name: "Anonymous", perMinute: 60 });
  const open = await admin<{ id: string }>("/v1/customers", { name: "Open", planId: "open" });
  const tiny = await admin<{ id: string }>("/v1/customers", { name: "Tiny", planId: "tiny" });
  key = (await admin<{ key: string }>(`/v1/customers/${open.id}/keys`, {})).key;
  customerKey = (await admin<{ key: string }>(`/v1/customers/${open.id}/keys`, {})).key;
  tinyKey = (await admin<{ key: string }>(`/v1/customers/${tiny.id}/keys`, {})).key;
  service = (await admin<{ token: string }>("/v1/tokens", { name: "svc", role: "service" })).token;
  // The tiny customer's one check of the day, so that both ways below are denied.
  expect((await check("/v1/check", { body: JSON.stringify({ key: tinyKey }) })).status).toBe(200);
}, 60_000);
afterAll(() => server?.kill());

type Call = { body?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string>; token?: string | null };

function check(path: string, { body = "", headers = {}, token = service }: Call) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body,
  });
}

/** Status, header names, and body, with what differs from one request to the next taken out. */
async function shape(res: Response) {
  const text = await res.text();
  // The second call counts after the first: what is left, and when it resets, moves on between them.
  const body = JSON.parse(text, (name, value) =>
    ["requestId", "retryAfter", "remaining", "reset"].includes(name) && value !== null ? "…" : value,
  );
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name)),
  );
  for (const name of ["x-request-id", "retry-after", "ratelimit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
    if (name in headers) headers[name] = "…";
  }
  if ("content-length" in headers) headers["content-length"] = "…";
  return { status: res.status, headers, body };
}

const CASES: [string, () => Call][] = [
  ["allowed", () => ({ body: JSON.stringify({ key, cost: 2 }) })],
  ["denied", () => ({ body: JSON.stringify({ key: tinyKey }) })],
  ["never passes", () => ({ body: JSON.stringify({ key, cost: 1_000_000 }) })],
  ["anonymous by ip", () => ({ body: JSON.stringify({ ip: "2001:db8::1" }) })],
  ["unknown key", () => ({ body: JSON.stringify({ key: "qk_nope" }) })],
  ["no bearer", () => ({ body: JSON.stringify({ key }), token: null })],
  ["unknown bearer", () => ({ body: JSON.stringify({ key }), token: "qt_unknown" })],
  ["customer key as bearer", () => ({ body: JSON.stringify({ key }), token: customerKey })],
  ["not JSON", () => ({ body: "key=1", headers: { "content-type": "text/plain" } })],
  ["malformed JSON", () => ({ body: '{"key":' })],
  ["gzip", () => ({ body: JSON.stringify({ key }), headers: { "content-encoding": "gzip" } })],
  ["bad cost", () => ({ body: JSON.stringify({ key, cost: 0.5 }) })],
  ["key and ip", () => ({ body: JSON.stringify({ key, ip: "203.0.113.7" }) })],
  ["extra field", () => ({ body: JSON.stringify({ key, extra: true }) })],
  ["not an address", () => ({ body: JSON.stringify({ ip: "999.1.1.1" }) })],
  ["over 64 KiB", () => ({ body: JSON.stringify({ key, pad: "x".repeat(70_000) }) })],
];

describe("POST /v1/check, on the fast path and through the app", () => {
  test.each(CASES)("%s: the same status, headers and body", async (_, call) => {
    const fast = await shape(await check("/v1/check", call()));
    const app = await shape(await check("/v1/check?via=app", call()));
    expect(fast).toEqual(app);
    expect(fast.headers["x-content-type-options"]).toBe("nosniff");
    expect(fast.headers["content-type"]).toBe("application/json");
  });

  test("a body that cannot be read as sent is a 400 invalid_request on both ways", async () => {
    const bytes = (before: string, raw: number[], after: string) =>
      new Uint8Array([...Buffer.from(before), ...raw, ...Buffer.from(after)]);
    const bodies = [
      `{"key":"${key}\\ud800"}`,
      '{"\\udc00":1}',
      bytes(`{"key":"${key}`, [0xff], '"}'),
      bytes(`{"key":"${key}`, [0xed, 0xa0, 0x80], '"}'),
    ];
    for (const body of bodies) {
      for (const path of ["/v1/check", "/v1/check?via=app"]) {
        const res = await check(path, { body });
        expect(res.status, `${path} ${body}`).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
      }
    }
  });

  test("a 401 carries RFC 6750's challenge on both ways, invalid_token when a bearer was sent; a 403 none", async () => {
    const calls: [string, Call, string | null][] = [
      ["no bearer", { token: null }, "Bearer"],
      ["Basic credentials", { token: null, headers: { authorization: "Basic dXNlcjpwYXNz" } }, "Bearer"],
      ["unknown bearer", { token: "qt_unknown" }, 'Bearer error="invalid_token"'],
      ["customer key as bearer", { token: customerKey }, null],
    ];
    for (const [what, call, challenge] of calls) {
      for (const path of ["/v1/check", "/v1/check?via=app"]) {
        const res = await check(path, { body: JSON.stringify({ key }), ...call });
        expect(res.status, `${path} ${what}`).toBe(challenge === null ? 403 : 401);
        expect(res.headers.get("www-authenticate"), `${path} ${what}`).toBe(challenge);
      }
    }
  });

  test("a Content-Type sent twice is refused 415 on both ways, as by every other route and runtime", async () => {
    // Two header lines, which fetch cannot send (it joins them into one): Node keeps the first, Hono joins them.
    const post = (path: string) =>
      new Promise<{ status: number; code: string }>((done, fail) => {
        const req = request(`${server.url}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${service}`, "content-type": ["application/json", "application/json"] },
        });
        req.on("response", (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => done({ status: res.statusCode ?? 0, code: JSON.parse(text).error?.code }));
        });
        req.on("error", fail);
        req.end(JSON.stringify({ key }));
      });
    for (const path of ["/v1/check", "/v1/check?via=app"]) {
      expect(await post(path), path).toEqual({ status: 415, code: "unsupported_media_type" });
    }
  });

  test("a caller's request id is kept, a bad one replaced, on both ways", async () => {
    for (const path of ["/v1/check", "/v1/check?via=app"]) {
      const kept = await check(path, { body: JSON.stringify({ key }), headers: { "x-request-id": "trace-42" } });
      expect(kept.headers.get("x-request-id")).toBe("trace-42");
      const replaced = await check(path, { body: "{", headers: { "x-request-id": "bad id!" } });
      const id = replaced.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(((await replaced.json()) as { error: { requestId: string } }).error.requestId).toBe(id);
    }
  });

  test("a client that hangs up halfway through its body leaves the server answering the next check", async () => {
    const { port } = new URL(server.url);
    await new Promise<void>((done, fail) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST /v1/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${service}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"key":"qk_',
        );
        setTimeout(() => {
          socket.destroy();
          done();
        }, 50);
      });
      socket.on("error", fail);
    });
    await new Promise((r) => setTimeout(r, 100));
    const res = await check("/v1/check", { body: JSON.stringify({ key }) });
    expect(res.status).toBe(200);
    expect(server.output()).not.toMatch(/Error|aborted/);
  });
});

// Contract section 7: bouncer_store_duration_seconds is a histogram of counter-store calls, the memory store's too.
test("/metrics times the memory store's calls, as it times a store across a network", async () => {
  const count = async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    return Number(text.match(/^bouncer_store_duration_seconds_count (\d+)$/m)?.[1]);
  };
  const before = await count();
  expect((await check("/v1/check", { body: JSON.stringify({ key }) })).status).toBe(200);
  expect(await count()).toBeGreaterThan(before);
  expect(before).toBeGreaterThan(0);
});
