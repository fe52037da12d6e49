// Writes api/client/api-types.ts: the API's types as openapi-typescript reads them from the service's own
// /openapi.json, so the published client carries plain types (no zod, no service code) that match the document.
// Run by `npm run client:types`; api-types.test.ts fails while the file is behind the document.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { testApp } from "../src/testing/test-app";

export const API_TYPES_FILE = resolve(import.meta.dirname, "api-types.ts");

const HEADER =
  "// Generated from the service's /openapi.json by `npm run client:types` (api/client/generate-types.ts): do not\n" +
  "// edit. api-types.test.ts fails while it is behind the document.\n";

/** The module's text for the document the service serves now. */
export async function apiTypes(): Promise<string> {
  const { app, client } = await testApp();
  const document = await (await app.request("/openapi.json")).json();
  client.close();
  return HEADER + astToString(await openapiTS(document, { exportType: true }));
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(API_TYPES_FILE, await apiTypes());
  console.log(`wrote ${API_TYPES_FILE}`);
}
