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
  /** Takes the write lock and writes `text`; the lock is held until the test commits. */
  async function lock(text: string) {
    const tx = await other.transaction("write");
    await tx.execute({ sql: "INSERT INTO notes VALUES (?)", args: [text] });
    return tx;
  }
  const notes = async () =>
    (await ours.client.execute("SELECT text FROM notes ORDER BY rowid")).rows.map((r) => r.text);
  return { ...ours, other, lock, notes };
}

describe("the config store under another connection's write lock", () => {
  test("a write waits for a lock held past SQLite's own wait and then commits, and the process goes on meanwhile", async () => {
    const { db, client, other, lock, notes } = await twoConnections();
    const theirs = await lock("theirs");
    let settled = false;
    const ours = db
      .batch([db.run(sql`INSERT INTO notes VALUES ('ours')`), db.run(sql`INSERT INTO notes VALUES ('ours too')`)])
      .finally(() => {
        settled = true;
      });
    // Ten of the test's own timers fire while the write waits: the wait did not stop the process, and outlasts
    // SQLite's in-call wait (20 ms), after which a write that only waited there would have failed.
    for (let i = 0; i < 10; i++) {
      await sleep(50);
      expect(settled).toBe(false);
    }
    await theirs.commit();
    await ours;
    expect(await notes()).toEqual(["theirs", "ours", "ours too"]);
    client.close();
    other.close();
  }, 30_000);

  test("after a write fails on a lock held too long, the next read sees every committed row and the next write commits", async () => {
    const { db, client, other, lock, notes } = await twoConnections(200);
    const theirs = await lock("theirs");
    await expect(db.batch([db.run(sql`INSERT INTO notes VALUES ('lost')`)])).rejects.toMatchObject({
      code: "SQLITE_BUSY",
    });
    await theirs.commit();
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
    const { client, other, lock, notes } = await twoConnections();
    const theirs = await lock("theirs");
    const begun = client.transaction("write");
    await sleep(50);
    await theirs.commit();
    const tx = await begun;
    await tx.execute("INSERT INTO notes VALUES ('ours')");
    const meanwhile = notes();
    await sleep(100);
    await tx.commit();
    expect(await meanwhile).toEqual(["theirs", "ours"]);
    client.close();
    other.close();
  }, 30_000);
});
