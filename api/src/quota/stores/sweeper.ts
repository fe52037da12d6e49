// Drops a map's entries that hold nothing any more, a slice at a time from where the last slice stopped: a pass over
// a million subjects at once held the event loop 100–150 ms, every check waiting behind it.

export type Sweeper = {
  /** Looks at the next slice of entries; a pass is `slices` of them, of the map as it was when the pass began. */
  slice(nowMs: number): void;
  /** Looks at every entry, from the first. */
  all(nowMs: number): void;
};

/** The fewest entries a slice looks at. */
const SLICE_MIN = 1_000;

export function sweeper<V>(map: Map<string, V>, slices: number, ended: (value: V, nowMs: number) => boolean): Sweeper {
  // A Map's iterator stays valid while entries are deleted and added, and visits those added before it ends.
  let at: Iterator<[string, V]> | undefined;
  let perSlice = SLICE_MIN;
  /** Looks at a slice, or (whole) at every entry left in the pass. */
  const look = (whole: boolean, nowMs: number) => {
    if (at === undefined) {
      at = map.entries();
      perSlice = Math.max(SLICE_MIN, Math.ceil(map.size / slices));
    }
    const limit = whole ? Number.POSITIVE_INFINITY : perSlice;
    for (let i = 0; i < limit; i++) {
      const next = at.next();
      if (next.done) {
        at = undefined;
        return;
      }
      const [key, value] = next.value;
      if (ended(value, nowMs)) map.delete(key);
    }
  };
  return {
    slice: (nowMs) => look(false, nowMs),
    all(nowMs) {
      at = undefined;
      look(true, nowMs);
    },
  };
}
