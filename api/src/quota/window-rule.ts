// The shape of a kind of window's rule, on its own: windows.ts and calendar-windows.ts both make rules of it.

/**
 * How one kind of window is found from the store's clock, made from its row of domain/limit-kinds.ts. `index` numbers
 * the window an instant falls in (the number the store keeps beside the count, so a new window starts the count
 * afresh); `startMs` and `endMs` bound that window. check.lua finds the same windows from `params`.
 */
export type WindowRule = {
  /** The rule's name: its window's, and for months from another billing day than the 1st that day (`month:17`). */
  code: string;
  /** The fields of a subject's Redis hash that keep the window's index and count (the row's hashFields). */
  fields: readonly [index: string, count: string];
  /**
   * The rule as check.lua's spec arguments carry it: `<index field>:<count field>:<length ms>:<offset ms>` for a fixed
   * length, `<index field>:<count field>:<n>mo:<billing day>` for n calendar months.
   */
  params: string;
  /** Whether its windows differ in length (months): what is said of one window may not hold for the next. */
  lengthVaries: boolean;
  /** The UTC day: its count is the day's use so far. */
  daily: boolean;
  /**
   * Windows of whole UTC days, longer than one (a week, months): a subject with no count for the window running (a
   * limit added to its plan mid-window) has it worked out from its days kept (counting.ts, check.lua's usedOnDays),
   * so that the limit counts what its window has already used (contract section 5).
   */
  wholeDays: boolean;
  index(nowMs: number): number;
  startMs(index: number): number;
  endMs(index: number): number;
};
