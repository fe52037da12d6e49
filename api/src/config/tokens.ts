// Admin and service tokens: secrets (secret-store.ts) made with a name and a role, listed, revoked by id.
import type { Db } from "../../../db/client";
import { tokens } from "../../../db/schema";
import { ok, type Result } from "../errors";
import { createSecretStore, type Shown } from "./secret-store";

export type Role = "admin" | "service";
export type Token = Shown<typeof tokens>;

export function createTokenStore(db: Db, now: () => Date) {
  const { create, list, ...secrets } = createSecretStore(db, now, {
    name: "token",
    table: tokens,
    prefixes: { id: "tok", secret: "qt" },
    fresh: (input: { name: string; role: Role }) => input,
  });

  return {
    ...secrets,

    async create(input: { name: string; role: Role }, actor: string): Promise<Result<{ id: string; token: string }>> {
      const created = await create(input, actor);
      return created.ok ? ok({ id: created.value.made.id, token: created.value.secret }) : created;
    },

    list: (): Promise<Token[]> => list(),
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
