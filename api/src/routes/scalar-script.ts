// The API reference's script, read from node_modules on first use: the Node side of `#scalar-script`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

let script: string | undefined;

/** 3.5 MB that most processes never serve: read once, when first asked for. */
export const scalarScript = (): string =>
  (script ??= readFileSync(
    createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js"),
    "utf8",
  ));
