// The scale scenario's customers written straight into the config store's SQLite file while no server has it open:
// through the admin API a million customers would take hours; here they take seconds, in large transactions of
// multi-row INSERTs, each row what the service itself writes for a customer made with one key.
import { statSync } from "node:fs";
import type { InValue } from "@libsql/client";
import { getTableColumns, getTableName, type InferInsertModel } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import Database from "libsql";
import { searchPrefixes } from "../../api/src/config/customer-search";
import { localPath } from "../../db/client";
import { apiKeys, customerPrefixes, customers } from "../../db/schema";
import { type SeededCustomer, seededCustomer } from "./customers";

type SeededTable = { table: SQLiteTable; rows(customer: SeededCustomer, planId: string): Record<string, unknown>[] };

/** A table and the rows of one customer in it, typed by the table's own insert model. */
const seeded = <T extends SQLiteTable>(
  table: T,
  rows: (customer: SeededCustomer, planId: string) => InferInsertModel<T>[],
): SeededTable => ({ table, rows });

/**
 * Every row the service writes for a customer made with one key, table by table: the one place to extend when the
 * service keeps more of a customer (a table of search prefixes, say), so that seeded customers stay what the API would
 * have made. Left out: the audit log's two entries per customer (`customer.create`, `key.create`), which nothing
 * measured reads (a server's change watcher reads only the newest entry's number).
 */
export const SEEDED_TABLES: SeededTable[] = [
  seeded(customers, (c, planId) => [
    {
      id: c.id,
      name: c.name,
      planId,
      billingDay: null,
      overrides: null,
      version: 1,
      createdAt: c.createdAt,
      updatedAt: c.createdAt,
    },
  ]),
  seeded(apiKeys, (c) => [
    { id: c.keyId, customerId: c.id, prefix: c.keyPrefix, hash: c.keyHash, createdAt: c.createdAt, revokedAt: null },
  ]),
  // What GET /v1/customers?q= reads: the starts of the id and of the name from each word on (about 30 a customer).
  seeded(customerPrefixes, (c) =>
    searchPrefixes(c).map((prefix) => ({ customerId: c.id, prefix, createdAt: c.createdAt })),
  ),
];

// Measured at 100,000 customers (customers and keys only): 200 rows an INSERT 2.2 s, 500 1.9 s, 1,000 1.9 s.
const ROWS_PER_INSERT = 500;
/** Customers whose rows are written together, table by table in SEEDED_TABLES' order (a row's parent first). */
const CUSTOMERS_PER_BATCH = 500;
const CUSTOMERS_PER_TRANSACTION = 50_000;

type Statement = { sql: string; args: InValue[] };

/** Collects one table's rows and gives them back as INSERTs of up to ROWS_PER_INSERT rows each. */
function inserter(table: SQLiteTable) {
  const columns = getTableColumns(table);
  const statements = new Map<number, string>();
  // Every row of a table has the keys of its first.
  let keys: string[] | undefined;
  let rows: Record<string, unknown>[] = [];
  let written = 0;
  const statement = (n: number) => {
    const names = (keys ?? []).map((key) => `"${columns[key]?.name ?? key}"`);
    const row = `(${names.map(() => "?").join(",")})`;
    return `INSERT INTO "${getTableName(table)}" (${names.join(",")}) VALUES ${Array(n).fill(row).join(",")}`;
  };
  const argsOf = (row: Record<string, unknown>) =>
    (keys ?? []).map((key) => {
      const value = row[key] ?? null;
      const column = columns[key];
      return (value === null || !column ? value : column.mapToDriverValue(value)) as InValue;
    });
  return {
    add(row: Record<string, unknown>): void {
      keys ??= Object.keys(row);
      rows.push(row);
    },
    /** The INSERTs of the rows collected, and a fresh start. */
    take(): Statement[] {
      const taken: Statement[] = [];
      for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
        const chunk = rows.slice(at, at + ROWS_PER_INSERT);
        const sql = statements.get(chunk.length) ?? statement(chunk.length);
        statements.set(chunk.length, sql);
        taken.push({ sql, args: chunk.flatMap(argsOf) });
      }
      written += rows.length;
      rows = [];
      return taken;
    },
    get written() {
      return written;
    },
  };
}

export type SeedResult = {
  customers: number;
  seconds: number;
  /** Rows written, by table. */
  rows: Record<string, number>;
  /** The database file once seeded (WAL checkpointed). */
  databaseBytes: number;
};

/**
 * Writes customers 0 to `count` - 1 on `planId`, which must exist, into the database at `databaseUrl` (already
 * migrated, and open in no server). The tables' own indexes are dropped first and made again from their own SQL at the
 * end: one sort each instead of a random insert per row (a search prefix's index, keyed by the prefix, most of all).
 * Their triggers stay, so customer_count counts the seeded customers as the service's would: one UPDATE of one row a
 * customer, about 1 s a million (100,000 customers seed in the same 20-28 s with it as without).
 */
export async function seedCustomers(databaseUrl: string, count: number, planId: string): Promise<SeedResult> {
  const path = localPath(databaseUrl);
  if (!path) throw new Error(`the scale scenario seeds a local SQLite file, not ${databaseUrl}`);
  const started = performance.now();
  // The driver itself (libsql, as db/cached-reads.ts), not @libsql/client: that prepares every statement anew, and a
  // statement's native memory is freed only by a finalizer after a major GC, which V8 (not told of that memory) did not
  // run: a million customers held 20 GB when a run was stopped two thirds in. Here each INSERT's text is prepared once.
  // A crash mid-seed only loses a bench database, and the rows are written parents first anyway (the foreign keys'
  // checks would be a lookup per row).
  const db = new Database(path);
  try {
    db.exec("PRAGMA synchronous = OFF");
    db.exec("PRAGMA foreign_keys = OFF");
    const tables = SEEDED_TABLES.map((t) => ({ ...t, insert: inserter(t.table) }));
    const names = tables.map(({ table }) => getTableName(table));
    const indexes = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${names.map(() => "?").join(",")})`,
      )
      .all(...names) as { name: string; sql: string }[];
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);

    const prepared = new Map<string, ReturnType<Database.Database["prepare"]>>();
    const run = ({ sql, args }: Statement) => {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        prepared.set(sql, statement);
      }
      statement.run(args);
    };
    const epochMs = Date.parse("2026-01-01T00:00:00Z");
    for (let start = 0; start < count; start += CUSTOMERS_PER_TRANSACTION) {
      const end = Math.min(count, start + CUSTOMERS_PER_TRANSACTION);
      db.exec("BEGIN IMMEDIATE");
      try {
        for (let i = start; i < end; i++) {
          const customer = seededCustomer(i, epochMs);
          for (const { rows, insert } of tables) for (const row of rows(customer, planId)) insert.add(row);
          if ((i + 1 - start) % CUSTOMERS_PER_BATCH === 0 || i === end - 1) {
            for (const { insert } of tables) for (const statement of insert.take()) run(statement);
          }
        }
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    }
    for (const { sql } of indexes) db.exec(sql);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return {
      customers: count,
      seconds: (performance.now() - started) / 1000,
      rows: Object.fromEntries(tables.map(({ table, insert }) => [getTableName(table), insert.written])),
      databaseBytes: statSync(path).size,
    };
  } finally {
    db.close();
  }
}
