// Bundles a serverless entry into one ES module beside the few files it reads at run time, for AWS Lambda and Vercel:
// the sources import each other without file extensions, which Node's own ESM loader refuses, so they cannot ship
// as they are.
import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";

export const root = resolve(import.meta.dirname, "../..");

export type BundleOptions = {
  /** The module to bundle, as esbuild takes it: a path, or source text whose imports resolve from the root. */
  entry: { path: string } | { source: string };
  /** The folder the function is made of: index.mjs and what it reads. Emptied first. */
  outdir: string;
};

/**
 * index.mjs, and beside it: the migrations (db/migrate.ts finds them next to itself, here the bundle), libSQL's
 * native driver for this machine's platform (a `file:` database needs it, and @libsql/client loads it for any URL),
 * the API reference's script (read from node_modules when /docs/scalar.js is first asked for) and the built UI
 * (served from web/dist under the working directory, which on Lambda and Vercel is the function's folder).
 */
export async function bundleServerless({ entry, outdir }: BundleOptions): Promise<{ bytes: number }> {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const file = join(outdir, "index.mjs");
  await build({
    ...("path" in entry
      ? { entryPoints: [entry.path] }
      : { stdin: { contents: entry.source, resolveDir: root, loader: "ts" } }),
    outfile: file,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // The Lua goes in as text, as on the Worker, rather than read from a lua/ folder the bundle has not got.
    loader: { ".lua": "text" },
    plugins: [
      {
        name: "lua-as-text",
        setup: (b) =>
          b.onResolve({ filter: /^#lua-sources$/ }, () => ({
            path: join(root, "api/src/quota/stores/lua-sources.worker.ts"),
          })),
      },
    ],
    // CommonJS dependencies call require(); an ES module has none unless it makes one.
    banner: {
      js: 'import { createRequire as bouncerRequire } from "node:module"; const require = bouncerRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  cpSync(join(root, "db/migrations"), join(outdir, "migrations"), { recursive: true });
  copyPackageFile(`@libsql/${libsqlPlatform()}/package.json`, outdir);
  copyPackageFile(`@libsql/${libsqlPlatform()}/index.node`, outdir);
  copyPackageFile("@scalar/api-reference/package.json", outdir);
  copyPackageFile("@scalar/api-reference/dist/browser/standalone.js", outdir);
  if (existsSync(join(root, "web/dist"))) cpSync(join(root, "web/dist"), join(outdir, "web/dist"), { recursive: true });
  return { bytes: statSync(file).size };
}

/** The name of libSQL's native package for this machine, as `libsql` itself picks it (glibc Linux on both clouds). */
function libsqlPlatform(): string {
  const abi = process.platform === "linux" ? "-gnu" : "";
  return `${process.platform}-${process.arch}${abi}`;
}

/** Copies one file of an installed package to the same place under `outdir`'s node_modules. */
function copyPackageFile(path: string, outdir: string): void {
  const [scope, name, ...rest] = path.split("/");
  const packageRoot = join(root, "node_modules", `${scope}/${name}`);
  const target = join(outdir, "node_modules", `${scope}/${name}`, ...rest);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(join(packageRoot, ...rest), target);
}

/** The Lambda function: index.mjs exports `handler` (hono/aws-lambda), so the handler setting is `index.handler`. */
export const bundleLambda = (outdir: string) =>
  bundleServerless({ entry: { path: join(root, "api/src/entry/lambda.ts") }, outdir });

/**
 * `output` in Vercel's Build Output API: one Node.js function (functions/index.func) that every path goes to, which
 * serves the UI as the Node server does, with the same headers. Vercel's Node.js launcher calls a function folder's
 * default export with Node's (req, res), so the bundle wraps the entry's fetch in @hono/node-server's listener.
 */
export async function bundleVercel(output: string) {
  rmSync(output, { recursive: true, force: true });
  const outdir = join(output, "functions/index.func");
  const source = [
    'import { getRequestListener } from "@hono/node-server";',
    'import vercel from "./api/src/entry/vercel";',
    "export default getRequestListener(vercel.fetch);",
  ].join("\n");
  const bundled = await bundleServerless({ entry: { source }, outdir });
  const functionConfig = {
    runtime: "nodejs22.x",
    handler: "index.mjs",
    launcherType: "Nodejs",
    shouldAddHelpers: false,
  };
  writeFileSync(join(outdir, ".vc-config.json"), `${JSON.stringify(functionConfig, null, 2)}\n`);
  mkdirSync(join(output, "static"), { recursive: true });
  writeFileSync(
    join(output, "config.json"),
    `${JSON.stringify({ version: 3, routes: [{ src: "/(.*)", dest: "/index" }] }, null, 2)}\n`,
  );
  return bundled;
}
