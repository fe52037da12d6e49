// The shape of a kind of window's rule, on its own: windows.ts and calendar-windows.ts both make rules of it.

/**
 * How one kind of window is found from the store's clock. `index` numbers the window an instant falls in (the
 * number the store keeps beside the count, so a new window starts the count afresh); `startMs` and `endMs` bound
 * that window. check.lua holds the same rule under `code`, with the same `fields`.
 */
export type WindowRule = {
  code: string;
  /** The fields of a subject's Redis hash that keep the window's index and count: never to change, or counters
   * lose their meaning across a deploy. */
  fields: readonly [index: string, count: string];
  index(nowMs: number): number;
  startMs(index: number): number;
  endMs(index: number): number;
};
