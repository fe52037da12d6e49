// Recognises SQLite constraint failures, which drizzle may wrap, so writes can answer 409 instead of 500.

export type Constraint = "unique" | "foreign_key";

export function constraintOf(error: unknown): Constraint | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    const text = `${typeof code === "string" ? code : ""} ${e.message}`;
    if (/PRIMARYKEY|UNIQUE/.test(text)) return "unique";
    if (/FOREIGNKEY|FOREIGN KEY/.test(text)) return "foreign_key";
  }
  return null;
}

/** A failure to reach the database at all (closed, locked, I/O, network), as opposed to a bad query. */
export function isUnavailable(error: unknown): boolean {
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
