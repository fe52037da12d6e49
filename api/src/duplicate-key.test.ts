import { expect, test } from "vitest";
import { duplicateKey } from "./duplicate-key";

test("a key named twice in one object is found, however it is written and however deep", () => {
  expect(duplicateKey('{"name":"x","role":"service","role":"admin"}')).toBe("role");
  expect(duplicateKey('{"a":1,"\\u0061":2}')).toBe("a");
  expect(duplicateKey('{"resources":{"ai":{"perDay":1,"perDay":2}}}')).toBe("perDay");
  expect(duplicateKey('[{"a":1},{"b":[{"c":1,"c":2}]}]')).toBe("c");
});

test("the same key in different objects, and keys' words inside values, are no duplicates", () => {
  expect(duplicateKey('{"a":{"a":1},"b":{"a":2}}')).toBeNull();
  expect(duplicateKey('{"a":"\\"a\\":1,","b":["a","a"],"c":"{\\"a\\":1}"}')).toBeNull();
  expect(duplicateKey('{"a":[1,{"a":2}],"b":{}}')).toBeNull();
  expect(duplicateKey("{}")).toBeNull();
  expect(duplicateKey(`${"[".repeat(5000)}${"]".repeat(5000)}`)).toBeNull();
});
