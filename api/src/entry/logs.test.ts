// The server's logs: JSON lines, each request's with its id; a check logs nothing at the default level.
import { describe, expect, test } from "vitest";
import { startServer } from "../../dev/server-process";
import { tempDatabaseUrl } from "../testing/temp-database";

describe("logs", () => {
  test("every line is JSON, request lines carry the request id, and checks are silent at the default level", async () => {
    const admin = "logs-test-admin-token";
    const server = await startServer({
      DATABASE_URL: tempDatabaseUrl("logs"),
      ADMIN_TOKEN: admin,
    });
    const call = (method: string, path: string, body?: unknown, requestId?: string) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${admin}`,
          "content-type": "application/json",
          ...(requestId ? { "x-request-id": requestId } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const created = await call("POST", "/v1/plans", { id: "pro", name: "Pro", perMinute: 5 }, "req-create-1");
    expect(created.headers.get("x-request-id")).toBe("req-create-1");
    await call("GET", "/v1/plans/missing", undefined, "req-missing-2");
    const generated = (await call("GET", "/v1/plans")).headers.get("x-request-id");
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    const customer = await (await call("POST", "/v1/customers", { name: "A", planId: "pro" })).json();
    const { key } = await (await call("POST", `/v1/customers/${customer.id}/keys`)).json();
    for (let i = 0; i < 20; i++) await call("POST", "/v1/check", { key }, `req-check-${i}`);
    await server.kill("SIGTERM");

    const lines = server.output().trim().split("\n");
    const entries = lines.map((line) => JSON.parse(line));
    expect(
      entries.every((e) => typeof e.level === "number" && typeof e.time === "string" && typeof e.msg === "string"),
    ).toBe(true);
    const requests = entries.filter((e) => e.msg === "request");
    expect(requests.every((e) => typeof e.requestId === "string" && e.requestId.length > 0)).toBe(true);
    expect(requests.find((e) => e.requestId === "req-create-1")).toMatchObject({
      method: "POST",
      path: "/v1/plans",
      status: 201,
    });
    expect(requests.find((e) => e.requestId === "req-missing-2")).toMatchObject({ status: 404 });
    expect(requests.some((e) => e.requestId === generated)).toBe(true);
    expect(requests.filter((e) => e.path === "/v1/check")).toEqual([]);
  }, 60_000);
});
