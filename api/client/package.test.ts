// The built bouncer-client as another team meets it: its tarball installed into a new project outside this repository,
// run by plain node (import and require) against the real service, and type-checked by tsc under NodeNext and
// Bundler with strict and exactOptionalPropertyTypes.
import { execFile } from "node:child_process";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildClient } from "./build";
import { type Bouncer, startBouncer } from "./testing/bouncer";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const tsc = join(root, "node_modules/typescript/bin/tsc");

let bouncer: Bouncer;
let project: string;
let env: Record<string, string>;

// What a backend writes with the package: a check, a reservation settled, and a Hono app behind the middleware. The
// same lines are run as ES modules and as CommonJS, and the TypeScript one is type-checked.
const esm = `
import { createClient, BouncerError } from "bouncer-client";
import { rateLimit } from "bouncer-client/hono";
import { Hono } from "hono";
const client = createClient({ baseUrl: process.env.BOUNCER_URL, token: process.env.BOUNCER_TOKEN });
const check = await client.check({ key: process.env.CUSTOMER_KEY });
const app = new Hono().use(rateLimit({ client })).get("/", (c) => c.text("served"));
const res = await app.request("/", { headers: { "x-api-key": process.env.CUSTOMER_KEY } });
const reserved = await client.reserve({ key: process.env.CUSTOMER_KEY, cost: 2 });
const settled = await client.settle(reserved.body.lease.id, 1);
const again = await client.settle(reserved.body.lease.id, 1);
const released = await client.release(reserved.body.lease.id);
const leases = [reserved.outcome, settled.outcome, again.outcome, released.outcome];
console.log(JSON.stringify({ check, status: res.status, limit: res.headers.get("x-ratelimit-limit"), error: typeof BouncerError, leases }));
`;
const cjs = `
const { createClient } = require("bouncer-client");
const { rateLimit, QUOTA_EXCEEDED } = require("bouncer-client/hono");
const client = createClient({ baseUrl: process.env.BOUNCER_URL, token: process.env.BOUNCER_TOKEN });
client.check({ key: process.env.CUSTOMER_KEY }).then((check) =>
  console.log(JSON.stringify({ check, middleware: typeof rateLimit, problem: QUOTA_EXCEEDED, settle: typeof client.settle })),
);
`;
const typed = `
import {
  type CheckResult,
  createClient,
  type Lease,
  type LimitName,
  type Plan,
  type ReleaseResult,
  type SettleResult,
} from "bouncer-client";
import { rateLimit } from "bouncer-client/hono";
import { Hono } from "hono";

const client = createClient({ baseUrl: "http://127.0.0.1:8787", token: "qt_…", timeoutMs: 300 });
const maybe: string | undefined = undefined;
export async function handle(key: string): Promise<number | null> {
  const result: CheckResult = await client.check({ key, resource: maybe });
  switch (result.outcome) {
    case "allowed":
    case "denied": {
      const name: LimitName = result.body.limits[0]?.name ?? "burst";
      return name.length + result.body.remaining + (result.body.retryAfter ?? 0);
    }
    case "store_unavailable":
      return result.retryAfter;
    case "unknown_key":
      return null;
  }
}
export const perDay = (plan: Plan): number | null => plan.perDay;
export const app = new Hono().use("/api/*", rateLimit({ client, failMode: "closed", cost: () => 2, resource: maybe }));

// Leases: reserve a prompt's maximum tokens, settle the tokens used; a lease held for a request in flight.
export async function generate(key: string, maxTokens: number): Promise<number | null> {
  const reserved = await client.reserve({ key, cost: maxTokens, resource: maybe, leaseSeconds: 120 });
  if (reserved.outcome !== "allowed") return null;
  const lease: Lease | undefined = reserved.body.lease;
  if (!lease) return 0;
  const settled: SettleResult = await client.settle(lease.id, 734);
  if (settled.outcome === "conflict") {
    const released: ReleaseResult = await client.release(lease.id);
    return released.outcome === "released" ? released.body.limits.length : released.message.length;
  }
  const inFlight: LimitName = "concurrent";
  return settled.body.limits.find((l) => l.name === inFlight)?.remaining ?? lease.expiresAt;
}
export const held = (key: string) => client.check({ key, reserve: false, leaseSeconds: maybe === undefined ? 30 : undefined });
export const llm = new Hono<{ Variables: { tokensUsed: number } }>()
  .use("/chat", rateLimit({ client, cost: async (c) => (await c.req.json<{ max_tokens: number }>()).max_tokens, settle: { header: "x-tokens-used" }, leaseSeconds: 120 }))
  .use("/complete", rateLimit({ client, cost: () => 4000, settle: (c) => c.get("tokensUsed") }));
`;
// Misuses of the lease API, one a line: each must be an error.
const wrongLeaseLines = [
  `export const w1 = (r: SettleResult) => (r.outcome === "conflict" ? r.body : null);`,
  `export const w2 = () => client.reserve({ key: "k" });`,
  `export const w3 = () => client.settle("ls_x", "734");`,
  `export const w4 = (r: ReleaseResult): "released" | "gone" => r.outcome;`,
  `export const w5 = rateLimit({ client, settle: { headers: "x-tokens-used" } });`,
  `export const w6 = () => client.check({ key: "k", reserve: "yes" });`,
  `export const w7: LimitName = "concurrency";`,
  `export const w8 = rateLimit({ client, leaseSeconds: "60" });`,
];
// A program that loads the package both ways (its client imported, the middleware required, as a bundler or a
// dependency may resolve them): two copies of the error classes, which must still know each other's errors.
const mixed = `
import { createRequire } from "node:module";
import { createClient, BouncerError as ImportedError } from "bouncer-client";
import { Hono } from "hono";
const required = createRequire(import.meta.url)("bouncer-client");
const { rateLimit } = createRequire(import.meta.url)("bouncer-client/hono");
const unreachable = createClient({ baseUrl: "http://127.0.0.1:9", token: "qt_x", timeoutMs: 2000 });
const refused = createClient({ baseUrl: process.env.BOUNCER_URL, token: "qt_wrong" });
const logged = [];
const app = new Hono()
  .use("/open", rateLimit({ client: unreachable }))
  .use("/refused", rateLimit({ client: refused, onError: (error) => logged.push(error.code) }))
  .all("*", (c) => c.text("served"));
const headers = { "x-api-key": process.env.CUSTOMER_KEY };
const open = await app.request("/open", { headers });
const wrong = await app.request("/refused", { headers });
const thrown = await refused.usage("cus_nobody").catch((e) => e);
console.log(JSON.stringify({
  open: [open.status, await open.text()],
  refused: [wrong.status, logged],
  instanceOf: [thrown instanceof required.BouncerError, thrown instanceof ImportedError, thrown instanceof required.BouncerUnavailable],
}));
`;
// A Worker of the backend's, bundled as wrangler would, that checks through a Service Binding to Bouncer.
const worker = `
import { createClient } from "bouncer-client";
export default {
  async fetch(request, env) {
    const bouncer = createClient({ baseUrl: "https://bouncer", token: env.BOUNCER_TOKEN, fetch: env.BOUNCER.fetch.bind(env.BOUNCER) });
    const result = await bouncer.check({ key: request.headers.get("x-api-key") ?? "" });
    return Response.json(result);
  },
};
`;
// TypeScript's older "node" resolution (node10) reads no exports map: package.json's typesVersions leads it to hono.
const typedNode10 = `
import { createClient } from "bouncer-client";
import { rateLimit } from "bouncer-client/hono";
export const middleware = rateLimit({ client: createClient({ baseUrl: "http://127.0.0.1:8787", token: "t" }) });
`;
const typedCjs = `
import bouncer = require("bouncer-client");
export const client: bouncer.BouncerClient = bouncer.createClient({ baseUrl: "http://127.0.0.1:8787", token: "t" });
`;

