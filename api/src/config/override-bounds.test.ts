// A plan's edit decides from the bounds its customers' overrides put on it (override-bounds.ts) exactly what laying
// every customer's overrides over the edited plan decides (domain/customer.ts overridesViolation): random plans,
// customers and edits, the store's answer held to the whole pass over the customers it replaced.
import { beforeEach, expect, test } from "vitest";
import { createDb } from "../../../db/client";
import { migrateDb } from "../../../db/migrate";
import { type Overrides, overridesViolation } from "../domain/customer";
import { LIMIT_FIELDS, type LimitField, type Limits } from "../domain/limit-kinds";
import { type Plan, PlanCreate, planViolations } from "../domain/plan";
import { type CustomerStore, createCustomerStore } from "./customers";
import { createPlanStore, type PlanStore } from "./plans";

const now = () => new Date("2026-12-06T10:00:00.000Z");

let plans: PlanStore;
let customers: CustomerStore;

beforeEach(async () => {
  const { db } = await createDb({ url: ":memory:" });
  await migrateDb(db);
  plans = createPlanStore(db, now);
  customers = createCustomerStore(db, plans, now);
});

/** A seeded generator, so that a failure comes back the same. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

type Random = ReturnType<typeof random>;

// Few values, so that limits meet, cross and tie often.
const VALUES = [1, 5, 10, 50, 100, 1000];
const RESOURCES = ["a", "b", "c"];

function limits(r: Random, setChance: number): Limits {
  return Object.fromEntries(LIMIT_FIELDS.map((f) => [f, r.next() < setChance ? r.pick(VALUES) : null])) as Limits;
}

/** A plan's limits and resources that obey the plan rules. */
function planLimits(r: Random): Pick<Plan, LimitField | "resources"> {
  for (;;) {
    const own = limits(r, 0.5);
    const resources: Plan["resources"] = {};
    for (const name of RESOURCES) if (r.next() < 0.4) resources[name] = limits(r, 0.4);
    if (planViolations({ ...own, resources }).length === 0) return { ...own, resources };
  }
}

/** Overrides of some fields (a value, or null to take the plan's away), of the plan's own limits and resources'. */
function overrides(r: Random): Overrides {
  const over = (chance: number) => {
    const o: Partial<Record<LimitField, number | null>> = {};
    for (const f of LIMIT_FIELDS) if (r.next() < chance) o[f] = r.next() < 0.25 ? null : r.pick(VALUES);
    return o;
  };
  const o: NonNullable<Overrides> = over(0.3);
  if (r.next() < 0.5) {
    o.resources = {};
    for (const name of RESOURCES) if (r.next() < 0.4) o.resources[name] = over(0.4);
  }
  return o;
}

test("a plan edit is refused exactly when it would leave some customer's overrides breaking a plan rule", async () => {
  let refused = 0;
  let applied = 0;
  for (let run = 0; run < 40; run++) {
    const r = random(run + 1);
    const id = `p${run}`;
    const made = await plans.create(PlanCreate.parse({ id, name: id, ...planLimits(r) }), "test");
    if (!made.ok) throw new Error(made.message);
    let plan = made.value;
    // Customers whose overrides obey the rules on the plan as it is (the others would be refused).
    const kept = new Map<string, Overrides>();
    for (let i = 0; kept.size < 8 && i < 200; i++) {
      const o = overrides(r);
      if (overridesViolation(plan, o) !== null) continue;
      const customerId = `${id}-c${i}`;
      const c = await customers.create(
        { id: customerId, name: customerId, planId: id, billingDay: null, overrides: o },
        "t",
      );
      if (!c.ok) throw new Error(c.message);
      kept.set(customerId, o);
    }
    for (let step = 0; step < 15; step++) {
      // Now and then a customer's overrides change (its bounds are written again) before the next edit.
      if (r.next() < 0.3) {
        const customerId = r.pick([...kept.keys()]);
        const o = r.next() < 0.2 ? null : overrides(r);
        if (overridesViolation(plan, o) === null) {
          expect((await customers.update(customerId, { overrides: o }, undefined, "t")).ok).toBe(true);
          kept.set(customerId, o);
        }
      }
      const next = planLimits(r);
      const expected = [...kept].find(([, o]) => overridesViolation({ ...plan, ...next }, o) !== null);
      const edited = await plans.update(id, next, undefined, "test");
      if (expected) {
        expect(edited, JSON.stringify({ plan, next, expected })).toMatchObject({ ok: false, code: "conflict" });
        refused++;
      } else {
        expect(edited, JSON.stringify({ plan, next })).toMatchObject({ ok: true });
        if (edited.ok) plan = edited.value;
        applied++;
      }
    }
  }
  // Both answers were given often enough to mean something.
  expect(refused).toBeGreaterThan(50);
  expect(applied).toBeGreaterThan(50);
});

test("a plan naming new resources is refused when a customer's overrides and it would name more than 20 together", async () => {
  const made = await plans.create(
    PlanCreate.parse({ id: "pro", name: "Pro", perDay: 1000, resources: { x: { perDay: 10 } } }),
    "test",
  );
  expect(made.ok).toBe(true);
  const named = (names: string[]) => Object.fromEntries(names.map((n) => [n, { perDay: 5 }]));
  const eighteen = Array.from({ length: 18 }, (_, i) => `r${i}`);
  const many = await customers.create(
    { id: "many", name: "Many", planId: "pro", billingDay: null, overrides: { resources: named(eighteen) } },
    "test",
  );
  expect(many.ok).toBe(true);
  // 18 of its own and x: 19. y and z make 21.
  const two = { resources: { x: { perDay: 10 }, y: { perDay: 10 }, z: { perDay: 10 } } } as never;
  expect(await plans.update("pro", two, undefined, "test")).toMatchObject({
    ok: false,
    code: "conflict",
    message: expect.stringContaining("customer many"),
  });
  // Once the customer's overrides name y and z themselves, they are not more: 20.
  const same = { resources: named([...eighteen.slice(2), "y", "z"]) };
  expect((await customers.update("many", { overrides: same }, undefined, "test")).ok).toBe(true);
  expect(await plans.update("pro", two, undefined, "test")).toMatchObject({ ok: true });
});

test("a customer's bounds move with it to another plan, and go with it when it is deleted", async () => {
  for (const id of ["pro", "team"]) {
    expect((await plans.create(PlanCreate.parse({ id, name: id, perHour: 100, perDay: 1000 }), "test")).ok).toBe(true);
  }
  const tight = { perDay: 500 };
  const made = await customers.create(
    { id: "acme", name: "Acme", planId: "pro", billingDay: null, overrides: tight },
    "test",
  );
  expect(made.ok).toBe(true);
  const hour = (n: number) => ({ perHour: n }) as never;
  expect(await plans.update("pro", hour(600), undefined, "test")).toMatchObject({ ok: false, code: "conflict" });
  expect((await customers.update("acme", { planId: "team" }, undefined, "test")).ok).toBe(true);
  expect(await plans.update("pro", hour(600), undefined, "test")).toMatchObject({ ok: true });
  expect(await plans.update("team", hour(600), undefined, "test")).toMatchObject({ ok: false, code: "conflict" });
  expect((await customers.remove("acme", undefined, "test")).ok).toBe(true);
  expect(await plans.update("team", hour(600), undefined, "test")).toMatchObject({ ok: true });
});
