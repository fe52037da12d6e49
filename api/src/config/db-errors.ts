// Recognises SQLite constraint failures, which drizzle may wrap, so writes can answer 409 instead of 500.

export type Constraint = "unique" | "foreign_key" | "not_null";

export function constraintOf(error: unknown): Constraint | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    const text = `${typeof code === "string" ? code : ""} ${e.message}`;
    if (/PRIMARYKEY|UNIQUE/.test(text)) return "unique";
    if (/FOREIGNKEY|FOREIGN KEY/.test(text)) return "foreign_key";
    if (/NOTNULL|NOT NULL/.test(text)) return "not_null";
  }
  return null;
}

/**
 * D1's failures that Cloudflare documents as transient ("internal error; reference = …", a lost connection, a reset
 * storage object, an overload): the same query may well succeed a moment later.
 */
const D1_TRANSIENT =
  /internal error; reference|Network connection lost|transient issue|object to be reset|D1 DB reset|overloaded|storage operation exceeded timeout/i;

/** True for a failure of the database worth one more try of a read (D1's transient ones). */
export function isTransient(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (D1_TRANSIENT.test(e.message)) return true;
  return false;
}

/** A failure to reach the database at all (closed, locked, I/O, network), as opposed to a bad query. */
export function isUnavailable(error: unknown): boolean {
  if (isTransient(error)) return true;
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    const text = `${typeof code === "string" ? code : ""} ${e.message}`;
    if (
      /CLOSED|BUSY|LOCKED|IOERR|CANTOPEN|SQLITE_FULL|NETWORK|SERVER_ERROR|HRANA|ECONNREFUSED|fetch failed/i.test(text)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * A read, tried once more after `waitMs` when it fails as D1 can for a moment (isTransient): a check whose key is not
 * cached yet should not fail for a hiccup the next try does not meet. Only reads: a write may have applied.
 */
export async function readAgainOnce<T>(read: () => Promise<T>, waitMs = 50): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isTransient(error)) throw error;
    await new Promise((r) => setTimeout(r, waitMs));
    return read();
  }
}
