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
    const { statement, columns } = this.#prepare(stmt.sql);
    const all = statement.all.bind(statement) as (...args: unknown[]) => unknown[];
    const rows = (all(...(stmt.args ?? []).map(toSql)) as unknown[][]).map((values) => rowOf(values, columns));
    return {
      columns,
      columnTypes: columns.map(() => ""),
      rows,
      rowsAffected: 0,
      lastInsertRowid: undefined,
      toJSON: () => ({ columns, rows: rows.map((row) => Array.from(row as ArrayLike<Value>)) }),
    };
  }

  #prepare(sql: string): Prepared {
    const kept = this.#prepared.get(sql);
    if (kept) return kept;
    this.#db ??= new Database(this.path, { timeout: this.timeoutMs });
    const statement = this.#db.prepare(sql);
    // Integers come back exact, as the driver reads them, and become numbers below only when they fit.
    statement.safeIntegers(true);
    statement.raw(true);
    const prepared = { statement, columns: statement.columns().map((column) => (column as { name: string }).name) };
    if (this.#prepared.size >= MOST_STATEMENTS) this.#prepared.clear();
    this.#prepared.set(sql, prepared);
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
