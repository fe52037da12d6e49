// The share left each customer was last marked with from this server, so that a check which leaves it where it was
// sends the board nothing: at a million customers almost every check is of a customer not marked in the last second,
// and a mark of the same share changes nothing on the board (issue 27: these marks were a mark a check).
//
// A few bytes a customer in typed arrays, and lossy: a customer pushed out of its bucket by others is marked again,
// which costs one mark and is never wrong. Another server's marks are not seen here, so the board's share can stay
// on another server's value until the share moves by one step (a thousandth) again: the board orders candidates,
// and the page reads each of its customers' exact usage.

/** Slots of a bucket: four ways, so that a million customers in two million slots rarely push each other out. */
const WAYS = 4;
const FIRST_SLOTS = 1 << 12;
/** Two slots per customer of a full key cache (config/key-index.ts, MAX_KEYS): 12 MB at most. */
export const MOST_SLOTS = 1 << 21;

/** Two 32-bit hashes of a string (FNV-1a, and its like with another base and prime): one places it, one tells it apart. */
function hashes(s: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x050c5d1f);
  }
  return [a >>> 0, b >>> 0 || 1];
}

export class LastMarked {
  // A tag of 0 is an empty slot; a step is the share left in thousandths (0 to 1000).
  #tags: Uint32Array;
  #steps: Uint16Array;
  #filled = 0;
  readonly #most: number;

  constructor(mostSlots = MOST_SLOTS, firstSlots = Math.min(FIRST_SLOTS, mostSlots)) {
    this.#most = mostSlots;
    this.#tags = new Uint32Array(firstSlots);
    this.#steps = new Uint16Array(firstSlots);
  }

  /** Whether `subject` was last marked here with `step`; when it was not, it is now. */
  same(subject: string, step: number): boolean {
    const [place, tag] = hashes(subject);
    const tags = this.#tags;
    const first = place & (tags.length - 1) & ~(WAYS - 1);
    let empty = -1;
    for (let slot = first; slot < first + WAYS; slot++) {
      if (tags[slot] === tag) {
        if (this.#steps[slot] === step) return true;
        this.#steps[slot] = step;
        return false;
      }
      if (empty < 0 && tags[slot] === 0) empty = slot;
    }
    if (empty < 0) {
      // A full bucket: the subject takes a way picked by its hash, and whoever held it is marked again when next seen.
      empty = first + (place >>> 30);
    } else if (++this.#filled > tags.length / 2 && tags.length < this.#most) {
      // Half full: twice the slots, empty. Every customer is marked once more, as after a start.
      this.#tags = new Uint32Array(tags.length * 2);
      this.#steps = new Uint16Array(tags.length * 2);
      this.#filled = 0;
      return this.same(subject, step);
    }
    this.#tags[empty] = tag;
    this.#steps[empty] = step;
    return false;
  }
}
