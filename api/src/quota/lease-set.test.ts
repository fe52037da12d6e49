// LeaseSet against the plainest model of it (a map scanned whole), over random leases taken, ended early, and
// ending with the clock.
import fc from "fast-check";
import { expect, test } from "vitest";
import { LeaseSet } from "./lease-set";

type Step =
  | { kind: "set"; ttl: number }
  | { kind: "delete"; which: number }
  | { kind: "tick"; ms: number }
  | { kind: "read"; except: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), ttl: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ kind: fc.constant("delete" as const), which: fc.nat() }),
  fc.record({ kind: fc.constant("tick" as const), ms: fc.integer({ min: 0, max: 2_000 }) }),
  fc.record({ kind: fc.constant("read" as const), except: fc.nat() }),
);

test("counts, finds and orders what it holds as a scan of every entry would, ended ones never counted", () => {
  fc.assert(
    fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
      const set = new LeaseSet<string>();
      const model = new Map<string, number>();
      const ids: string[] = [];
      let now = 1_000;
      for (const s of steps) {
        if (s.kind === "set") {
          const id = `l${ids.length}`;
          ids.push(id);
          set.set(id, now + s.ttl, `value of ${id}`);
          model.set(id, now + s.ttl);
        } else if (s.kind === "delete") {
          // Sometimes one that ended or was deleted already, or one never taken.
          const id = ids[s.which % (ids.length + 1)] ?? "never";
          set.delete(id);
          model.delete(id);
        } else if (s.kind === "tick") {
          now += s.ms;
        } else {
          const except = ids[s.except % (ids.length + 1)] ?? null;
          const live = [...model].filter(([, end]) => end > now);
          const others = live.filter(([id]) => id !== except).map(([, end]) => end);
          const mine = live.some(([id]) => id === except);
          expect(set.count(now)).toBe(live.length);
          expect(set.firstEnd(now, mine ? except : null)).toBe(Math.min(...others));
          for (const id of ids) {
            const end = model.get(id);
            expect(set.holds(id, now)).toBe(end !== undefined && end > now);
            // An entry ended by the clock may be gone or still found; one still running is always found.
            if (end !== undefined && end > now) expect(set.get(id)).toBe(`value of ${id}`);
            if (end === undefined) expect(set.get(id)).toBeUndefined();
          }
          // Reading twice changes nothing.
          expect(set.count(now)).toBe(live.length);
        }
      }
    }),
    { numRuns: 300 },
  );
});

test("the first to end, with the first one left aside, is the second: it is put back, not lost", () => {
  const set = new LeaseSet<number>();
  for (const [id, end] of [
    ["a", 3_000],
    ["b", 2_000],
    ["c", 4_000],
  ] as const)
    set.set(id, end, end);
  expect(set.firstEnd(1_000, "b")).toBe(3_000);
  expect(set.firstEnd(1_000)).toBe(2_000);
  expect(set.count(2_000)).toBe(2);
  expect(set.firstEnd(2_000)).toBe(3_000);
});
