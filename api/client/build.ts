// `npm run build:client`: bundles api/client into the bouncer-client package (tsdown.config.ts) and packs it into
// dist/, printing the tarball's path as its last line, ready for `npm install <path>` in any other project.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "tsdown";

const here = import.meta.dirname;
const destination = resolve(here, "../../dist");

/** Builds and packs the package; the tarball's absolute path. */
export async function buildClient(): Promise<string> {
  await build({ config: join(here, "tsdown.config.ts"), cwd: here, logLevel: "warn" });
  mkdirSync(destination, { recursive: true });
  const packed = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], {
    cwd: here,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
  return join(destination, filename);
}

if (process.argv[1] === import.meta.filename) console.log(await buildClient());
