// What this server saw of each customer it checked since it last marked the board (the Live page, GET /v1/usage):
// sent once a second with the history's flush, so the board costs the store one call a second per server, and the
// page reads the customers nearest a limit without reading every customer.
import type { LimitEntry } from "./decision";
import type { BoardMark } from "./store";
import { isAnonymous } from "./subject";

/** The smallest share left of any limit: 0 when one is used up, 1 when all are untouched. A loop: every check asks. */
export function leastLeft(limits: LimitEntry[]): number {
  let least = 1;
  for (const l of limits) least = Math.min(least, l.limit > 0 ? l.remaining / l.limit : 0);
  return least;
}

// The board orders customers by their share left to a thousandth: a mark that moved less leaves the store's sorted
// set as it was (a ZADD of the same score does nothing). The page then reads each of its customers' exact usage.
const LEFT_STEPS = 1000;

/** The share left as the board keeps it: rounded up, so that only a limit used up is 0. */
export const boardLeft = (limits: LimitEntry[]) => Math.ceil(leastLeft(limits) * LEFT_STEPS) / LEFT_STEPS;

export function createBoardMarks() {
  let marks = new Map<string, BoardMark>();
  return {
    /** A check of `subject` answered (by the store, a held share or a remembered denial) with these limits. */
    mark(subject: string, allowed: boolean, limits: LimitEntry[]): void {
      // An address is no customer of the board.
      if (isAnonymous(subject)) return;
      let mark = marks.get(subject);
      if (!mark) {
        mark = { subject, left: 1, allowed: 0, denied: 0 };
        marks.set(subject, mark);
      }
      mark.left = boardLeft(limits);
      if (allowed) mark.allowed++;
      else mark.denied++;
    },
    /** The marks made since the last take, and none kept. */
    take(): BoardMark[] {
      const taken = [...marks.values()];
      marks = new Map();
      return taken;
    },
  };
}
