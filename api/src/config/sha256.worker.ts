// SHA-256 of a string as hex, in plain JavaScript, for the Worker: workerd's node:crypto builds a stream-backed Hash
// object for every digest (hash() too), 3.1 µs each in a loop in workerd against 0.7 µs here, and a check makes two
// (its bearer and its key). Held to node:crypto's digests by sha256.test.ts.
// FIPS 180-4, section 6.2.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const W = new Int32Array(64);
const encoder = new TextEncoder();

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** The same digest as node:crypto's `hash("sha256", value, "hex")`: of the string's UTF-8 bytes, lowercase hex. */
export function sha256(value: string): string {
  // Keys and tokens are ASCII, whose characters are their UTF-8 bytes: read in place, with no bytes made.
  let bytes: Uint8Array | undefined;
  for (let i = 0; i < value.length; i++) {
    if (value.charCodeAt(i) > 0x7f) {
      bytes = encoder.encode(value);
      break;
    }
  }
  const length = bytes ? bytes.length : value.length;
  const byteAt = (i: number) =>
    i < length ? (bytes ? (bytes[i] as number) : value.charCodeAt(i)) : i === length ? 0x80 : 0;
  // The message, a 1 bit, zeros, and its length in bits as 64 bits big-endian, in whole blocks of 64 bytes.
  const blocks = (length + 72) >>> 6;
  const bits = length * 8;

  let h0 = 0x6a09e667;
  let h1 = 0xbb67ae85 | 0;
  let h2 = 0x3c6ef372;
  let h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f;
  let h5 = 0x9b05688c | 0;
  let h6 = 0x1f83d9ab;
  let h7 = 0x5be0cd19;
  for (let block = 0; block < blocks; block++) {
    const at = block * 64;
    for (let t = 0; t < 16; t++) {
      const i = at + t * 4;
      W[t] = (byteAt(i) << 24) | (byteAt(i + 1) << 16) | (byteAt(i + 2) << 8) | byteAt(i + 3);
    }
    if (block === blocks - 1) {
      W[14] = Math.floor(bits / 0x100000000);
      W[15] = bits | 0;
    }
    for (let t = 16; t < 64; t++) {
      const w15 = W[t - 15] as number;
      const w2 = W[t - 2] as number;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      W[t] = ((W[t - 16] as number) + s0 + (W[t - 7] as number) + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let h = h7;
    for (let t = 0; t < 64; t++) {
      const t1 =
        (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[t] as number) + (W[t] as number)) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  return hex(h0) + hex(h1) + hex(h2) + hex(h3) + hex(h4) + hex(h5) + hex(h6) + hex(h7);
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
const hex = (word: number) =>
  (HEX[word >>> 24] as string) +
  (HEX[(word >>> 16) & 0xff] as string) +
  (HEX[(word >>> 8) & 0xff] as string) +
  (HEX[word & 0xff] as string);
