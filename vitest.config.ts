import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["api/**/*.test.ts", "db/**/*.test.ts", "bench/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
