// The cached API keys a check finds its customer by: a key's SHA-256 → its customer's id and terms, for a million keys.
// Kept as objects (lru-cache's Map and lists, an entry and an id string a key), a key held some 400 bytes of V8's heap,
// and V8 grows its heap ahead of what it holds: some 650 bytes of RSS a key at a million (bench: RSS per cached key).
// Here a key's digest and its customer's id are bytes in typed arrays outside the heap, and its terms one slot of an
// array, shared with every customer of its plan and billing day: about 90 bytes a key, whatever the heap does.
//
// Records are dense (a freed one is used again); two open-addressing tables of record numbers find them, one by the
// digest, one by the customer (a customer's edit drops its keys, whichever they are). Past `maxKeys` the least
// recently used go first, approximately: CLOCK, a bit set on each hit and cleared as the hand passes, the first key
// found unused going, so that a hit is one store and not a move in a list. A key just added starts unused: a flood of
// keys looked up once (unknown ones, say) pushes out each other before the keys in use.
import { CustomerTarget, type Terms } from "./customer-target";

const DIGEST_BYTES = 32;
// A customer's id is at most 63 ASCII characters, and most are shorter: those of up to 32 are kept among the bytes,
// longer ones as strings beside them.
const ID_BYTES = 32;
const LONG_ID = 255;
const FIRST_RECORDS = 1024;

// A table's slot: a record's number + 1, or one of these.
const EMPTY = 0;
const DELETED = -1;

/** Record numbers by a 32-bit hash, probed linearly; a deleted slot is passed over until the table is made again. */
class Slots {
  readonly slots: Int32Array;
  /** Slots not EMPTY: in use, or deleted. */
  filled = 0;

  constructor(length: number) {
    this.slots = new Int32Array(length);
  }

  get full(): boolean {
    return this.filled > this.slots.length * 0.75;
  }

  add(hash: number, record: number): void {
    const mask = this.slots.length - 1;
    let i = hash & mask;
    while ((this.slots[i] as number) > 0) i = (i + 1) & mask;
    if (this.slots[i] === EMPTY) this.filled++;
    this.slots[i] = record + 1;
  }

  remove(hash: number, record: number): void {
    const mask = this.slots.length - 1;
    for (let i = hash & mask; this.slots[i] !== EMPTY; i = (i + 1) & mask) {
      if (this.slots[i] === record + 1) {
        this.slots[i] = DELETED;
        return;
      }
    }
  }

  /** The first record under `hash` that `matches`, or -1. */
  find(hash: number, matches: (record: number) => boolean): number {
    const mask = this.slots.length - 1;
    for (let i = hash & mask; this.slots[i] !== EMPTY; i = (i + 1) & mask) {
      const slot = this.slots[i] as number;
      if (slot > 0 && matches(slot - 1)) return slot - 1;
    }
    return -1;
  }
}

/** FNV-1a over a string's UTF-16 units: a customer's id is hashed only on a miss or an edit, never on a hit. */
function hashOfText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A digest is SHA-256: its first four bytes are as good a hash as any. */
const hashOfDigest = (digest: string) =>
  digest.charCodeAt(0) | (digest.charCodeAt(1) << 8) | (digest.charCodeAt(2) << 16) | (digest.charCodeAt(3) << 24);

/** Keys by their digest (secrets.ts keyDigest: 32 bytes as a "binary" string); null for a key known not to exist. */
export class KeyIndex {
  readonly #maxKeys: number;
  #digests: Uint8Array;
  #ids: Uint8Array;
  /** Each record's id length, or LONG_ID: the id is in #longIds. */
  #idLengths: Uint8Array;
  readonly #longIds = new Map<number, string>();
  #used: Uint8Array;
  /** Each record's customer's terms (null: the key does not exist); undefined: the record is free. */
  #values: (Terms | null | undefined)[] = [];
  #free: number[] = [];
  /** Records made so far, free ones included. */
  #records = 0;
  #size = 0;
  #hand = 0;
  #byDigest: Slots;
  #byCustomer: Slots;

  constructor(maxKeys: number) {
    if (!(maxKeys >= 1)) throw new RangeError("a key index holds at least one key");
    this.#maxKeys = maxKeys;
    const records = Math.min(maxKeys, FIRST_RECORDS);
    this.#digests = new Uint8Array(records * DIGEST_BYTES);
    this.#ids = new Uint8Array(records * ID_BYTES);
    this.#idLengths = new Uint8Array(records);
    this.#used = new Uint8Array(records);
    this.#byDigest = new Slots(FIRST_RECORDS * 2);
    this.#byCustomer = new Slots(FIRST_RECORDS * 2);
  }

  get size(): number {
    return this.#size;
  }

