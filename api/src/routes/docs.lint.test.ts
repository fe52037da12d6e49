// Redocly's recommended ruleset over the document the service serves: not one error or warning (issue 26).
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { expect, test } from "vitest";
import { testApp } from "../testing/test-app";

test("Redocly's recommended ruleset finds no problem in /openapi.json", async () => {
  const { call } = await testApp();
  const served = await call("GET", "/openapi.json", { token: null });
  const problems = await lintFromString({
    source: served.text,
    absoluteRef: "openapi.json",
    config: await createConfig({ extends: ["recommended"] }),
  });
  const described = problems.map(
    ({ severity, ruleId, message, location }) => `${severity} ${ruleId} at ${location[0]?.pointer}: ${message}`,
  );
  expect(described).toEqual([]);
});
