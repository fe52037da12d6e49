// The config store and another connection's write lock: a write waits for it, and a call that failed leaves no trace.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createDb } from "./client";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh file with one table, our client on it, and another connection to it, as another process would hold. */
async function twoConnections(lockWaitMs?: number) {
  const url = `file:${join(mkdtempSync(join(tmpdir(), "bouncer-busy-")), "quota.db")}`;
  const ours = await createDb({ url, lockWaitMs });
  await ours.client.execute("CREATE TABLE notes (text TEXT NOT NULL)");
  const other = createClient({ url });
  /** Takes the write lock, writes `text`, and commits after `ms`. */
  async function holdLock(ms: number, text: string) {
    const tx = await other.transaction("write");
    await tx.execute({ sql: "INSERT INTO notes VALUES (?)", args: [text] });
    await sleep(ms);
    await tx.commit();
  }
  const notes = async () =>
    (await ours.client.execute("SELECT text FROM notes ORDER BY rowid")).rows.map((r) => r.text);
  return { ...ours, other, holdLock, notes };
}

describe("the config store under another connection's write lock", () => {
  test("a write waits for a lock held 2 s and then commits, and the process goes on meanwhile", async () => {
    const { db, client, other, holdLock, notes } = await twoConnections();
    const held = holdLock(2000, "theirs");
    await sleep(50);
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 50);
    const started = Date.now();
    await db.batch([
      db.run(sql`INSERT INTO notes VALUES ('ours')`),
      db.run(sql`INSERT INTO notes VALUES ('ours too')`),
    ]);
    clearInterval(ticking);
    await held;
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(await notes()).toEqual(["theirs", "ours", "ours too"]);
    // While it waited, timers kept firing: the wait did not stop the process (about 38 ticks; stalled, 0 or 1).
    expect(ticks).toBeGreaterThan(5);
    client.close();
    other.close();
  }, 30_000);

  test("after a write fails on a lock held too long, the next read sees every committed row and the next write commits", async () => {
    const { db, client, other, holdLock, notes } = await twoConnections(200);
    const held = holdLock(1000, "theirs");
    await sleep(50);
    await expect(db.batch([db.run(sql`INSERT INTO notes VALUES ('lost')`)])).rejects.toMatchObject({
      code: "SQLITE_BUSY",
    });
    await held;
    expect(await notes()).toEqual(["theirs"]);
    await db.batch([db.run(sql`INSERT INTO notes VALUES ('ours')`)]);
    await other.execute("INSERT INTO notes VALUES ('theirs again')");
    expect(await notes()).toEqual(["theirs", "ours", "theirs again"]);
    client.close();
    other.close();
  }, 30_000);
});

describe("a transaction on the config store's one connection", () => {
  test("waits for another connection's lock, and the calls made meanwhile run after it ends, seeing what it wrote", async () => {
    const { client, other, holdLock, notes } = await twoConnections();
    const held = holdLock(500, "theirs");
    await sleep(50);
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO notes VALUES ('ours')");
    const meanwhile = notes();
    await sleep(100);
    await tx.commit();
    expect(await meanwhile).toEqual(["theirs", "ours"]);
    await held;
    client.close();
    other.close();
  }, 30_000);
});
