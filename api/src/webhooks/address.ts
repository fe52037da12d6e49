// Which IP addresses a webhook may be sent to: public ones, loopback (for local development, as the contract allows),
// and private or link-local ones only when WEBHOOK_ALLOW_PRIVATE=1, so that an admin's URL cannot reach into the
// network the service runs in.

export type AddressKind = "public" | "loopback" | "private";

/** An IPv4 address in dotted form as a number, or null. */
function ipv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** An IPv6 address as its 8 groups, or null; an embedded IPv4 tail counts as two groups. */
function ipv6(text: string): number[] | null {
  if (!text.includes(":")) return null;
  const [head = "", tail, more] = text.split("::");
  if (more !== undefined) return null;
  const groups = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      const v4 = i === pieces.length - 1 ? ipv4(piece) : null;
      if (v4 !== null) out.push(Math.floor(v4 / 65536), v4 % 65536);
      else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(Number.parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  if (!front || !back) return null;
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...front, ...Array<number>(missing).fill(0), ...back];
}

const inV4 = (address: number, base: string, bits: number) =>
  Math.floor(address / 2 ** (32 - bits)) === Math.floor((ipv4(base) as number) / 2 ** (32 - bits));

// Private (RFC 1918, shared 100.64/10), link-local, "this network", benchmarking, multicast and reserved: nothing
// that a public receiver has.
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
];

function kindOfV4(address: number): AddressKind {
  if (inV4(address, "127.0.0.0", 8)) return "loopback";
  return PRIVATE_V4.some(([base, bits]) => inV4(address, base, bits)) ? "private" : "public";
}

/** What an IP literal is, or null when the text is no IP address. Brackets around IPv6 are allowed. */
export function addressKind(text: string): AddressKind | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const v4 = ipv4(bare);
  if (v4 !== null) return kindOfV4(v4);
  const g = ipv6(bare.split("%")[0] ?? "");
  if (!g) return null;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g6 = 0, h = 0] = g;
  const zeros = a === 0 && b === 0 && c === 0 && d === 0 && e === 0;
  if (zeros && f === 0 && g6 === 0 && h === 1) return "loopback";
  if (zeros && f === 0 && g6 === 0 && h === 0) return "private";
  // An IPv4 address inside an IPv6 one (mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16)
  // reaches what the IPv4 address does.
  if (zeros && (f === 0xffff || f === 0)) return kindOfV4(g6 * 65536 + h);
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return kindOfV4(g6 * 65536 + h);
  if (a === 0x2002) return kindOfV4(b * 65536 + c);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  if ((a & 0xfe00) === 0xfc00 || (a & 0xffc0) === 0xfe80 || (a & 0xff00) === 0xff00) return "private";
  return "public";
}
