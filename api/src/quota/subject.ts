// Whose counters a check touches: a customer by id, or anonymous traffic by IPv4 address or IPv6 /64 network.
import { isIPv4, isIPv6 } from "node:net";

export const customerSubject = (customerId: string) => customerId;

/** True for an address's subject (ipSubject), not a customer's. */
export const isAnonymous = (subject: string) => subject.startsWith("ip:");

/** `ip:<IPv4>` or `ip:<first 64 bits>::/64`; null when the text is not an IP address. */
export function ipSubject(ip: string): string | null {
  if (isIPv4(ip)) return `ip:${ip}`;
  if (!isIPv6(ip)) return null;
  const groups = expandIPv6(ip);
  // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `ip:${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `ip:${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, with `::` and an embedded IPv4 tail expanded. */
function expandIPv6(ip: string): number[] {
  let text = ip.split("%")[0] as string;
  const v4 = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16));
}
