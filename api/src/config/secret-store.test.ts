// Keys and tokens are one kind of store (secret-store.ts): over each, a secret is found by its hash until it is
// revoked, a second revocation writes no second audit entry, and the hashes of any number of ids are read in parts.
import { beforeEach, describe, expect, test } from "vitest";
import { createDb, type Db } from "../../../db/client";
import { migrateDb } from "../../../db/migrate";
import { PlanCreate } from "../domain/plan";
import { listAudit } from "./audit";
import { createCustomerStore } from "./customers";
import { createKeyStore } from "./keys";
import { createPlanStore } from "./plans";
import { sha256 } from "./secrets";
import { createTokenStore } from "./tokens";

const now = () => new Date("2026-11-30T10:00:00.000Z");

/** Each kind of secret: its store, and how a test makes one (the secret, and its id). */
const kinds = {
  key: async (db: Db) => {
    const plans = createPlanStore(db, now);
    await plans.create(PlanCreate.parse({ id: "pro", name: "Pro", perMinute: 10 }), "test");
    await createCustomerStore(db, plans, now).create(
      { id: "acme", name: "Acme", planId: "pro", billingDay: null },
      "test",
    );
    const store = createKeyStore(db, now);
    const make = async () => {
      const made = await store.create("acme", "test");
      if (!made.ok) throw new Error(made.message);
      return { id: made.value.id, secret: made.value.key };
    };
    return { store, make };
  },
  token: async (db: Db) => {
    const store = createTokenStore(db, now);
    const make = async () => {
      const made = await store.create({ name: "svc", role: "service" }, "test");
      if (!made.ok) throw new Error(made.message);
      return { id: made.value.id, secret: made.value.token };
    };
    return { store, make };
  },
};

describe.each(Object.entries(kinds))("%s secrets", (name, kind) => {
  let db: Db;
  let secrets: Awaited<ReturnType<(typeof kinds)[keyof typeof kinds]>>;
  beforeEach(async () => {
    ({ db } = await createDb({ url: ":memory:" }));
    await migrateDb(db);
    secrets = await kind(db);
  });

  test("found by its hash until revoked; revoked twice, audited once", async () => {
    const { id, secret } = await secrets.make();
    expect((await secrets.store.byHash(sha256(secret)))?.id).toBe(id);
    const first = await secrets.store.revoke(id, "test");
    const second = await secrets.store.revoke(id, "test");
    expect(first.ok && first.value.revokedAt).toBe(now().toISOString());
    expect(second).toEqual(first);
    expect(await secrets.store.byHash(sha256(secret))).toBeNull();
    const entries = (await listAudit(db, 100)).filter((entry) => entry.target === id).map((entry) => entry.action);
    expect(entries.sort()).toEqual([`${name}.create`, `${name}.revoke`]);
    expect(await secrets.store.revoke("nope", "test")).toEqual({
      ok: false,
      code: "not_found",
      message: `${name} nope does not exist`,
    });
  });

  test("the hashes of more ids than one read binds, revoked ones too", async () => {
    const made = [];
    for (let i = 0; i < 150; i++) made.push(await secrets.make());
    const [revoked] = made;
    if (revoked) await secrets.store.revoke(revoked.id, "test");
    const hashes = await secrets.store.hashesOf([...made.map((m) => m.id), "nope"]);
    expect(hashes.sort()).toEqual(made.map((m) => sha256(m.secret)).sort());
  });
});
