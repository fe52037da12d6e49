// Customer API keys: secrets (secret-store.ts) made for a customer, listed by customer, revoked by id.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { apiKeys, customers } from "../../../db/schema";
import { fail, ok, type Result } from "../errors";
import { createSecretStore, type Shown } from "./secret-store";

export type ApiKey = Shown<typeof apiKeys>;
export type NewApiKey = { id: string; prefix: string; key: string };

export function createKeyStore(db: Db, now: () => Date) {
  const { create, list, ...secrets } = createSecretStore(db, now, {
    name: "key",
    table: apiKeys,
    prefixes: { id: "key", secret: "qk" },
    fresh: (customerId: string, start) => ({ customerId, prefix: start }),
    foreignKeyFailure: (customerId) => fail("not_found", `customer ${customerId} does not exist`),
  });

  return {
    ...secrets,

    async create(customerId: string, actor: string): Promise<Result<NewApiKey>> {
      const created = await create(customerId, actor);
      if (!created.ok) return created;
      const { made, secret } = created.value;
      return ok({ id: made.id, prefix: made.prefix, key: secret });
    },

    async list(customerId: string): Promise<Result<ApiKey[]>> {
      const customer = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, customerId))
        .limit(1)
        .get();
      if (!customer) return fail("not_found", `customer ${customerId} does not exist`);
      return ok(await list(eq(apiKeys.customerId, customerId)));
    },
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
