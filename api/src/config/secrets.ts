// Secrets and ids: random tokens shown once, kept only as SHA-256 hashes, compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

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

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Equal hex digests, compared in constant time. */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