async function node(file: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, [file], { cwd: project, env: { ...process.env, ...env } });
  return JSON.parse(stdout);
}

async function typeCheck(options: Record<string, unknown>, files: string[]): Promise<string> {
  const config = join(project, `tsconfig.${options.moduleResolution}.json`);
  const compilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    skipLibCheck: false,
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    types: [],
    ...options,
  };
  writeFileSync(config, JSON.stringify({ compilerOptions, files }));
  try {
    const { stdout } = await run(process.execPath, [tsc, "-p", config], { cwd: project });
    return stdout;
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

beforeAll(async () => {
  const [tarball, started] = await Promise.all([buildClient(), startBouncer()]);
  bouncer = started;
  project = mkdtempSync(join(tmpdir(), "bouncer-client-consumer-"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  await run("npm", ["install", tarball, "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: project });
  // The backend's own Hono, as the project would have it (the package leaves it a peer, not a dependency).
  symlinkSync(join(root, "node_modules/hono"), join(project, "node_modules/hono"), "dir");

  await bouncer.admin("POST", "/v1/plans", { id: "pro", name: "Pro", burst: 5, perMinute: 60 });
  env = {
    BOUNCER_URL: bouncer.url,
    BOUNCER_TOKEN: await bouncer.serviceToken(),
    CUSTOMER_KEY: (await bouncer.customer("pro")).key,
  };
  writeFileSync(join(project, "esm.mjs"), esm);
  writeFileSync(join(project, "cjs.cjs"), cjs);
  writeFileSync(join(project, "mixed.mjs"), mixed);
  writeFileSync(join(project, "typed.ts"), typed);
  writeFileSync(join(project, "typed-cjs.cts"), typedCjs);
  writeFileSync(join(project, "typed-node10.ts"), typedNode10);
}, 120_000);
afterAll(() => bouncer?.kill());

describe("bouncer-client from its tarball, in a project of its own", () => {
  test("plain node with import: a check, a reservation settled and the Hono middleware against the real service", async () => {
    expect(await node("esm.mjs")).toMatchObject({
      check: {
        outcome: "allowed",
        body: { allowed: true, limit: 5, remaining: 4 },
        headers: { "x-ratelimit-limit": "5" },
      },
      status: 200,
      limit: "5",
      error: "function",
      leases: ["allowed", "settled", "conflict", "ended"],
    });
  });

  test("plain node with require: the same package as CommonJS", async () => {
    expect(await node("cjs.cjs")).toMatchObject({
      check: { outcome: "allowed", body: { allowed: true, limit: 5 } },
      middleware: "function",
      problem: "https://iana.org/assignments/http-problem-types#quota-exceeded",
      settle: "function",
    });
  });

  // Found by an audit: each build carried its own error classes, so the required middleware took the imported client's
  // BouncerUnavailable for an unknown error (500 where its fail mode said serve), and its BouncerError skipped onError.
  test("imported and required together: the middleware knows the other build's errors, and so does instanceof", async () => {
    expect(await node("mixed.mjs")).toEqual({
      open: [200, "served"],
      refused: [500, ["unauthorized"]],
      instanceOf: [true, true, false],
    });
  });

  test("on workerd: a Worker bundled with the package checks through a Service Binding to the real service", async () => {
    writeFileSync(join(project, "worker.mjs"), worker);
    await build({
      entryPoints: [join(project, "worker.mjs")],
      outfile: join(project, "worker.bundle.mjs"),
      absWorkingDir: project,
      bundle: true,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "import"],
      logLevel: "silent",
    });
    const mf = new Miniflare({
      modules: true,
      scriptPath: join(project, "worker.bundle.mjs"),
      modulesRoot: project,
      compatibilityDate: "2026-04-24",
      bindings: { BOUNCER_TOKEN: env.BOUNCER_TOKEN as string },
      serviceBindings: { BOUNCER: { external: { address: new URL(bouncer.url).host, http: {} } } },
    });
    try {
      const allowed = await mf.dispatchFetch("http://backend/", {
        headers: { "x-api-key": env.CUSTOMER_KEY as string },
      });
      expect(await allowed.json()).toMatchObject({
        outcome: "allowed",
        body: { limit: 5 },
        headers: { "x-ratelimit-limit": "5" },
      });
      const unknown = await mf.dispatchFetch("http://backend/", { headers: { "x-api-key": "qk_nobody" } });
      expect(await unknown.json()).toEqual({ outcome: "unknown_key" });
    } finally {
      await mf.dispose();
    }
  });

  test("tsc --strict --exactOptionalPropertyTypes under NodeNext (ESM and CommonJS), Bundler and node10: no errors", async () => {
    expect(await typeCheck({ module: "NodeNext", moduleResolution: "NodeNext" }, ["typed.ts", "typed-cjs.cts"])).toBe(
      "",
    );
    expect(await typeCheck({ module: "ESNext", moduleResolution: "Bundler" }, ["typed.ts"])).toBe("");
    expect(await typeCheck({ module: "CommonJS", moduleResolution: "Node" }, ["typed-node10.ts"])).toBe("");
    // Three runs of tsc over Hono's types: seconds each, more on a loaded machine.
  }, 90_000);

  test("the types are checked for real: a wrong field is an error under both resolutions", async () => {
    writeFileSync(join(project, "wrong.ts"), `${typed}\nexport const wrong = (plan: Plan): string => plan.perDay;\n`);
    writeFileSync(join(project, "wrong-lease.ts"), [typed, ...wrongLeaseLines].join("\n"));
    const first = typed.split("\n").length + 1;
    const wrongLines = wrongLeaseLines.map((_, i) => first + i);
    for (const options of [
      { module: "NodeNext", moduleResolution: "NodeNext" },
      { module: "ESNext", moduleResolution: "Bundler" },
    ]) {
      const output = await typeCheck(options, ["wrong.ts", "wrong-lease.ts"]);
      expect(output).toMatch(/^wrong\.ts\(\d+,\d+\): error TS2322/m);
      // Every misuse of the lease API is an error, and nothing else in its file is.
      const errors = output.matchAll(/^wrong-lease\.ts\((\d+),\d+\): error/gm);
      expect([...new Set([...errors].map((m) => Number(m[1])))]).toEqual(wrongLines);
    }
    // Two runs of tsc over Hono's types: seconds each, more on a loaded machine.
  }, 90_000);
});
