// Playwright: builds the web UI, starts the real server on a spare port with a throwaway database, and drives
// Debian's Chromium against it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { ADMIN_TOKEN } from "./admin-token";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.E2E_PORT ?? 47329);
const baseURL = `http://127.0.0.1:${port}`;
// The config is read again in every worker; the variable makes them all agree on the one directory.
process.env.BOUNCER_E2E_DIR ??= mkdtempSync(join(tmpdir(), "bouncer-e2e-"));
const dataDir = process.env.BOUNCER_E2E_DIR;

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "test-output",
  globalTeardown: "./global-teardown.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
  webServer: {
    command: "npx vite build --logLevel warn && node --import tsx api/src/entry/node.ts",
    cwd: root,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dataDir, "quota.db")}`,
      ADMIN_TOKEN,
      COUNTER_STORE: "memory",
    },
  },
});
