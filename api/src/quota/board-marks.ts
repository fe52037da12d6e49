// What this server saw of the customers it checked since it last marked the board (the Live page, GET /v1/usage):
// sent once a second with the history's flush, so the board costs the store one call a second per server, and the
// page reads the customers nearest a limit without reading every customer. A customer is named only when its share
// left moved by a step since this server last marked it, or when it was denied; the rest is two totals.
import { isInFlight, type LimitEntry } from "./decision";
import { LastMarked } from "./last-marked";
import type { BoardMark, BoardMarks } from "./store";
import { isAnonymous } from "./subject";

/**
 * The smallest share left of any limit: 0 when one is used up, 1 when all are untouched. A loop: every check asks.
 * Requests in flight are not quota used: a customer whose leases are all held is busy, not near a limit.
 */
export function leastLeft(limits: LimitEntry[]): number {
  let least = 1;
  for (const l of limits) if (!isInFlight(l.name)) least = Math.min(least, l.limit > 0 ? l.remaining / l.limit : 0);
  return least;
}

// The board orders customers by their share left to a thousandth: a check that moved it less is not a mark.
const LEFT_STEPS = 1000;

/** The share left in the board's steps: rounded up, so that only a limit used up is 0. */
const stepOf = (limits: LimitEntry[]) => Math.ceil(leastLeft(limits) * LEFT_STEPS);

/** The share left as the board keeps it. */
export const boardLeft = (limits: LimitEntry[]) => stepOf(limits) / LEFT_STEPS;

export function createBoardMarks(newLastMarked = () => new LastMarked()) {
  let lastMarked = newLastMarked();
  let customers = new Map<string, BoardMark>();
  let gone = new Set<string>();
  let allowed = 0;
  let denied = 0;
  const markOf = (subject: string) => {
    let mark = customers.get(subject);
    if (!mark) {
      mark = { subject, left: null, denied: 0 };
      customers.set(subject, mark);
    }
    return mark;
  };
  return {
    /** A check of `subject` answered (by the store, a held share or a remembered denial) with these limits. */
    mark(subject: string, wasAllowed: boolean, limits: LimitEntry[]): void {
      // An address is no customer of the board.
      if (isAnonymous(subject)) return;
      if (wasAllowed) allowed++;
      else denied++;
      const step = stepOf(limits);
      const moved = !lastMarked.same(subject, step);
      if (!moved && wasAllowed) return;
      const mark = markOf(subject);
      if (moved) mark.left = step / LEFT_STEPS;
      if (!wasAllowed) mark.denied++;
    },
    /**
     * The Live page read the customer's every limit as they stand (`limits`), or found it gone (null): its board
     * entry is set to that, whatever this server last marked, as the board may hold another server's older share.
     */
    read(subject: string, limits: LimitEntry[] | null): void {
      if (limits === null) {
        customers.delete(subject);
        gone.add(subject);
        return;
      }
      const step = stepOf(limits);
      lastMarked.same(subject, step);
      markOf(subject).left = step / LEFT_STEPS;
      gone.delete(subject);
    },
    /** The marks made since the last take, and none kept; null when there are none. */
    take(): BoardMarks | null {
      if (allowed === 0 && denied === 0 && customers.size === 0 && gone.size === 0) return null;
      const taken: BoardMarks = { allowed, denied, customers: [...customers.values()] };
      if (gone.size > 0) taken.gone = [...gone];
      customers = new Map();
      gone = new Set();
      allowed = 0;
      denied = 0;
      return taken;
    },
    /**
     * Marks taken and then lost (the store did not answer): what this server marked is forgotten, so that each
     * customer is marked again at its next check instead of staying as the board last had it.
     */
    lost(): void {
      lastMarked = newLastMarked();
    },
  };
}
