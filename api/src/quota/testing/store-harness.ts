// What a store's contract suites are handed: the store, and its clock to set.
import type { CounterStore } from "../store";

export type StoreHarness = {
  store: CounterStore;
  /** Puts the store's clock at this Unix time in ms. */
  setTime(ms: number): Promise<void>;
  close(): Promise<void>;
};

/** Runs a body on a fresh harness, and closes it after: how the contract's parts are handed their store. */
export type WithStore = (body: (h: StoreHarness) => Promise<void>) => Promise<void>;
