// The cached API keys a check finds its customer by: a key's SHA-256 → its customer's entry, for a million keys.
// lru-cache's Map and lists held some 165 bytes a key inside V8's heap besides the digest's own string (48), and V8
// grows its heap ahead of what it holds (bench: RSS per cached key). Here a key costs its 32-byte digest and a few
// indexes, in typed arrays outside the heap, and one slot of an array of entries: about 60 bytes.
//
// Records are dense (a freed one is used again); two open-addressing tables of record numbers find them, one by the
// digest, one by the customer (a customer's edit drops its keys, whichever they are). Past `maxKeys` the least
// recently used go first, approximately: CLOCK, a bit set on each hit and cleared as the hand passes, the first key
// found unused going, so that a hit is one store and not a move in a list. A key just added starts unused: a flood of
// keys looked up once (unknown ones, say) pushes out each other before the keys in use.

const DIGEST_BYTES = 32;
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
export class KeyIndex<V extends { customerId: string }> {
  readonly #maxKeys: number;
  #digests: Uint8Array;
  #used: Uint8Array;
  /** Each record's value; undefined: the record is free. */
  #values: (V | null | undefined)[] = [];
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
    this.#used = new Uint8Array(records);
    this.#byDigest = new Slots(FIRST_RECORDS * 2);
    this.#byCustomer = new Slots(FIRST_RECORDS * 2);
  }

  get size(): number {
    return this.#size;
  }

  /** The key's value (null: known not to exist), or undefined when it is not held. */
  get(digest: string): V | null | undefined {
    const record = this.#find(digest);
    if (record < 0) return undefined;
    this.#used[record] = 1;
    return this.#values[record];
  }

  set(digest: string, value: V | null): void {
    if (digest.length !== DIGEST_BYTES) throw new RangeError(`a key's digest is ${DIGEST_BYTES} bytes`);
    let record = this.#find(digest);
    if (record >= 0) {
      this.#unlinkCustomer(record);
      this.#values[record] = value;
      if (value) this.#byCustomer.add(hashOfText(value.customerId), record);
      return;
    }
    if (this.#size >= this.#maxKeys) this.#evict();
    record = this.#free.pop() ?? this.#newRecord();
    const at = record * DIGEST_BYTES;
    for (let i = 0; i < DIGEST_BYTES; i++) this.#digests[at + i] = digest.charCodeAt(i);
    this.#values[record] = value;
    this.#used[record] = 0;
    this.#size++;
    this.#byDigest.add(hashOfDigest(digest), record);
    if (value) this.#byCustomer.add(hashOfText(value.customerId), record);
    if (this.#byDigest.full || this.#byCustomer.full) this.#remakeTables();
  }

  delete(digest: string): void {
    const record = this.#find(digest);
    if (record >= 0) this.#remove(record);
  }

  /** Drops every key of the customer: what they found has changed. */
  deleteCustomer(customerId: string): void {
    const hash = hashOfText(customerId);
    const ofCustomer = (record: number) => this.#values[record]?.customerId === customerId;
    // A removed record's slot is marked deleted, not emptied, so the search goes on past it.
    for (let record = this.#byCustomer.find(hash, ofCustomer); record >= 0; ) {
      this.#remove(record);
      record = this.#byCustomer.find(hash, ofCustomer);
    }
  }

  clear(): void {
    const fresh = new KeyIndex<V>(this.#maxKeys);
    this.#digests = fresh.#digests;
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

  #newRecord(): number {
    const record = this.#records++;
    if (record === this.#used.length) {
      const records = Math.min(this.#maxKeys, this.#used.length * 2);
      const digests = new Uint8Array(records * DIGEST_BYTES);
      digests.set(this.#digests);
      this.#digests = digests;
      const used = new Uint8Array(records);
      used.set(this.#used);
      this.#used = used;
    }
    return record;
  }

  #unlinkCustomer(record: number): void {
    const value = this.#values[record];
    if (value) this.#byCustomer.remove(hashOfText(value.customerId), record);
  }

  #remove(record: number): void {
    this.#byDigest.remove(this.#hashOfRecord(record), record);
    this.#unlinkCustomer(record);
    this.#values[record] = undefined;
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
      if (value) this.#byCustomer.add(hashOfText(value.customerId), record);
    }
  }
}
