// The memory store's board for the Live page (board-mark.lua and board-read.lua over Redis): customers ordered by
// share left in a B-tree, so that a page of the nearest costs the page, denials and traffic by minute, an hour kept.
import SortedBTree from "sorted-btree";
import { MINUTE_MS } from "../counting";
import type { Board, BoardMarks, HistoryPoint } from "../store";

// A CommonJS module marked __esModule: bundlers and Vitest hand over its default, Node's own loader the whole module.
const BTree = ((SortedBTree as unknown as { default?: typeof SortedBTree }).default ??
  SortedBTree) as typeof SortedBTree;

const KEPT_MINUTES = 60;

type Near = [left: number, subject: string];
const byLeftThenSubject = (a: Near, b: Near) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

export function createMemoryBoard(now: () => number) {
  const near = new BTree<Near, true>(undefined, byLeftThenSubject);
  const leftOf = new Map<string, number>();
  // By minute (Unix ms / MINUTE_MS): each customer's denials, and everyone's checks.
  const denied = new Map<number, Map<string, number>>();
  const traffic = new Map<number, { allowed: number; denied: number }>();

  function forgetOld(minute: number): void {
    for (const m of denied.keys()) if (m <= minute - KEPT_MINUTES) denied.delete(m);
    for (const m of traffic.keys()) if (m <= minute - KEPT_MINUTES) traffic.delete(m);
  }

  return {
    mark(marks: BoardMarks): void {
      const minute = Math.floor(now() / MINUTE_MS);
      forgetOld(minute);
      let deniedNow = denied.get(minute);
      const counts = traffic.get(minute) ?? { allowed: 0, denied: 0 };
      traffic.set(minute, counts);
      counts.allowed += marks.allowed;
      counts.denied += marks.denied;
      for (const { subject, left, denied: n } of marks.customers) {
        if (left !== null) {
          const was = leftOf.get(subject);
          if (was !== undefined) near.delete([was, subject]);
          near.set([left, subject], true);
          leftOf.set(subject, left);
        }
        if (n > 0) {
          if (!deniedNow) {
            deniedNow = new Map();
            denied.set(minute, deniedNow);
          }
          deniedNow.set(subject, (deniedNow.get(subject) ?? 0) + n);
        }
      }
      for (const subject of marks.gone ?? []) {
        const was = leftOf.get(subject);
        if (was !== undefined) near.delete([was, subject]);
        leftOf.delete(subject);
      }
    },

    read({ nearest, denied: most, minutes }: { nearest: number; denied: number; minutes: number }): Board {
      const minute = Math.floor(now() / MINUTE_MS);
      const first: Board["nearest"] = [];
      for (const [left, subject] of near.keys()) {
        if (first.length >= nearest) break;
        first.push({ subject, left });
      }
      const byCustomer = new Map<string, number>();
      for (const [m, counts] of denied) {
        if (m <= minute - KEPT_MINUTES || m > minute) continue;
        for (const [subject, n] of counts) byCustomer.set(subject, (byCustomer.get(subject) ?? 0) + n);
      }
      const deniedRows = [...byCustomer]
        .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
        .slice(0, most)
        .map(([subject, n]) => ({ subject, denied: n }));
      const points: HistoryPoint[] = [];
      for (let m = minute - minutes + 1; m <= minute; m++) {
        const counts = traffic.get(m);
        points.push({ minute: m * MINUTE_MS, allowed: counts?.allowed ?? 0, denied: counts?.denied ?? 0 });
      }
      return { nearest: first, denied: deniedRows, traffic: points };
    },

    clear(): void {
      near.clear();
      leftOf.clear();
      denied.clear();
      traffic.clear();
    },
  };
}
