// Admin and service tokens: made once and shown once, listed without secrets, revoked by id.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { tokens } from "../../../db/schema";
import { fail, ok, type Result } from "../errors";
import { auditInsert } from "./audit";
import { newId, newSecret } from "./secrets";

export type Role = "admin" | "service";
export type Token = { id: string; name: string; role: Role; createdAt: string; revokedAt: string | null };

const publicToken = ({ id, name, role, createdAt, revokedAt }: Token): Token => ({
  id,
  name,
  role,
  createdAt,
  revokedAt,
});

export function createTokenStore(db: Db, now: () => Date) {
  return {
    async create(input: { name: string; role: Role }, actor: string): Promise<{ id: string; token: string }> {
      const { secret, hash } = newSecret("qt");
      const token: Token = { id: newId("tok"), ...input, createdAt: now().toISOString(), revokedAt: null };
      await db.batch([
        db.insert(tokens).values({ ...token, hash }),
        auditInsert(db, {
          at: token.createdAt,
          actor,
          action: "token.create",
          target: token.id,
          before: null,
          after: token,
        }),
      ]);
      return { id: token.id, token: secret };
    },

    async list(): Promise<Token[]> {
      return (await db.select().from(tokens).orderBy(asc(tokens.createdAt))).map(publicToken);
    },

    async revoke(id: string, actor: string): Promise<Result<Token>> {
      const row = await db.select().from(tokens).where(eq(tokens.id, id)).limit(1).get();
      if (!row) return fail("not_found", `token ${id} does not exist`);
      const before = publicToken(row);
      if (before.revokedAt !== null) return ok(before);
      const after = { ...before, revokedAt: now().toISOString() };
      // Two revocations at once: only the one that revokes writes an audit entry.
      const stillLive = sql`EXISTS (SELECT 1 FROM tokens WHERE id = ${id} AND revoked_at IS NULL)`;
      await db.batch([
        auditInsert(db, { at: after.revokedAt, actor, action: "token.revoke", target: id, before, after }, stillLive),
        db
          .update(tokens)
          .set({ revokedAt: after.revokedAt })
          .where(and(eq(tokens.id, id), isNull(tokens.revokedAt))),
      ]);
      return ok(after);
    },

    /** The live token with this hash, for authentication. */
    async byHash(hash: string): Promise<Token | null> {
      const row = await db.select().from(tokens).where(eq(tokens.hash, hash)).limit(1).get();
      return row && row.revokedAt === null ? publicToken(row) : null;
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
