// How `npm run build:client` bundles the client into bouncer-client: ES modules and CommonJS with their type
// declarations, for every runtime (no Node built-ins), with Hono left to the backend that uses the middleware.
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: { index: "index.ts", hono: "middleware.ts" },
  format: ["esm", "cjs"],
  dts: true,
  platform: "neutral",
  target: "es2022",
  outDir: "dist",
  clean: true,
  // Declarations take most of the two seconds; rolldown's note saying so on every build is noise.
  inputOptions: { checks: { pluginTimings: false } },
});
