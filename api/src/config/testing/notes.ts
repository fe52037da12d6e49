// A versioned resource made for the makers' tests alone (notes): its table, created by hand in an in-memory database
// beside the real ones, and its description, with a hook that runs inside each write's check.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createDb, type Db } from "../../../../db/client";
import { migrateDb } from "../../../../db/migrate";
import { fail } from "../../errors";
import { createVersionedStore, type Versioned } from "../versioned-store";

export const notes = sqliteTable("notes", {
  id: text("id").primaryKey(),
  body: text("body").notNull(),
  version: integer("version").notNull(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export type Note = Versioned & { body: string };
export type NoteCreate = { id: string; body: string };

export const NOTES_NOW = new Date("2026-11-30T10:00:00.000Z");

/** A migrated in-memory database with the notes table. */
export async function notesDb() {
  const made = await createDb({ url: ":memory:" });
  await migrateDb(made.db);
  await made.client.execute(
    "CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL, version INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)",
  );
  return made;
}

/** The notes' store; `meanwhile` runs in each write's check, where another writer may get in. An empty body is refused. */
export function notesStore(db: Db, meanwhile: () => Promise<void> = async () => {}) {
  return createVersionedStore(db, () => NOTES_NOW, {
    name: "note",
    table: notes,
    fromRow: (row): Note => ({ ...row }),
    fresh: (input: NoteCreate) => input,
    async problem(note) {
      await meanwhile();
      return note.body === "" ? fail("invalid_request", "a note says something") : null;
    },
    foreignKeyFailure: () => fail("conflict", "notes refer to nothing"),
    removeRace: "conflict",
  });
}
