import { expect, test } from "vitest";
import { redact } from "./redact";

test("a URL's credentials never reach a log line: user info, and a token in its query, wherever the URL stands", () => {
  expect(redact("redis://default:s3cret@127.0.0.1:6379/0")).toBe("redis://127.0.0.1:6379/0");
  expect(redact("libsql://db.example.turso.io?authToken=s3cret")).toBe("libsql://db.example.turso.io?authToken=…");
  expect(redact("http://127.0.0.1:8080/?x=1&auth_token=s3cret&y=2")).toBe(
    "http://127.0.0.1:8080/?x=1&auth_token=…&y=2",
  );
  // A driver's words that repeat the URL.
  expect(redact("cannot be constructed from https://u:s3cret@db.example/v2/pipeline: refused")).toBe(
    "cannot be constructed from https://db.example/v2/pipeline: refused",
  );
  expect(redact("file:data/quota.db")).toBe("file:data/quota.db");
});
