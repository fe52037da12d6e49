// The maker of a versioned resource's store (plans, customers): reads by id, and writes that are each one batch with
// their audit entry, guarded by the version that If-Match names; the audit log and the change feed call every write
// `<name>.create`, `.update` or `.delete`. A resource describes itself (VersionedResource); the rest is here, once.
import { isDeepStrictEqual } from "node:util";
import { and, eq, getTableName, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { changedRows } from "../../../db/changed-rows";
import type { Db } from "../../../db/client";
import { type Failure, fail, ok, type Result } from "../errors";
import { auditInsert } from "./audit";
import { constraintOf } from "./db-errors";
import { type IfMatch, staleVersion, stillAt } from "./versions";

/** What every versioned resource carries: the version counts its changes, from 1. */
export type Versioned = { id: string; version: number; createdAt: string; updatedAt: string };

/** One statement of a write's batch. */
type BatchStatement = Parameters<Db["batch"]>[0][number];

/**
 * What a write's check read of other resources' rows, pinned in the write itself: another server may write them
 * between the check and the write (both answered 200 and left a customer breaking its plan's rules), and then the
 * write fails and is checked again. `row`: columns written as SQL that yields NULL once what was read has changed
 * (a NOT NULL column then refuses the write); `where`: what the updated row's statement must still find.
 */
export type Pin = { row?: Record<string, SQL>; where?: SQL };

/** A table with the columns every versioned resource has (plans, customers). */
type VersionedTable = SQLiteTable & { id: AnySQLiteColumn; version: AnySQLiteColumn };

export type VersionedResource<T extends Versioned, Create, Table extends VersionedTable = VersionedTable> = {
  /** What messages, the audit log and the change feed call it. */
  name: string;
  table: Table;
  /** The resource as the API shows it, from its row. */
  fromRow(row: Table["$inferSelect"]): T;
  /** A new resource's fields, from what its create was given (its version and times are added here). */
  fresh(input: Create): Omit<T, "version" | "createdAt" | "updatedAt">;
  /** Why `after` may not be written, if it may not, else what the check read that must still hold; `before` is null for a create. */
  problem(after: T, before: T | null): Promise<Failure | Pin | null>;
  /** The failure a foreign key's refusal means for this resource's write of `value`. */
  foreignKeyFailure(value: T): Failure;
  /**
   * Whether rows still refer to it, read through an index before a delete that the foreign key would refuse: SQLite
   * refuses an ON DELETE RESTRICT only after counting every row that refers to it (a plan's customers: 50 ms at
   * 600,000, under the write lock). The foreign key still refuses one that comes in between.
   */
  referredTo?(value: T): Promise<boolean>;
  /** What a delete without If-Match answers when another write got in between its read and its own. */
  removeRace: "conflict" | "precondition_failed";
  /** Rows written in the same batch as the resource's (a customer's search rows), under the write's guard. */
  alongside?: {
    created(value: T): BatchStatement[];
    updated(before: T, after: T, guard: () => SQL): BatchStatement[];
    /** Before the delete, under its guard: what goes with the resource, audited (a customer's keys). */
    removed?(value: T, at: string, actor: string, guard: SQL): BatchStatement[];
  };
};

// How often an unconditional update re-reads when another writer got in between: each try after a lost race waits a
// random while first, up to twice as long as the last (at most 64 ms), so that writers that all read at once (20 edits
// of one customer across two servers) spread out instead of losing to each other again together. Five tries at once
// left 70 of 100 such edits answered 409 "changing too often".
const RETRIES = 12;
const backOff = (attempt: number) =>
  attempt === 0 ? undefined : new Promise((r) => setTimeout(r, Math.random() * Math.min(64, 2 ** attempt)));

/** What an update may change: anything but the id, the version and the times. */
export type Changes<T extends Versioned> = Partial<Omit<T, keyof Versioned>>;

/** The check's answer: a failure, or what the write must pin (none: nothing). */
const isFailure = (answer: Failure | Pin | null): answer is Failure => answer !== null && "ok" in answer;

/** The fields a patch gives (a field left undefined changes nothing). */
const given = (patch: object) => Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));

