// Node's way to receivers: the socket connects only to addresses that were checked, whatever a name resolves to when
// the attempt is made, and a receiver named by a host name (localhost) is reached through that check.
import type { LookupAddress } from "node:dns";
import { afterEach, expect, test } from "vitest";
import { checkedLookup, send } from "./network";
import { startReceiver } from "./testing/receiver";

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** What the socket's resolver answers for `addresses`, asked as Node asks it (all: true). */
function resolved(addresses: LookupAddress[], allowPrivate: boolean) {
  const lookup = checkedLookup(allowPrivate, async () => addresses);
  return new Promise<{ error: Error | null; found: unknown }>((resolve) => {
    lookup("receiver.test", { all: true }, (error, found) => resolve({ error, found }));
  });
}

test("a name that resolves to a private address, among public ones, is refused at the time of sending", async () => {
  const rebound = [
    { address: "93.184.216.34", family: 4 },
    { address: "10.0.0.7", family: 4 },
  ];
  expect((await resolved(rebound, false)).error?.message).toContain("10.0.0.7");
  expect(await resolved(rebound, true)).toEqual({ error: null, found: rebound });
  expect((await resolved([{ address: "fe80::1", family: 6 }], false)).error).not.toBeNull();
  expect((await resolved([], false)).error).not.toBeNull();
  const local = [{ address: "127.0.0.1", family: 4 }];
  expect(await resolved(local, false)).toEqual({ error: null, found: local });
});

test("a receiver named localhost is sent to through the checked resolver; a private literal never", async () => {
  const receiver = await startReceiver(() => "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  closing.push(receiver.close);
  const attempt = { body: "{}", headers: {}, timeoutMs: 5_000, allowPrivate: false };
  const url = receiver.url.replace("127.0.0.1", "localhost");
  expect(await send({ ...attempt, url })).toEqual({ status: 200 });
  expect(receiver.received).toHaveLength(1);
  expect(await send({ ...attempt, url: "https://192.168.0.1/hooks" })).toMatchObject({ status: null });
});

test("a receiver that does not answer within the time allowed is an attempt with no status", async () => {
  const receiver = await startReceiver(() => "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", [], 2_000);
  closing.push(receiver.close);
  const outcome = await send({ url: receiver.url, body: "{}", headers: {}, timeoutMs: 100, allowPrivate: false });
  expect(outcome).toMatchObject({ status: null, error: expect.stringContaining("100 ms") });
});