  /** The key's customer's target, made anew (null: known not to exist), or undefined when it is not held. */
  get(digest: string): CustomerTarget | null | undefined {
    const record = this.#find(digest);
    if (record < 0) return undefined;
    this.#used[record] = 1;
    const terms = this.#values[record];
    return terms && new CustomerTarget(this.#idOf(record), terms);
  }

  set(digest: string, target: CustomerTarget | null): void {
    if (digest.length !== DIGEST_BYTES) throw new RangeError(`a key's digest is ${DIGEST_BYTES} bytes`);
    let record = this.#find(digest);
    if (record >= 0) {
      this.#unlinkCustomer(record);
    } else {
      if (this.#size >= this.#maxKeys) this.#evict();
      record = this.#free.pop() ?? this.#newRecord();
      const at = record * DIGEST_BYTES;
      for (let i = 0; i < DIGEST_BYTES; i++) this.#digests[at + i] = digest.charCodeAt(i);
      this.#used[record] = 0;
      this.#size++;
      this.#byDigest.add(hashOfDigest(digest), record);
    }
    this.#values[record] = target?.terms ?? null;
    if (target) {
      this.#keepId(record, target.customerId);
      this.#byCustomer.add(hashOfText(target.customerId), record);
    }
    if (this.#byDigest.full || this.#byCustomer.full) this.#remakeTables();
  }

  delete(digest: string): void {
    const record = this.#find(digest);
    if (record >= 0) this.#remove(record);
  }

  /** Drops every key of the customer: what they found has changed. */
  deleteCustomer(customerId: string): void {
    const hash = hashOfText(customerId);
    const ofCustomer = (record: number) => this.#values[record] !== null && this.#idIs(record, customerId);
    // A removed record's slot is marked deleted, not emptied, so the search goes on past it.
    for (let record = this.#byCustomer.find(hash, ofCustomer); record >= 0; ) {
      this.#remove(record);
      record = this.#byCustomer.find(hash, ofCustomer);
    }
  }

  clear(): void {
    const fresh = new KeyIndex(this.#maxKeys);
    this.#digests = fresh.#digests;
    this.#ids = fresh.#ids;
    this.#idLengths = fresh.#idLengths;
    this.#longIds.clear();
    this.#used = fresh.#used;
    this.#values = [];
    this.#free = [];
    this.#records = 0;
    this.#size = 0;
    this.#hand = 0;
    this.#byDigest = fresh.#byDigest;
    this.#byCustomer = fresh.#byCustomer;
  }

  /** The digest's record, or -1. The hottest loop here (every check): no closure, the bytes compared in place. */
  #find(digest: string): number {
    if (digest.length !== DIGEST_BYTES) return -1;
    const slots = this.#byDigest.slots;
    const mask = slots.length - 1;
    const digests = this.#digests;
    for (let i = hashOfDigest(digest) & mask; slots[i] !== EMPTY; i = (i + 1) & mask) {
      const slot = slots[i] as number;
      if (slot < 0) continue;
      const at = (slot - 1) * DIGEST_BYTES;
      let k = 0;
      while (k < DIGEST_BYTES && digests[at + k] === digest.charCodeAt(k)) k++;
      if (k === DIGEST_BYTES) return slot - 1;
    }
    return -1;
  }

  #hashOfRecord(record: number): number {
    const at = record * DIGEST_BYTES;
    const d = this.#digests;
    return (
      (d[at] as number) | ((d[at + 1] as number) << 8) | ((d[at + 2] as number) << 16) | ((d[at + 3] as number) << 24)
    );
  }

  #idOf(record: number): string {
    const length = this.#idLengths[record] as number;
    if (length === LONG_ID) return this.#longIds.get(record) as string;
    const at = record * ID_BYTES;
    return String.fromCharCode.apply(null, this.#ids.subarray(at, at + length) as unknown as number[]);
  }

  #idIs(record: number, id: string): boolean {
    const length = this.#idLengths[record] as number;
    if (length === LONG_ID) return this.#longIds.get(record) === id;
    if (length !== id.length) return false;
    const at = record * ID_BYTES;
    for (let i = 0; i < length; i++) if (this.#ids[at + i] !== id.charCodeAt(i)) return false;
    return true;
  }

  #keepId(record: number, id: string): void {
    this.#longIds.delete(record);
    let ascii = id.length <= ID_BYTES;
    for (let i = 0; ascii && i < id.length; i++) ascii = id.charCodeAt(i) < 128;
    if (!ascii) {
      this.#idLengths[record] = LONG_ID;
      this.#longIds.set(record, id);
      return;
    }
    const at = record * ID_BYTES;
    for (let i = 0; i < id.length; i++) this.#ids[at + i] = id.charCodeAt(i);
    this.#idLengths[record] = id.length;
  }

  #newRecord(): number {
    const record = this.#records++;
    if (record === this.#used.length) {
      const records = Math.min(this.#maxKeys, this.#used.length * 2);
      this.#digests = grown(this.#digests, records * DIGEST_BYTES);
      this.#ids = grown(this.#ids, records * ID_BYTES);
      this.#idLengths = grown(this.#idLengths, records);
      this.#used = grown(this.#used, records);
    }
    return record;
  }

  #unlinkCustomer(record: number): void {
    if (this.#values[record]) this.#byCustomer.remove(hashOfText(this.#idOf(record)), record);
  }

  #remove(record: number): void {
    this.#byDigest.remove(this.#hashOfRecord(record), record);
    this.#unlinkCustomer(record);
    this.#values[record] = undefined;
    this.#longIds.delete(record);
    this.#free.push(record);
    this.#size--;
  }

  /** Drops the first key the hand finds unused since it last passed, clearing the bits of those it passes. */
  #evict(): void {
    for (;;) {
      const record = this.#hand;
      this.#hand = (this.#hand + 1) % this.#records;
      if (this.#values[record] === undefined) continue;
      if (this.#used[record]) {
        this.#used[record] = 0;
        continue;
      }
      this.#remove(record);
      return;
    }
  }

  /** Both tables made again without their deleted slots, twice the size when the keys fill more than 3/8 of them. */
  #remakeTables(): void {
    const length = this.#byDigest.slots.length;
    const next = this.#size > length * 0.375 ? length * 2 : length;
    this.#byDigest = new Slots(next);
    this.#byCustomer = new Slots(next);
    for (let record = 0; record < this.#records; record++) {
      const value = this.#values[record];
      if (value === undefined) continue;
      this.#byDigest.add(this.#hashOfRecord(record), record);
      if (value) this.#byCustomer.add(hashOfText(this.#idOf(record)), record);
    }
  }
}

function grown(bytes: Uint8Array, length: number): Uint8Array {
  const more = new Uint8Array(length);
  more.set(bytes);
  return more;
}
