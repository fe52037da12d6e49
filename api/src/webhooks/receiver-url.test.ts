// Which receivers may be registered: every address a name resolves to is judged, the worst one counts.
import { expect, test } from "vitest";
import { addressKind } from "./address";
import { checkReceiverUrl, type ReceiverRules } from "./receiver-url";

test.each([
  ["8.8.8.8", "public"],
  ["127.0.0.1", "loopback"],
  ["127.255.0.9", "loopback"],
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["10.0.0.1", "private"],
  ["172.15.255.255", "public"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["172.32.0.0", "public"],
  ["192.168.0.1", "private"],
  ["100.64.0.1", "private"],
  ["100.128.0.1", "public"],
  ["169.254.169.254", "private"],
  ["0.0.0.0", "private"],
  ["224.0.0.1", "private"],
  ["::", "private"],
  ["fc00::1", "private"],
  ["fdff:ffff::1", "private"],
  ["fe80::1%eth0", "private"],
  ["febf::1", "private"],
  ["fec0::1", "public"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:a00:1", "private"],
  ["::ffff:8.8.8.8", "public"],
  ["::10.0.0.1", "private"],
  ["64:ff9b::192.168.0.1", "private"],
  ["64:ff9b::8.8.8.8", "public"],
  ["2002:a00:1::1", "private"],
  ["2002:808:808::1", "public"],
  ["2606:4700::1111", "public"],
  ["example.com", null],
  ["1.2.3", null],
  ["1:2:3:4:5:6:7:8:9", null],
])("%s is %s", (address, kind) => {
  expect(addressKind(address)).toBe(kind);
});

const resolving = (addresses: Record<string, string[]>, allowPrivate = false): ReceiverRules => ({
  allowPrivate,
  addressesOf: async (host) => {
    const found = addresses[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found;
  },
});

test("a name is refused when any of its addresses is private, unless private receivers are allowed", async () => {
  const rules = {
    "public.test": ["93.184.216.34", "2606:2800:220:1::"],
    "mixed.test": ["93.184.216.34", "10.0.0.7"],
    "inside.test": ["fd12::1"],
    "home.test": ["127.0.0.1", "::1"],
  };
  expect((await checkReceiverUrl("https://public.test/h", resolving(rules))).ok).toBe(true);
  expect((await checkReceiverUrl("https://mixed.test/h", resolving(rules))).ok).toBe(false);
  expect((await checkReceiverUrl("https://inside.test/h", resolving(rules))).ok).toBe(false);
  expect((await checkReceiverUrl("https://inside.test/h", resolving(rules, true))).ok).toBe(true);
  expect((await checkReceiverUrl("http://home.test/h", resolving(rules))).ok).toBe(true);
  expect((await checkReceiverUrl("http://public.test/h", resolving(rules))).ok).toBe(false);
  // A name that does not resolve yet is judged when sent to (network.ts checks every attempt's addresses).
  expect((await checkReceiverUrl("https://nowhere.test/h", resolving(rules))).ok).toBe(true);
  expect((await checkReceiverUrl("http://nowhere.test/h", resolving(rules))).ok).toBe(false);
});

test("where names cannot be resolved (a Worker), only literal addresses are judged", async () => {
  const worker: ReceiverRules = { allowPrivate: false, addressesOf: async () => null };
  expect((await checkReceiverUrl("https://billing.example.com/h", worker)).ok).toBe(true);
  expect((await checkReceiverUrl("https://10.0.0.1/h", worker)).ok).toBe(false);
});

test("a URL with spaces or control characters is refused, not stored as another", async () => {
  const anywhere = resolving({ "public.test": ["93.184.216.34"] });
  for (const url of [
    "https://public.test/h\u0000",
    " https://public.test/h",
    "https://public.test/h\n",
    "https://pub\tlic.test/h",
  ]) {
    const checked = await checkReceiverUrl(url, anywhere);
    expect(checked.ok, JSON.stringify(url)).toBe(false);
    expect(checked.ok ? "" : checked.message).toContain("spaces or control characters");
  }
  expect(await checkReceiverUrl("https://public.test/h%20x", anywhere)).toEqual({
    ok: true,
    value: "https://public.test/h%20x",
  });
});
