// Reads through kept statements answer exactly as the driver does, see every write made before them, and prepare a
// statement once however often it runs.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { expect, test } from "vitest";
import { CachedReads, isCachedRead } from "./cached-reads";
import { LocalClient } from "./local-client";

const fileOf = () => join(mkdtempSync(join(tmpdir(), "bouncer-reads-")), "quota.db");

/** A row as drizzle reads it: by index, and by its enumerable column names. */
const seen = (row: ArrayLike<unknown>) => ({ byIndex: Array.from(row), byName: { ...row } });

test("rows, integers and blobs read as the driver reads them, and a statement is prepared once", async () => {
  const path = fileOf();
  const driver = createClient({ url: `file:${path}` });
  await driver.executeMultiple(`
    CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER, big INTEGER, x REAL, b BLOB, j TEXT, z);
    INSERT INTO t VALUES ('a', 42, 9007199254740991, 1.5, x'0102', '{"k":1}', NULL);
    INSERT INTO t VALUES ('b', -7, 0, 0.25, x'', '[]', 'text');`);
  const reads = new CachedReads(path, 20);
  const query = { sql: "SELECT id, n, big, x, b, j, z, n + 1 AS next FROM t WHERE n > ? ORDER BY id", args: [-100] };
  const ours = reads.execute(query);
  const theirs = await driver.execute(query);
  expect(ours.columns).toEqual(theirs.columns);
  expect(ours.rows.map(seen)).toEqual(theirs.rows.map(seen));
  for (let i = 0; i < 10; i++) reads.execute({ ...query, args: [i] });
  expect(reads.statements).toBe(1);

  // Past what a number holds exactly, both refuse rather than round.
  await driver.execute("INSERT INTO t (id, n) VALUES ('c', 9007199254740993)");
  const tooBig = { sql: "SELECT n FROM t WHERE id = ?", args: ["c"] };
  await expect(driver.execute(tooBig)).rejects.toThrow(RangeError);
  expect(() => reads.execute(tooBig)).toThrow(RangeError);
  reads.reset();
  driver.close();
});

test("a read of one row at most (LIMIT 1, or LIMIT ? with 1) answers as the driver, row or none", async () => {
  const path = fileOf();
  const driver = createClient({ url: `file:${path}` });
  await driver.executeMultiple(`
    CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER);
    INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 3);`);
  const reads = new CachedReads(path, 20);
  for (const query of [
    { sql: "SELECT id, n FROM t WHERE n > ? ORDER BY id LIMIT ?", args: [0, 1] },
    { sql: "SELECT id, n FROM t WHERE n > ? ORDER BY id LIMIT ?", args: [0, 2] },
    { sql: "SELECT id, n FROM t WHERE n > ? ORDER BY id LIMIT ?", args: [5, 1] },
    { sql: "SELECT id, n FROM t WHERE id = ? limit 1", args: ["b"] },
    { sql: "SELECT id, n FROM t WHERE id = ? LIMIT 1", args: ["z"] },
  ]) {
    expect(reads.execute(query).rows.map(seen), query.sql).toEqual((await driver.execute(query)).rows.map(seen));
  }
  reads.reset();
  driver.close();
});

// The driver's row iterator is freed only by a finalizer after a major GC: 50,000 reads through it, one after another
// as a cold server's first checks come, held about 50 MiB. A read of one row at most makes none.
test("reads of one row at most, many in a row, do not grow the process", async () => {
  const path = fileOf();
  const driver = createClient({ url: `file:${path}` });
  await driver.executeMultiple("CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER); INSERT INTO t VALUES ('a', 1);");
  const reads = new CachedReads(path, 20);
  const query = { sql: "SELECT id, n FROM t WHERE id = ? LIMIT ?", args: ["a", 1] };
  for (let i = 0; i < 1000; i++) reads.execute(query);
  const before = process.memoryUsage.rss();
  for (let i = 0; i < 50_000; i++) reads.execute(query);
  expect(process.memoryUsage.rss() - before).toBeLessThan(20 * 1024 * 1024);
  expect(reads.execute(query).rows.map(seen)).toEqual([{ byIndex: ["a", 1], byName: { id: "a", n: 1 } }]);
  reads.reset();
  driver.close();
});

test("only SELECTs with positional arguments go through kept statements", () => {
  expect(isCachedRead({ sql: "select 1", args: [] })).toBe(true);
  expect(isCachedRead({ sql: "  SELECT id FROM t WHERE id = ?", args: ["a"] })).toBe(true);
  expect(isCachedRead("SELECT 1")).toBe(false);
  expect(isCachedRead({ sql: "SELECT :id", args: { id: "a" } })).toBe(false);
  expect(isCachedRead({ sql: "INSERT INTO t SELECT 1", args: [] })).toBe(false);
  expect(isCachedRead({ sql: "UPDATE t SET n = 1 RETURNING (SELECT 1)", args: [] })).toBe(false);
});

test("through the local client, a read sees every write made before it, whichever connection made it", async () => {
  const path = fileOf();
  const client = new LocalClient(`file:${path}`, { lockWaitMs: 1000, path });
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER)");
  const read = () => client.execute({ sql: "SELECT n FROM t WHERE id = ?", args: ["a"] });
  expect((await read()).rows).toEqual([]);
  // Not awaited in between: calls take their turns in order.
  const write = client.execute({ sql: "INSERT INTO t VALUES (?, ?)", args: ["a", 1] });
  const after = read();
  await write;
  expect((await after).rows.map((row) => row.n)).toEqual([1]);
  // Another process's connection.
  const other = createClient({ url: `file:${path}` });
  await other.execute("UPDATE t SET n = 2 WHERE id = 'a'");
  expect((await read()).rows.map((row) => row.n)).toEqual([2]);
  other.close();
  client.close();
  await expect(read()).rejects.toThrow(/closed/i);
});