export function createVersionedStore<T extends Versioned, Create, Table extends VersionedTable>(
  db: Db,
  now: () => Date,
  resource: VersionedResource<T, Create, Table>,
) {
  const { name, table } = resource;
  const tableName = getTableName(table);
  const alongside = resource.alongside;

  async function get(id: string): Promise<T | null> {
    const row = await db.select().from(table).where(eq(table.id, id)).limit(1).get();
    return row ? resource.fromRow(row) : null;
  }

  /** A write's failure that a constraint stands for, or the error itself when it is not one of those. */
  function refused(error: unknown, value: T): Failure {
    const constraint = constraintOf(error);
    if (constraint === "unique") return fail("conflict", `${name} ${value.id} already exists`);
    if (constraint === "foreign_key") return resource.foreignKeyFailure(value);
    throw error;
  }

  /** The row as read, when a write may apply to it: it exists, and If-Match names its version. */
  async function current(id: string, ifMatch: IfMatch): Promise<Result<T>> {
    const before = await get(id);
    if (!before) return fail("not_found", `${name} ${id} does not exist`);
    return staleVersion(name, id, before.version, ifMatch) ?? ok(before);
  }

  const atVersion = (id: string, version: number) => and(eq(table.id, id), eq(table.version, version));

  return {
    get,

    async create(input: Create, actor: string): Promise<Result<T>> {
      const at = now().toISOString();
      const value = { ...resource.fresh(input), version: 1, createdAt: at, updatedAt: at } as T;
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        const problem = await resource.problem(value, null);
        if (isFailure(problem)) return problem;
        try {
          await db.batch([
            db.insert(table).values({ ...value, ...problem?.row } as unknown as Table["$inferInsert"]),
            ...(alongside?.created(value) ?? []),
            auditInsert(db, { at, actor, action: `${name}.create`, target: value.id, before: null, after: value }),
          ]);
          return ok(value);
        } catch (error) {
          // What the check read changed before the write: check again.
          if (problem?.row && constraintOf(error) === "not_null") continue;
          return refused(error, value);
        }
      }
      return fail("conflict", `${name} ${value.id}: what it depends on is changing too often; try again`);
    },

    async update(id: string, patch: Changes<T>, ifMatch: IfMatch, actor: string): Promise<Result<T>> {
      const changing = given(patch);
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        await backOff(attempt);
        const read = await current(id, ifMatch);
        if (!read.ok) return read;
        const before = read.value;
        // Nothing to change: no new version, no audit entry (the version counts changes). Values are compared as
        // values, since the keys of an object (a customer's overrides) may come in any order.
        if (Object.entries(changing).every(([field, value]) => isDeepStrictEqual(before[field as keyof T], value))) {
          return ok(before);
        }
        const merged = { ...before, ...changing };
        const after = { ...merged, version: before.version + 1, updatedAt: now().toISOString() } as T;
        const problem = await resource.problem(after, before);
        if (isFailure(problem)) return problem;
        const { id: _, createdAt: __, ...changes } = after;
        // The audit entry and the rows alongside are written only with the update: the row at its version, and what
        // the check read as it was.
        const pinned = problem?.where;
        const guard = () => and(stillAt(tableName, id, before.version), pinned) as SQL;
        const where = and(atVersion(id, before.version), pinned);
        try {
          const results = await db.batch([
            auditInsert(
              db,
              { at: after.updatedAt, actor, action: `${name}.update`, target: id, before, after },
              guard(),
            ),
            // Written before the update, under the same guard as the audit entry, so they share the fate of the
            // update (the guard no longer holds once it is applied).
            ...(alongside?.updated(before, after, guard) ?? []),
            db
              .update(table)
              .set({ ...changes, ...problem?.row } as unknown as Partial<Table["$inferInsert"]>)
              .where(where),
          ]);
          if (changedRows(results.at(-1)) === 1) return ok(after);
        } catch (error) {
          if (problem?.row && constraintOf(error) === "not_null") continue;
          return refused(error, after);
        }
        // What the check read changed, not the row itself: check again, If-Match or not.
        if (problem?.where && (await get(id))?.version === before.version) continue;
        // Another writer changed it between our read and our write: with If-Match the caller must look again;
        // without it, apply the patch to the newer version.
        if (ifMatch !== undefined) return fail("precondition_failed", `${name} ${id} changed meanwhile`);
      }
      return fail("conflict", `${name} ${id} is changing too often to update; try again`);
    },

    async remove(id: string, ifMatch: IfMatch, actor: string): Promise<Result<T>> {
      const read = await current(id, ifMatch);
      if (!read.ok) return read;
      const before = read.value;
      if (await resource.referredTo?.(before)) return resource.foreignKeyFailure(before);
      const at = now().toISOString();
      const going = alongside?.removed?.(before, at, actor, stillAt(tableName, id, before.version)) ?? [];
      try {
        const results = await db.batch([
          auditInsert(
            db,
            { at, actor, action: `${name}.delete`, target: id, before, after: null },
            stillAt(tableName, id, before.version),
          ),
          ...going,
          db.delete(table).where(atVersion(id, before.version)),
        ]);
        const result = results[results.length - 1];
        if (changedRows(result) === 0) {
          // With If-Match the caller asked for the version it read, which is gone; without it, it may try again.
          return ifMatch === undefined && resource.removeRace === "conflict"
            ? fail("conflict", `${name} ${id} changed meanwhile; try again`)
            : fail("precondition_failed", `${name} ${id} changed meanwhile`);
        }
      } catch (error) {
        return refused(error, before);
      }
      return ok(before);
    },
  };
}

/** The reads and writes every versioned resource has. */
export type VersionedStore<T extends Versioned, Create> = ReturnType<
  typeof createVersionedStore<T, Create, VersionedTable>
>;
