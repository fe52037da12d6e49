// `npm run build:worker`: bundles the Worker as `wrangler deploy` would (--dry-run, into dist/worker) and prints the
// size of what would be uploaded: the script and its text modules, raw and gzipped (the free plan's limit is 3 MiB).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { prepareWorkerAssets, root } from "./worker-assets";

const outdir = resolve(root, "dist/worker");

prepareWorkerAssets();
rmSync(outdir, { recursive: true, force: true });
const built = spawnSync(resolve(root, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
});
if (built.status !== 0) process.exit(built.status ?? 1);

const modules = readdirSync(outdir).filter((name) => !name.endsWith(".map") && name !== "README.md");
let raw = 0;
let gzip = 0;
for (const name of modules) {
  const bytes = readFileSync(join(outdir, name));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`worker bundle: ${kib(raw)} raw, ${kib(gzip)} gzip (${modules.length} modules in dist/worker)`);
