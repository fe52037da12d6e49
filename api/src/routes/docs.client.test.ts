// A client generated from the served /openapi.json, as a user's project makes one (openapi-typescript's types, used
// through openapi-fetch), type-checked under strict, exactOptionalPropertyTypes and NodeNext, then run against the
// real service: the types ask for no more than the service needs, and name what it answers (issue 26).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ServerProcess, startServer } from "../../dev/server-process";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../../..");
const ADMIN = "docs-client-test-admin-token";

// What a backend writes with the generated types: a plan, a customer and its key, a service token, and a check.
// Every body holds only what has no default, and the headers are read by the names the document declares.
const FLOW = `import createClient from "openapi-fetch";
import type { paths } from "./api.js";

/** The header names a response declares; a generated response also takes any other name, which keyof would hold. */
type Declared<Headers> = keyof { [K in keyof Headers as string extends K ? never : K]: Headers[K] };
type Check = paths["/v1/check"]["post"]["responses"];
export type CheckHeader = Declared<Check[200]["headers"]>;

const RATE_LIMIT: CheckHeader = "RateLimit";
const CHALLENGE: Declared<Check[401]["headers"]> = "WWW-Authenticate";

function ok<T>(data: T | undefined, response: Response): T {
  if (data === undefined) throw new Error(\`\${response.url}: \${response.status}\`);
  return data;
}

export async function flow(baseUrl: string, adminToken: string) {
  const admin = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${adminToken}\` } });
  const plan = await admin.POST("/v1/plans", { body: { id: "starter", name: "Starter", perDay: 1000 } });
  const { id: planId, perMinute, failMode } = ok(plan.data, plan.response);
  const customer = await admin.POST("/v1/customers", { body: { name: "Acme", planId } });
  const { id } = ok(customer.data, customer.response);
  const made = await admin.POST("/v1/customers/{id}/keys", { params: { path: { id } } });
  const { key } = ok(made.data, made.response);
  const token = await admin.POST("/v1/tokens", { body: { name: "backend" } });
  const service = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${ok(token.data, token.response).token}\` } });

  const checked = await service.POST("/v1/check", { body: { key } });
  const { allowed, remaining } = ok(checked.data, checked.response);
  const rateLimit: Check[200]["headers"][typeof RATE_LIMIT] = checked.response.headers.get(RATE_LIMIT) ?? "";

  const refused = await createClient<paths>({ baseUrl }).POST("/v1/check", { body: { key } });
  const challenge: Check[401]["headers"][typeof CHALLENGE] = refused.response.headers.get(CHALLENGE) ?? "";
  // A 429 is a 4xx too, whose body is a check's rather than the error envelope.
  const envelope = refused.error !== undefined && "error" in refused.error ? refused.error.error : undefined;
  return {
    plan: { perMinute, failMode },
    check: { status: checked.response.status, allowed, remaining, rateLimit },
    refused: { status: refused.response.status, code: envelope?.code, challenge },
  };
}
`;

// Lines the types must refuse, each on its own line so that tsc's report names it: a header no check answer declares,
// a plan without its name, a check that names no caller.
const WRONG = [
  'import createClient from "openapi-fetch";',
  'import type { paths } from "./api.js";',
  'import type { CheckHeader } from "./flow.js";',
  "const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:8787' });",
  'export const undeclared: CheckHeader = "X-Not-Sent";',
  'export const unnamed = () => client.POST("/v1/plans", { body: { id: "p", perDay: 1 } });',
  'export const nobody = () => client.POST("/v1/check", { body: { cost: 1 } });',
];
const WRONG_LINES = [5, 6, 7];

const RUN = `import { flow } from "./flow.ts";
console.log(JSON.stringify(await flow(process.env.BOUNCER_URL, process.env.BOUNCER_ADMIN_TOKEN)));
`;

let server: ServerProcess;
let project: string;
let tscReport: string;

beforeAll(async () => {
  const data = mkdtempSync(join(tmpdir(), "bouncer-docs-client-"));
  server = await startServer({ DATABASE_URL: `file:${join(data, "q.db")}`, ADMIN_TOKEN: ADMIN });
  const document = await (await fetch(`${server.url}/openapi.json`)).json();

  project = mkdtempSync(join(tmpdir(), "bouncer-generated-client-"));
  mkdirSync(join(project, "node_modules"));
  for (const dependency of ["openapi-fetch", "tsx"]) {
    symlinkSync(join(root, "node_modules", dependency), join(project, "node_modules", dependency), "dir");
  }
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "backend", private: true, type: "module" }));
  writeFileSync(join(project, "api.ts"), astToString(await openapiTS(document)));
  writeFileSync(join(project, "flow.ts"), FLOW);
  writeFileSync(join(project, "wrong.ts"), `${WRONG.join("\n")}\n`);
  writeFileSync(join(project, "run.mjs"), RUN);
  const compilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    module: "NodeNext",
    moduleResolution: "NodeNext",
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    types: [],
    noEmit: true,
    skipLibCheck: false,
  };
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["flow.ts", "wrong.ts"] }));
  const tsc = join(root, "node_modules/typescript/bin/tsc");
  tscReport = await run(process.execPath, [tsc, "-p", project], { cwd: project }).then(
    ({ stdout }) => stdout,
    (error: { stdout: string }) => error.stdout,
  );
}, 120_000);
afterAll(() => server?.kill());

/** tsc's errors, as "file(line)". */
const errors = () =>
  [...tscReport.matchAll(/^([\w./-]+)\((\d+),\d+\): error/gm)].map(([, file, line]) => `${file}(${line})`);

describe("a client generated from /openapi.json with openapi-typescript and openapi-fetch", () => {
  test("type-checks a flow whose bodies hold only what has no default, reading the check's RateLimit header", () => {
    expect(
      errors().filter((error) => !error.startsWith("wrong.ts")),
      tscReport,
    ).toEqual([]);
  });

  test("refuses, in the same program, an undeclared header, a plan without its name and a check with no caller", () => {
    expect(errors(), tscReport).toEqual(WRONG_LINES.map((line) => `wrong.ts(${line})`));
  });

  test("runs against the real service, which answers what the types say", async () => {
    const env = { ...process.env, BOUNCER_URL: server.url, BOUNCER_ADMIN_TOKEN: ADMIN };
    const { stdout } = await run(process.execPath, ["--import", "tsx", "run.mjs"], { cwd: project, env });
    expect(JSON.parse(stdout)).toEqual({
      plan: { perMinute: null, failMode: "open" },
      check: { status: 200, allowed: true, remaining: 999, rateLimit: expect.stringMatching(/^"day";r=999;t=\d+$/) },
      refused: { status: 401, code: "unauthorized", challenge: "Bearer" },
    });
  });
});
