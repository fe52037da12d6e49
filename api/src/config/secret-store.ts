// The maker of a store of bearers' secrets (API keys, tokens): each made once and shown once, kept only as its hash,
// listed and found without it, revoked by id with one audit entry. A kind of secret describes itself (SecretResource).
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { type Failure, fail, ok, type Result } from "../errors";
import { auditInsert } from "./audit";
import { constraintOf } from "./db-errors";
import { newId, newSecret } from "./secrets";

/** A table of secrets: found by the hash, live while revokedAt is null. */
type SecretTable = SQLiteTable & {
  id: AnySQLiteColumn;
  hash: AnySQLiteColumn;
  createdAt: AnySQLiteColumn;
  revokedAt: AnySQLiteColumn;
};

/** A secret as it is shown: its row without the hash. */
export type Shown<Table extends SecretTable> = Omit<Table["$inferSelect"], "hash">;

type Made<Table extends SecretTable> = Shown<Table> & { id: string; createdAt: string; revokedAt: string | null };

export type SecretResource<Table extends SecretTable, Create> = {
  /** What messages and the audit log (`<name>.create`, `.revoke`) call it. */
  name: "key" | "token";
  table: Table;
  /** The id's prefix (`key`, `tok`), and the secret's, which says what it is (`qk`, `qt`). */
  prefixes: { id: string; secret: "qk" | "qt" };
  /** A new secret's fields besides its id and times, from its create's input and the secret's first characters. */
  fresh(input: Create, start: string): Omit<Shown<Table>, "id" | "createdAt" | "revokedAt">;
  /** The failure a foreign key's refusal means for a create (a key's customer that does not exist). */
  foreignKeyFailure?(input: Create): Failure;
};

// D1 binds at most 100 parameters in one statement.
const IDS_PER_READ = 100;

/** A row shown: every field but the hash, in the row's order. */
const shown = <Table extends SecretTable>({ hash: _, ...rest }: Table["$inferSelect"]) => rest as Made<Table>;

export function createSecretStore<Table extends SecretTable, Create>(
  db: Db,
  now: () => Date,
  resource: SecretResource<Table, Create>,
) {
  const { name, table, prefixes } = resource;

  return {
    /** A new secret, audited: what is shown of it, and the secret itself, which is never kept. */
    async create(input: Create, actor: string): Promise<Result<{ made: Made<Table>; secret: string }>> {
      const { secret, hash, shown: start } = newSecret(prefixes.secret);
      const made = {
        id: newId(prefixes.id),
        ...resource.fresh(input, start),
        createdAt: now().toISOString(),
        revokedAt: null,
      } as Made<Table>;
      try {
        await db.batch([
          db.insert(table).values({ ...made, hash } as Table["$inferInsert"]),
          auditInsert(db, {
            at: made.createdAt,
            actor,
            action: `${name}.create`,
            target: made.id,
            before: null,
            after: made,
          }),
        ]);
      } catch (error) {
        if (constraintOf(error) === "foreign_key" && resource.foreignKeyFailure)
          return resource.foreignKeyFailure(input);
        throw error;
      }
      return ok({ made, secret });
    },

    /** Every secret that `where` picks (all when it is left out), oldest first, revoked ones included. */
    async list(where?: SQL): Promise<Made<Table>[]> {
      const rows = await db.select().from(table).where(where).orderBy(asc(table.createdAt));
      return rows.map((row) => shown<Table>(row));
    },

    async revoke(id: string, actor: string): Promise<Result<Made<Table>>> {
      const row = await db.select().from(table).where(eq(table.id, id)).limit(1).get();
      if (!row) return fail("not_found", `${name} ${id} does not exist`);
      const before = shown<Table>(row);
      if (before.revokedAt !== null) return ok(before);
      const after = { ...before, revokedAt: now().toISOString() };
      // Two revocations at once: only the one that revokes writes an audit entry.
      const stillLive = sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${id} AND ${table.revokedAt} IS NULL)`;
      await db.batch([
        auditInsert(db, { at: after.revokedAt, actor, action: `${name}.revoke`, target: id, before, after }, stillLive),
        db
          .update(table)
          .set({ revokedAt: after.revokedAt } as Partial<Table["$inferInsert"]>)
          .where(and(eq(table.id, id), isNull(table.revokedAt))),
      ]);
      return ok(after);
    },

    /** The live secret with this hash, for authentication (and a key's checks). */
    async byHash(hash: string): Promise<Made<Table> | null> {
      const row = await db.select().from(table).where(eq(table.hash, hash)).limit(1).get();
      return row && row.revokedAt === null ? shown<Table>(row) : null;
    },

    /** The hashes of these secrets, revoked or not: what their bearers' cached identities are found by. */
    async hashesOf(ids: string[]): Promise<string[]> {
      const reads: Promise<{ hash: unknown }[]>[] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_READ) {
        const some = ids.slice(i, i + IDS_PER_READ);
        reads.push(db.select({ hash: table.hash }).from(table).where(inArray(table.id, some)));
      }
      return (await Promise.all(reads)).flat().map((row) => row.hash as string);
    },
  };
}
