// The key index against a Map, through the churn a cache sees (issue 27): keys come and go, customers are edited, and
// past its size the keys in use stay while the others go.
import { describe, expect, test } from "vitest";
import { CustomerTarget, planEntry, Terms, termsOn } from "./customer-target";
import { KeyIndex } from "./key-index";
import { keyDigest } from "./secrets";
import { proPlan } from "./testing/pro-plan";

const plan = { ...proPlan, localShare: null };
const shared = termsOn(planEntry(plan), { overrides: null, billingDay: null });
const targetOf = (customerId: string) => new CustomerTarget(customerId, shared);
/** What the index gives back for a key, as plain values: its customer's id and terms, null, or undefined. */
const seen = (found: CustomerTarget | null | undefined) =>
  found && { customerId: found.customerId, terms: found.terms };

const digestOf = (i: number) => keyDigest(`qk_test_${i}`);

/** A seeded generator, so that a failure is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("the key index", () => {
  test("holds what a Map holds through adds, replacements, deletes and customers' edits, tables remade many times", () => {
    const index = new KeyIndex(1_000_000);
    const map = new Map<string, CustomerTarget | null>();
    const next = random(27);
    for (let step = 0; step < 60_000; step++) {
      const digest = digestOf(Math.floor(next() * 5_000));
      const roll = next();
      if (roll < 0.55) {
        const value = next() < 0.1 ? null : targetOf(`cus_${Math.floor(next() * 500)}`);
        index.set(digest, value);
        map.set(digest, value);
      } else if (roll < 0.9) {
        index.delete(digest);
        map.delete(digest);
      } else {
        const customerId = `cus_${Math.floor(next() * 500)}`;
        index.deleteCustomer(customerId);
        for (const [key, value] of map) if (value?.customerId === customerId) map.delete(key);
      }
    }
    expect(index.size).toBe(map.size);
    expect(map.size).toBeGreaterThan(500);
    for (let i = 0; i < 5_000; i++) expect(seen(index.get(digestOf(i)))).toEqual(seen(map.get(digestOf(i))));
  });

  test("a customer's edit drops every key of it and no other's, past another customer's keys under the same hash", () => {
    const index = new KeyIndex(100);
    // An id kept among the bytes, and one too long for them, kept as a string beside them.
    const acme = targetOf("acme");
    const long = targetOf(`globex_${"x".repeat(50)}`);
    for (let i = 0; i < 30; i++) index.set(digestOf(i), i % 3 === 0 ? acme : long);
    index.deleteCustomer("acme");
    for (let i = 0; i < 30; i++) expect(seen(index.get(digestOf(i)))).toEqual(i % 3 === 0 ? undefined : seen(long));
    expect(index.size).toBe(20);
    index.deleteCustomer(long.customerId);
    expect(index.size).toBe(0);
  });

  test("tells a key known not to exist (null) from one it does not hold (undefined), and refuses a digest of another size", () => {
    const index = new KeyIndex(10);
    index.set(digestOf(1), null);
    expect(index.get(digestOf(1))).toBeNull();
    expect(index.get(digestOf(2))).toBeUndefined();
    expect(index.get("short")).toBeUndefined();
    expect(() => index.set("short", null)).toThrow(RangeError);
  });

  test("past its size the keys in use stay and the others go, one for each key added", () => {
    const index = new KeyIndex(1_000);
    const hot = new Set<number>();
    for (let i = 0; i < 1_000; i++) index.set(digestOf(i), targetOf(`cus_${i}`));
    for (let i = 0; i < 1_000; i += 10) hot.add(i);
    // Flooded with keys looked up once, a hot key is used between each two of them, as checks would.
    for (let i = 1_000; i < 5_000; i++) {
      for (const key of hot) index.get(digestOf(key));
      index.set(digestOf(i), null);
      expect(index.size).toBe(1_000);
    }
    for (const key of hot) expect(index.get(digestOf(key))?.customerId).toBe(`cus_${key}`);
    let cold = 0;
    for (let i = 0; i < 1_000; i++) if (!hot.has(i) && index.get(digestOf(i)) !== undefined) cold++;
    expect(cold).toBe(0);
  });

  test("clear forgets everything, and the index is used again as new", () => {
    const index = new KeyIndex(10);
    for (let i = 0; i < 10; i++) index.set(digestOf(i), targetOf("acme"));
    index.clear();
    expect(index.size).toBe(0);
    expect(index.get(digestOf(1))).toBeUndefined();
    index.set(digestOf(1), targetOf("globex"));
    expect(index.get(digestOf(1))?.customerId).toBe("globex");
    index.deleteCustomer("acme");
    expect(index.size).toBe(1);
  });
});

describe("a cached key's terms", () => {
  test("are shared by the customers of a plan without overrides, and moved to the plan as it is now in place", () => {
    const entry = planEntry(plan);
    const index = new KeyIndex(10);
    index.set(digestOf(1), new CustomerTarget("acme", termsOn(entry, { overrides: null, billingDay: null })));
    index.set(digestOf(2), new CustomerTarget("globex", termsOn(entry, { overrides: null, billingDay: null })));
    index.set(
      digestOf(3),
      new CustomerTarget("initech", termsOn(entry, { overrides: { perMinute: 7 }, billingDay: null })),
    );
    const [acme, globex, initech] = [1, 2, 3].map((i) => index.get(digestOf(i)) as CustomerTarget);
    expect(acme?.terms).toBe(globex?.terms);
    expect(initech?.terms).not.toBe(acme?.terms);
    expect(initech?.terms).toBeInstanceOf(Terms);

    acme?.terms.moveTo(planEntry({ ...plan, perMinute: 5 }));
    expect(index.get(digestOf(2))?.spec).toEqual(target5().spec);
    expect(index.get(digestOf(2))?.customerId).toBe("globex");
  });
});

const target5 = () =>
  new CustomerTarget("x", termsOn(planEntry({ ...plan, perMinute: 5 }), { overrides: null, billingDay: null }));
