// Test tooling, loaded with --import after tsx: counts, by the line that made it, each closure of ours that is given
// its name as it is made. tsx builds with esbuild's keepNames, which wraps every closure bound to a name in a call
// that defines its `name` property (Object.defineProperty); one made on every check cost the check 6-12 % more CPU.
// SIGUSR2 writes the counts so far to stderr as one line: `closure-names {"file:line": n, …}`.
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const defineProperty = Object.defineProperty;
const counts: Record<string, number> = {};

Object.defineProperty = function named<T>(target: T, key: PropertyKey, descriptor: PropertyDescriptor): T {
  if (key === "name" && typeof target === "function") {
    // Frames: this function, the module's __name helper, then the line that made the closure.
    const site = new Error().stack?.split("\n")[3] ?? "";
    const at = site.match(/\((.*):(\d+):\d+\)$/) ?? site.match(/at (.*):(\d+):\d+$/);
    if (at?.[1]?.includes(root) && !at[1].includes("node_modules")) {
      const where = `${at[1].replace(/^file:\/\//, "").slice(root.length)}:${at[2]}`;
      counts[where] = (counts[where] ?? 0) + 1;
    }
  }
  return defineProperty(target, key, descriptor);
};

process.on("SIGUSR2", () => {
  process.stderr.write(`closure-names ${JSON.stringify(counts)}\n`);
});
