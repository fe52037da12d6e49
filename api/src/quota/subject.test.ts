import { describe, expect, test } from "vitest";
import { ipSubject } from "./subject";

describe("anonymous subjects", () => {
  test.each([
    ["203.0.113.7", "ip:203.0.113.7"],
    ["2001:db8:85a3:1234:5678:8a2e:370:7334", "ip:2001:db8:85a3:1234::/64"],
    ["2001:db8:85a3:1234::1", "ip:2001:db8:85a3:1234::/64"],
    ["2001:DB8:85A3:1234:ffff::", "ip:2001:db8:85a3:1234::/64"],
    ["2001:db8::1", "ip:2001:db8:0:0::/64"],
    ["::1", "ip:0:0:0:0::/64"],
    ["::ffff:203.0.113.7", "ip:203.0.113.7"],
    ["fe80::1%eth0", "ip:fe80:0:0:0::/64"],
    ["2001:db8:1:2:3:4:1.2.3.4", "ip:2001:db8:1:2::/64"],
  ])("%s is counted as %s", (ip, subject) => {
    expect(ipSubject(ip)).toBe(subject);
  });

  test("two addresses in one IPv6 /64 share a subject; the next /64 does not", () => {
    expect(ipSubject("2001:db8:0:1::a")).toBe(ipSubject("2001:db8:0:1:ffff:ffff:ffff:ffff"));
    expect(ipSubject("2001:db8:0:1::a")).not.toBe(ipSubject("2001:db8:0:2::a"));
  });

  test.each(["", "localhost", "256.1.1.1", "1.2.3", "2001:db8:::1", "12345::", "1.2.3.4/24", "::ffff:999.1.1.1"])(
    "%j is not an address",
    (ip) => {
      expect(ipSubject(ip)).toBeNull();
    },
  );
});
