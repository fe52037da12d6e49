// Customer API keys: made once and shown once, listed without secrets, revoked by id.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { apiKeys, customers } from "../../../db/schema";
import { fail, ok, type Result } from "../errors";
import { auditInsert } from "./audit";
import { constraintOf } from "./db-errors";
import { newId, newSecret } from "./secrets";

export type ApiKey = { id: string; customerId: string; prefix: string; createdAt: string; revokedAt: string | null };
export type NewApiKey = { id: string; prefix: string; key: string };

const publicKey = ({ id, customerId, prefix, createdAt, revokedAt }: ApiKey): ApiKey => ({
  id,
  customerId,
  prefix,
  createdAt,
  revokedAt,
});

export function createKeyStore(db: Db, now: () => Date) {
  return {
    async create(customerId: string, actor: string): Promise<Result<NewApiKey>> {
      const { secret, hash, shown } = newSecret("qk");
      const key: ApiKey = {
        id: newId("key"),
        customerId,
        prefix: shown,
        createdAt: now().toISOString(),
        revokedAt: null,
      };
      try {
        await db.batch([
          db.insert(apiKeys).values({ ...key, hash }),
          auditInsert(db, { at: key.createdAt, actor, action: "key.create", target: key.id, before: null, after: key }),
        ]);
      } catch (error) {
        if (constraintOf(error) === "foreign_key") return fail("not_found", `customer ${customerId} does not exist`);
        throw error;
      }
      return ok({ id: key.id, prefix: key.prefix, key: secret });
    },

    async list(customerId: string): Promise<Result<ApiKey[]>> {
      const customer = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, customerId))
        .limit(1)
        .get();
      if (!customer) return fail("not_found", `customer ${customerId} does not exist`);
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.customerId, customerId))
        .orderBy(asc(apiKeys.createdAt));
      return ok(rows.map(publicKey));
    },

    async revoke(id: string, actor: string): Promise<Result<ApiKey>> {
      const row = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1).get();
      if (!row) return fail("not_found", `key ${id} does not exist`);
      const before = publicKey(row);
      if (before.revokedAt !== null) return ok(before);
      const after = { ...before, revokedAt: now().toISOString() };
      // Two revocations at once: only the one that revokes writes an audit entry.
      const stillLive = sql`EXISTS (SELECT 1 FROM api_keys WHERE id = ${id} AND revoked_at IS NULL)`;
      await db.batch([
        auditInsert(db, { at: after.revokedAt, actor, action: "key.revoke", target: id, before, after }, stillLive),
        db
          .update(apiKeys)
          .set({ revokedAt: after.revokedAt })
          .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))),
      ]);
      return ok(after);
    },

    /** The live key with this hash, for authentication and checks. */
    async byHash(hash: string): Promise<ApiKey | null> {
      const row = await db.select().from(apiKeys).where(eq(apiKeys.hash, hash)).limit(1).get();
      return row && row.revokedAt === null ? publicKey(row) : null;
    },
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
