// Kinds of window added by a row alone, as every counter store must count them: part of the store contract, for the
// rows a test hands it (added-kinds.ts), so that a store proves it needs no code of its own for a new kind.
import { expect, test } from "vitest";
import type { WindowKind } from "../../domain/limit-kinds";
import { specOf } from "../limits";
import { ruleOf } from "../windows";
import type { WithStore } from "./store-harness";

/** A kind's row, a customer's billing day, and one of its windows as [start, end) in ISO form, worked out by hand. */
export type AddedKind = { kind: WindowKind; billingDay: number | null; window: readonly [start: string, end: string] };

const at = (iso: string) => Date.parse(iso);
let next = 0;
const fresh = () => `added-kind-${process.pid}-${Date.now()}-${next++}`;

export function addedKindContract(withStore: WithStore, added: readonly AddedKind[]) {
  for (const { kind, billingDay, window } of added) {
    const from = billingDay === null ? "" : ` from billing day ${billingDay}`;
    test(`a ${kind.window}${from}, a kind added by its row alone: counted and denied in its window, afresh at its end`, () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const rule = ruleOf(kind, billingDay);
        const limits = specOf([
          { prefix: "", capacity: null, perMinute: null, windows: [{ name: kind.window, size: 2, rule }] },
        ]);
        const [start, end] = [at(window[0]), at(window[1])];
        // The moment before the window is the window before's: its check is not counted in this one.
        await setTime(start - 1);
        expect((await store.check(s, limits, 1)).allowed).toBe(true);
        await setTime(start);
        expect((await store.check(s, limits, 1)).allowed).toBe(true);
        expect((await store.check(s, limits, 1)).allowed).toBe(true);
        const denied = await store.check(s, limits, 1);
        expect(denied).toEqual({
          allowed: false,
          nowMs: start,
          limits: [{ name: kind.window, limit: 2, remaining: 0, resetMs: end, waitMs: end - start }],
        });
        await setTime(end - 1);
        expect((await store.check(s, limits, 1)).allowed).toBe(false);
        await setTime(end);
        const renewed = await store.check(s, limits, 1);
        expect([renewed.allowed, renewed.limits[0]?.remaining]).toEqual([true, 1]);
      }));
  }
}
