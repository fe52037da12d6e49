// What the console says about its stores for each answer of /readyz: the dot's tone and words, and the banner's
// plain account of what an outage means for checks and for the console (README "When Redis is down").
import type { Readiness } from "../../app/readiness";

export type StatusTone = "ok" | "unknown" | "down";

export type StatusWords = {
  tone: StatusTone;
  /** Beside the dot, so the colour is never the only sign. */
  label: string;
  /** The banner: a title and what it means, or null when all is well. */
  banner: { title: string; lines: string[] } | null;
};

const OPEN_AND_CLOSED =
  "Plans that fail open are allowing every check, without counting it; plans that fail closed (metered) are answering 503 to every check.";

const STILL_DENIED = "Customers already denied stay denied until their retry time.";

/** Past this many local plans the banner names one fewer and counts the rest, so it never says "and 1 more". */
const NAMED_AT_MOST = 5;

/** "(Pro, Team)", or "(A, B, C, D and 3 more)" for many. */
function nameList(names: readonly string[]): string {
  if (names.length <= NAMED_AT_MOST) return `(${names.join(", ")})`;
  const named = names.slice(0, NAMED_AT_MOST - 1);
  return `(${named.join(", ")} and ${names.length - named.length} more)`;
}

/**
 * What plans failing "local" do, naming them when their names are known (undefined: not known, say while the plans
 * load or when the config store cannot list them); nothing when it is known that no plan does.
 */
function localWords(names: readonly string[] | undefined): string | null {
  if (names?.length === 0) return null;
  const plans = names === undefined ? "Plans that limit locally" : `Plans that limit locally ${nameList(names)}`;
  return `${plans} are holding each customer to this server's share of what the customer had left; what they allow is added to the counts when the store is back.`;
}

const counterStoreWords = (localPlans: readonly string[] | undefined) =>
  [OPEN_AND_CLOSED, localWords(localPlans), STILL_DENIED].filter((sentence) => sentence !== null).join(" ");

const CONFIG_STORE =
  "Checks for API keys this server has cached go on as before, with the plans it has cached; other checks, the console's pages and every change (plans, customers, keys, tokens) are answered 503 until it is back.";

/**
 * `localPlans`: the names of the plans that fail "local", read only while the counter store is down; undefined when
 * they are not known.
 */
export function statusWords(readiness: Readiness | undefined, localPlans?: readonly string[]): StatusWords {
  if (readiness === undefined) return { tone: "unknown", label: "Checking stores…", banner: null };
  if (readiness.kind === "ready") return { tone: "ok", label: "Stores answering", banner: null };
  if (readiness.kind === "unknown") {
    return {
      tone: "unknown",
      label: "Store status unknown",
      banner: {
        title: `${readiness.why} The stores' status is unknown.`,
        lines: ["What the console shows may be out of date. It asks again every 5 seconds."],
      },
    };
  }
  const config = readiness.configStore === "down";
  const counter = readiness.counterStore === "down";
  if (config && counter) {
    return {
      tone: "down",
      label: "Both stores down",
      banner: {
        title: "Neither the config store (the database) nor the counter store is answering.",
        lines: [`Config store: ${CONFIG_STORE}`, `Counter store: ${counterStoreWords(localPlans)}`],
      },
    };
  }
  if (config) {
    return {
      tone: "down",
      label: "Config store down",
      banner: { title: "The config store (the database) is not answering.", lines: [CONFIG_STORE] },
    };
  }
  return {
    tone: "down",
    label: "Counter store down",
    banner: { title: "The counter store is not answering.", lines: [counterStoreWords(localPlans)] },
  };
}
