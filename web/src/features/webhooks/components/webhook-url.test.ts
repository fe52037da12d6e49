// An endpoint's URL follows the API's rule: https, or http to this machine for local development.
import { expect, test } from "vitest";
import { webhookUrlError } from "./webhook-url";

test("https anywhere, and http only to a loopback address, are taken", () => {
  expect(webhookUrlError("https://billing.example.com/hooks")).toBeUndefined();
  expect(webhookUrlError("  https://billing.example.com/hooks  ")).toBeUndefined();
  for (const url of [
    "http://127.0.0.1:4000/hooks",
    "http://localhost/hooks",
    "http://app.localhost/",
    "http://[::1]:8080/",
  ]) {
    expect(webhookUrlError(url)).toBeUndefined();
  }
});

test("an empty URL, text that is no URL, http elsewhere and other schemes are refused in words", () => {
  expect(webhookUrlError("")).toBe("Give the URL events are sent to");
  expect(webhookUrlError("billing.example.com/hooks")).toBe(
    "Give a whole URL, such as https://billing.example.com/hooks",
  );
  const rule = "Use https://, or http:// to this machine (127.0.0.1, localhost) for local development";
  expect(webhookUrlError("http://billing.example.com/hooks")).toBe(rule);
  expect(webhookUrlError("ftp://127.0.0.1/hooks")).toBe(rule);
  expect(webhookUrlError("https://user:pw@billing.example.com/hooks")).toBe(
    "Leave the user name and password out: the signature proves the sender",
  );
  expect(webhookUrlError(`https://billing.example.com/${"x".repeat(2048)}`)).toBe("Use at most 2,048 characters");
});
