// Secrets and ids: random tokens shown once, kept only as SHA-256 hashes, compared in constant time.
import { hash, randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` base62 characters from the system's CSPRNG, without modulo bias. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: bytes above it would favour the first characters.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** An id such as `cus_7YqK2mP9xW4tLb3n`: 16 base62 characters (95 bits). */
export const newId = (prefix: string) => `${prefix}_${randomBase62(16)}`;

// 32 base62 characters carry 190 bits, well over the 128 the contract asks for.
const SECRET_LENGTH = 32;

/** A new secret with the prefix that says what it is (`qk_` keys, `qt_` tokens), and its hash. */
export function newSecret(prefix: "qk" | "qt") {
  const secret = `${prefix}_${randomBase62(SECRET_LENGTH)}`;
  return { secret, hash: sha256(secret), shown: secret.slice(0, prefix.length + 1 + 8) };
}

// The one-shot form: every check hashes its bearer and its key, and a Hash object per digest shows in profiles.
export const sha256 = (value: string) => hash("sha256", value, "hex");

/**
 * A key's SHA-256 as a string of its 32 bytes, one character each: what a million cached keys are found by, at 48
 * bytes a string where the hex digest takes 80.
 */
export const keyDigest = (key: string) => hash("sha256", key, "binary");

/**
 * `digest`, remembering its answer for the last `size` values it was given. Every check hashes its bearer and its
 * key, and most come with a bearer and a key seen moments before (a service's one token, a busy customer's key):
 * a SHA-256 costs a check about 1 µs on Node and 9 µs in workerd, whose node:crypto makes a stream per digest. A
 * value's digest never changes, so nothing remembered can go stale; what is kept is what each request carries anyway.
 */
export function remembered(digest: (value: string) => string, size: number): (value: string) => string {
  const known = new Map<string, string>();
  return (value) => {
    let found = known.get(value);
    if (found === undefined) {
      found = digest(value);
      // First in, first out: what is busy is asked for again at once.
      if (known.size >= size) known.delete(known.keys().next().value as string);
      known.set(value, found);
    }
    return found;
  };
}

/** The hex digest the database keeps, and the digest a cached key is found by, each from the other. */
export const digestOfHex = (hex: string) => Buffer.from(hex, "hex").toString("latin1");
export const hexOfDigest = (digest: string) => Buffer.from(digest, "latin1").toString("hex");

/** Equal hex digests, compared in constant time (every character is looked at, whatever differs). */
export function hashesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
