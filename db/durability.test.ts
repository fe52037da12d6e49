// The SQLite file in WAL mode survives kill -9 in the middle of a stream of writes: consistent, nothing acknowledged lost.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startServer } from "../api/dev/server-process";
import { createDb } from "./client";

const ADMIN = "durability-test-admin-token";

describe("durability", () => {
  test("kill -9 during a stream of writes loses nothing that was acknowledged", async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), "bouncer-durability-")), "quota.db")}`;
    const server = await startServer({ DATABASE_URL: url, ADMIN_TOKEN: ADMIN });
    const acknowledged: string[] = [];
    let failed = 0;
    // Four writers at once, until the process dies under them.
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        const id = `p${w}-${i}`;
        try {
          const res = await fetch(`${server.url}/v1/plans`, {
            method: "POST",
            headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
            body: JSON.stringify({ id, name: id, perMinute: i + 1 }),
          });
          if (res.status === 201) acknowledged.push(id);
        } catch {
          failed++;
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // Killed once more than twenty writes were acknowledged, however long a loaded machine takes to get there, with
    // all four writers in the middle of another (a server that died before is caught below).
    while (acknowledged.length <= 20 && failed === 0) await new Promise((r) => setTimeout(r, 10));
    await server.kill("SIGKILL");
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(failed).toBe(4);

    const { client } = await createDb({ url });
    expect((await client.execute("PRAGMA integrity_check")).rows[0]?.integrity_check).toBe("ok");
    const plans = new Set((await client.execute("SELECT id FROM plans")).rows.map((r) => r.id));
    const audited = new Set(
      (await client.execute("SELECT target FROM audit_log WHERE action = 'plan.create'")).rows.map((r) => r.target),
    );
    for (const id of acknowledged) {
      expect(plans.has(id), `plan ${id} was acknowledged`).toBe(true);
      expect(audited.has(id), `plan ${id} has its audit entry`).toBe(true);
    }
    // Every plan that exists was written with its audit entry, in one transaction.
    expect([...plans].every((id) => audited.has(id))).toBe(true);
    client.close();
  }, 60_000);
});
