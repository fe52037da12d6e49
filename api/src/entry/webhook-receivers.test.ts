// Receivers are independent (contract section 13, "deliveries to one receiver never exceed 10 at once"): on a Node
// server, a receiver that hangs until its 10 s are up holds up no other receiver's deliveries. Found by an audit:
// each run of the delivery loop waited for every send it started, so another receiver's event waited for the cut.
import { afterAll, expect, test, vi } from "vitest";
import { callServer, startServer } from "../../dev/server-process";
import { tempDatabaseUrl } from "../testing/temp-database";
import { startReceiver } from "../webhooks/testing/receiver";

const ADMIN = "receivers-test-admin-token";
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("a receiver that hangs holds up no other's deliveries: the next arrives while the first is still open", async () => {
  let answer = () => {};
  const hang = new Promise<void>((resolve) => {
    answer = resolve;
  });
  cleanups.push(() => answer());
  const secrets = { hanging: "", answering: "" };
  const hanging = await startReceiver(() => secrets.hanging, [], hang);
  const answering = await startReceiver(() => secrets.answering);
  cleanups.push(hanging.close, answering.close);
  const server = await startServer({
    COUNTER_STORE: "memory",
    DATABASE_URL: tempDatabaseUrl("receivers"),
    ADMIN_TOKEN: ADMIN,
  });
  cleanups.push(() => server.kill());
  const api = (method: string, path: string, body?: unknown) => callServer(server, ADMIN, method, path, body);
  const endpoint = async (url: string) =>
    (await api("POST", "/v1/webhooks", { url, events: ["usage.threshold"] })).json;
  const first = await endpoint(hanging.url);
  const second = await endpoint(answering.url);
  secrets.hanging = first.secret;
  secrets.answering = second.secret;

  expect((await api("POST", `/v1/webhooks/${first.id}/test`)).status).toBeLessThan(300);
  await vi.waitFor(() => expect(hanging.received).toHaveLength(1), { timeout: 30_000, interval: 50 });
  expect((await api("POST", `/v1/webhooks/${second.id}/test`)).status).toBeLessThan(300);
  await vi.waitFor(() => expect(answering.received).toHaveLength(1), { timeout: 30_000, interval: 50 });
  expect(answering.received[0]?.verifyError).toBeUndefined();
  // Delivered while the first receiver's request is still open, not after the sender cut it at its 10 s.
  expect(hanging.cut()).toBe(0);
  expect(hanging.received).toHaveLength(1);
}, 60_000);
