import { describe, expect, test } from "vitest";
import { keyDigest, remembered, sha256 } from "./secrets";

describe("remembered digests", () => {
  test("answer what the digest answers, and work each value out once while it is among the last remembered", () => {
    const asked: string[] = [];
    const digest = remembered((value) => {
      asked.push(value);
      return sha256(value);
    }, 2);
    expect(digest("qt_a")).toBe(sha256("qt_a"));
    expect(digest("qt_b")).toBe(sha256("qt_b"));
    expect(digest("qt_a")).toBe(sha256("qt_a"));
    expect(asked).toEqual(["qt_a", "qt_b"]);
    // A third value makes the first one remembered go: it is worked out again, the second is still known.
    expect(digest("qt_c")).toBe(sha256("qt_c"));
    expect(digest("qt_b")).toBe(sha256("qt_b"));
    expect(digest("qt_a")).toBe(sha256("qt_a"));
    expect(asked).toEqual(["qt_a", "qt_b", "qt_c", "qt_a"]);
  });

  test("keep no more than their size, whatever comes", () => {
    let calls = 0;
    const digest = remembered((value) => {
      calls++;
      return keyDigest(value);
    }, 100);
    for (let i = 0; i < 1000; i++) expect(digest(`qk_${i}`)).toBe(keyDigest(`qk_${i}`));
    // The last hundred are known, the one before them is not.
    for (let i = 900; i < 1000; i++) digest(`qk_${i}`);
    expect(calls).toBe(1000);
    digest("qk_899");
    expect(calls).toBe(1001);
  });
});
