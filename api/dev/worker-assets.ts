// The Worker's static assets: the built web UI (web/dist) plus the API reference's script, which Node serves from
// node_modules (routes/scalar-script.ts) but a Worker, which reads no files, serves as an asset.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../..");
const webRoot = resolve(root, "web/dist");

/**
 * Puts /docs/scalar.js beside the UI; fails with one line when the UI has not been built. A copy already there is left
 * alone: rewritten, it would make every running `wrangler dev` reload its Worker and cut its requests short.
 */
export function prepareWorkerAssets(): void {
  if (!existsSync(resolve(webRoot, "index.html"))) {
    throw new Error("web/dist is missing: run `npm run build:web` first");
  }
  mkdirSync(resolve(webRoot, "docs"), { recursive: true });
  const script = createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js");
  const target = resolve(webRoot, "docs/scalar.js");
  if (!existsSync(target) || !readFileSync(target).equals(readFileSync(script))) copyFileSync(script, target);
}
