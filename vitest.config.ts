// Vitest: the API, database and bench tests run in node; the web UI's component tests pick jsdom per file.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["api/**/*.test.ts", "db/**/*.test.ts", "bench/**/*.test.ts", "web/src/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
