// Reads of a local SQLite file through statements prepared once and kept, on a connection of their own. The driver
// (@libsql/client) prepares every statement anew and asks it for its columns twice: 156 µs for a key's lookup (its
// customer and plan joined) where the kept statement takes 14 µs, measured on 100,000 keys. A check whose key is not
// cached yet pays that, so at a million keys it is most of a cold server's work (issue 27).

import type { InStatement, InValue, ResultSet, Row, Value } from "@libsql/client";
import Database from "libsql";

// Statements kept at most: the service's reads are a few dozen texts; past this they are made again.
const MOST_STATEMENTS = 256;

type Statement = ReturnType<Database.Database["prepare"]>;
type Prepared = { statement: Statement; columns: string[] };

// The driver's `all()` walks a native row iterator whose memory (about 1 KB) is freed only by a finalizer, after a
// major GC that V8, not told of that memory, seldom runs: 200,000 reads of one key in turn held 195 MiB. `get()` makes
// no iterator, so a read of one row at most goes through it, on a statement of its own: a `get()` just after an
// `all()` on the same statement answers the old arguments' row.
const LIMIT = /\blimit\s+(\?|1)\s*$/i;

/** True when the text ends in `LIMIT 1`, or in `LIMIT ?` with a last argument of 1. */
function oneRowAtMost(sql: string, args: unknown[]): boolean {
  const limit = LIMIT.exec(sql)?.[1];
  return limit === "1" || (limit === "?" && Number(args.at(-1)) === 1);
}

/** True for a statement this can read: a SELECT with positional arguments (drizzle's), nothing that writes. */
export function isCachedRead(stmt: InStatement): stmt is { sql: string; args?: InValue[] } {
  if (typeof stmt === "string") return false;
  return (stmt.args === undefined || Array.isArray(stmt.args)) && /^\s*select\s/i.test(stmt.sql);
}

export class CachedReads {
  #db: Database.Database | null = null;
  readonly #prepared = new Map<string, Prepared>();

  constructor(
    private readonly path: string,
    private readonly timeoutMs: number,
  ) {}

  /** The rows as @libsql/client gives them (integers as numbers, each row by index and by column name). */
  execute(stmt: { sql: string; args?: InValue[] }): ResultSet {
    const args = (stmt.args ?? []).map(toSql);
    const one = oneRowAtMost(stmt.sql, args);
    const { statement, columns } = this.#prepare(stmt.sql, one);
    const rows = (one ? firstRow(statement, args) : allRows(statement, args)).map((values) => rowOf(values, columns));
    return {
      columns,
      columnTypes: columns.map(() => ""),
      rows,
      rowsAffected: 0,
      lastInsertRowid: undefined,
      toJSON: () => ({ columns, rows: rows.map((row) => Array.from(row as ArrayLike<Value>)) }),
    };
  }

  #prepare(sql: string, one: boolean): Prepared {
    const key = one ? `first:${sql}` : sql;
    const kept = this.#prepared.get(key);
    if (kept) return kept;
    this.#db ??= new Database(this.path, { timeout: this.timeoutMs });
    const statement = this.#db.prepare(sql);
    // Integers come back exact, as the driver reads them, and become numbers below only when they fit.
    statement.safeIntegers(true);
    statement.raw(true);
    const prepared = { statement, columns: statement.columns().map((column) => (column as { name: string }).name) };
    if (this.#prepared.size >= MOST_STATEMENTS) this.#prepared.clear();
    this.#prepared.set(key, prepared);
    return prepared;
  }

  /** How many statements are kept prepared. */
  get statements(): number {
    return this.#prepared.size;
  }

  /** After a failure, as the driver's own connection: nothing of this one is used again. */
  reset(): void {
    this.#prepared.clear();
    this.#db?.close();
    this.#db = null;
  }
}

function firstRow(statement: Statement, args: unknown[]): unknown[][] {
  const row = (statement.get.bind(statement) as (...args: unknown[]) => unknown[] | undefined)(...args);
  return row === undefined ? [] : [row];
}

const allRows = (statement: Statement, args: unknown[]) =>
  (statement.all.bind(statement) as (...args: unknown[]) => unknown[][])(...args);

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function fromSql(value: unknown): Value {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    }
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer as ArrayBuffer;
  return value as Value;
}

function toSql(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

/** A row as the driver makes it: by index and length (not enumerable), and by column name (enumerable). */
function rowOf(values: unknown[], columns: string[]): Row {
  const row = {};
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = fromSql(values[i]);
    Object.defineProperty(row, i, { value });
    const column = columns[i] as string;
    if (!Object.hasOwn(row, column)) {
      Object.defineProperty(row, column, { value, enumerable: true, configurable: true, writable: true });
    }
  }
  return row as Row;
}
