import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { freePort } from "./redis-server";
import { startServer } from "./server-process";

test("a server whose port was taken between its pick and its listen is started again on another", async () => {
  const held = await new Promise<Server>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => resolve(server));
  });
  const taken = (held.address() as AddressInfo).port;
  const dir = mkdtempSync(join(tmpdir(), "bouncer-port-"));
  let picks = 0;
  const server = await startServer(
    { DATABASE_URL: `file:${join(dir, "b.db")}`, ADMIN_TOKEN: "port-test-admin-token" },
    { pickPort: () => (picks++ === 0 ? Promise.resolve(taken) : freePort()) },
  );
  try {
    expect(picks).toBe(2);
    expect(new URL(server.url).port).not.toBe(String(taken));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await server.kill();
    held.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
