// The client's types are those of the document the service serves: api-types.ts is regenerated and compared.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { API_TYPES_FILE, apiTypes } from "./generate-types";

test("api-types.ts is what openapi-typescript makes of /openapi.json today (else: npm run client:types)", async () => {
  expect(readFileSync(API_TYPES_FILE, "utf8") === (await apiTypes()), "run npm run client:types").toBe(true);
});
