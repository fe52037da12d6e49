// The scale scenario's customers, made from their number alone: id, name, key and key id, so that the seed (SQL) and
// the load (wrk's Lua) name the same customers without a list of a million keys passed between them.
import { sha256 } from "../../api/src/config/secrets";

// Shaped as the service's own: `cus_`/`key_` and 16 characters, `qk_` and 32 (api/src/config/secrets.ts).
const ID_DIGITS = 11;
const KEY_PREFIX = "qk_scale";
const KEY_DIGITS = 27;

/** Words the names are made of: a search by the start of one finds one customer in WORDS.length at every size. */
const WORDS = [
  "Amber",
  "Birch",
  "Cobalt",
  "Delta",
  "Ember",
  "Fjord",
  "Granite",
  "Harbor",
  "Indigo",
  "Juniper",
  "Kestrel",
  "Lumen",
  "Maple",
  "Nimbus",
  "Onyx",
  "Prairie",
  "Quarry",
  "Raven",
  "Sierra",
  "Tundra",
  "Umber",
  "Vertex",
  "Willow",
  "Zephyr",
];
const KINDS = ["Labs", "Ltd", "Systems", "Studio", "Works", "Cloud", "Health", "Foods"];

/** What GET /v1/customers?q= looks for: the start of the first word of one customer's name in WORDS.length. */
export const SEARCH = "cob";

const digits = (i: number, n: number) => String(i).padStart(n, "0");

export const customerId = (i: number) => `cus_scale${digits(i, ID_DIGITS)}`;
export const keyId = (i: number) => `key_scale${digits(i, ID_DIGITS)}`;
export const apiKey = (i: number) => `${KEY_PREFIX}${digits(i, KEY_DIGITS)}`;
// Two words, as most company names: each word more makes a customer's search rows (customer_prefixes) about a third
// more, and the seed's time with them.
export const customerName = (i: number) =>
  `${WORDS[i % WORDS.length]} ${KINDS[Math.floor(i / WORDS.length) % KINDS.length]}`;

export type SeededCustomer = {
  index: number;
  id: string;
  name: string;
  keyId: string;
  /** What the service keeps of a key: its SHA-256, hex (the key itself is shown once and never stored). */
  keyHash: string;
  /** The key's start, shown in lists: `qk_` and 8 characters, as api/src/config/secrets.ts cuts it. */
  keyPrefix: string;
  /** One millisecond apart, oldest first, so the list's order is the customers' numbers. */
  createdAt: string;
};

export function seededCustomer(i: number, epochMs: number): SeededCustomer {
  const key = apiKey(i);
  return {
    index: i,
    id: customerId(i),
    name: customerName(i),
    keyId: keyId(i),
    keyHash: sha256(key),
    keyPrefix: key.slice(0, "qk_".length + 8),
    createdAt: new Date(epochMs + i).toISOString(),
  };
}

/** A Lua long string, which needs no escaping as long as `]==]` does not occur inside. */
const lua = (s: string) => `[==[${s}]==]`;

/** The wrk script's opening: the headers, and a check's request for customer i, made in Lua as apiKey(i) is. */
function checksOf(serviceToken: string): string[] {
  return [
    `local headers = { [ ${lua("authorization")} ] = ${lua(`Bearer ${serviceToken}`)}, [ ${lua("content-type")} ] = ${lua("application/json")} }`,
    "local function check(i)",
    `  return wrk.format("POST", "/v1/check", headers, string.format('{"key":"${KEY_PREFIX}%0${KEY_DIGITS}d"}', i))`,
    "end",
  ];
}

/** Checks of customers drawn at random (uniformly, from `seed`) among the first `customers`, for as long as wrk runs. */
export function randomChecksScript(serviceToken: string, customers: number, seed: number): string {
  return [
    ...checksOf(serviceToken),
    `math.randomseed(${seed})`,
    "function request()",
    `  return check(math.random(0, ${customers - 1}))`,
    "end",
    "",
  ].join("\n");
}

/** What the each-once script prints when every check was answered: the job's `doneLine`, on which wrk is stopped. */
export const EACH_ANSWERED = "bench: every key answered";

/**
 * One check of every customer from `from` to `to` - 1, in turn; once that many were answered, the script stops
 * sending and prints EACH_ANSWERED. Checks sent while the last answers are on their way start again at `from`.
 */
export function eachOnceScript(serviceToken: string, from: number, to: number): string {
  return [
    ...checksOf(serviceToken),
    "local sent, answered = 0, 0",
    "function request()",
    `  local i = ${from} + sent % ${to - from}`,
    "  sent = sent + 1",
    "  return check(i)",
    "end",
    "function response()",
    "  answered = answered + 1",
    `  if answered == ${to - from} then`,
    "    wrk.thread:stop()",
    `    io.write(${lua(`${EACH_ANSWERED}\n`)})`,
    "    io.flush()",
    "  end",
    "end",
    "",
  ].join("\n");
}
