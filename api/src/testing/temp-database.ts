// A config database of its own for a test: a SQLite file in a new folder under the system's temporary directory
// (mkdtemp makes it readable by this user alone), so tests never share one, wherever the repository is cloned.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** `file:` URL of a new database in a folder named `bouncer-<name>-…`, for DATABASE_URL or createDb. */
export function tempDatabaseUrl(name = "test"): string {
  return `file:${join(mkdtempSync(join(tmpdir(), `bouncer-${name}-`)), "quota.db")}`;
}
