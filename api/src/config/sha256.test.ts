// The Worker's SHA-256 in plain JavaScript gives node:crypto's digest for every string: keys and tokens are found by
// their digests, which the Node service wrote.
import { hash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { sha256 } from "./sha256.worker";

const node = (value: string) => hash("sha256", value, "hex");

describe("sha256 on the Worker", () => {
  test("the standard's examples, and every length around the 64-byte blocks' padding", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    for (let length = 0; length <= 300; length++) {
      const value = "qk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789".repeat(8).slice(0, length);
      expect(sha256(value), `length ${length}`).toBe(node(value));
    }
  });

  test("any string, as its UTF-8 bytes (lone surrogates as U+FFFD, as Node encodes them)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (value) => sha256(value) === node(value)),
      { numRuns: 5000 },
    );
    expect(sha256("\ud800")).toBe(node("\ud800"));
  });
});
