// A migrations folder as it was before a change: the first of today's migrations only, so that a test builds a
// database the old way, fills it, then opens it with today's app, which applies the rest.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const migrations = new URL("../migrations/", import.meta.url);
const journal = () => JSON.parse(readFileSync(new URL("meta/_journal.json", migrations), "utf8"));

/** A migrations folder holding the first `n` of today's. */
export function migrationsUpTo(n: number): string {
  const folder = mkdtempSync(join(tmpdir(), "bouncer-migrations-"));
  mkdirSync(join(folder, "meta"));
  const all = journal();
  const entries = all.entries.slice(0, n);
  for (const { tag } of entries) copyFileSync(new URL(`${tag}.sql`, migrations), join(folder, `${tag}.sql`));
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...all, entries }));
  return folder;
}

/** A migrations folder holding today's migrations before the one tagged `tag`. */
export function migrationsBefore(tag: string): string {
  const at = journal().entries.findIndex((e: { tag: string }) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  return migrationsUpTo(at);
}
