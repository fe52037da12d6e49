// The Lambda handler with events API Gateway sends beyond the $default stage and plain bodies (lambda-event.ts), on
// the memory store: how the event reaches the app, not how it counts (lambda.redis.test.ts).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { httpApiEvent } from "./testing/lambda-events";
import { baseEnv } from "./testing/serverless-contract";

const ADMIN = baseEnv("").ADMIN_TOKEN;
let handler: typeof import("./lambda").handler;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-lambda-event-"));
  Object.assign(process.env, baseEnv(`file:${join(dir, "quota.db")}`), { COUNTER_STORE: "memory" });
  ({ handler } = await import("./lambda"));
});

const plan = JSON.stringify({ id: "staged", name: "Staged", perHour: 10 });
const json = { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" };

describe("Lambda events", () => {
  test("an HTTP API stage of its own: the stage's name in the path is not the route's", async () => {
    const made = await handler(httpApiEvent("POST", "/v1/plans", json, plan, { stage: "prod" }));
    expect(made.statusCode).toBe(201);
    const read = await handler(httpApiEvent("GET", "/v1/plans/staged", json, null, { stage: "prod" }));
    expect([read.statusCode, JSON.parse(read.body).id]).toEqual([200, "staged"]);
    expect((await handler(httpApiEvent("GET", "/healthz", {}, null, { stage: "prod" }))).statusCode).toBe(200);
    // The $default stage's paths are the routes' as they are.
    expect((await handler(httpApiEvent("GET", "/v1/plans/staged", json, null))).statusCode).toBe(200);
    // A route named like the stage is not cut short.
    expect((await handler(httpApiEvent("GET", "/v1/plans/staged", json, null, { stage: "v1" }))).statusCode).toBe(200);
  });

  test("a body said to be base64 that is not: 400 with the error envelope, never a 500", async () => {
    const sent = httpApiEvent("POST", "/v1/plans", json, "!!!@@@", { isBase64Encoded: true });
    const answer = await handler(sent);
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).error).toMatchObject({ code: "invalid_request" });
    // Real base64 is read as ever.
    const encoded = httpApiEvent(
      "POST",
      "/v1/plans",
      json,
      Buffer.from(plan.replace("staged", "b64")).toString("base64"),
      {
        isBase64Encoded: true,
      },
    );
    expect((await handler(encoded)).statusCode).toBe(201);
  });
});
