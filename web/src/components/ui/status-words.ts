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

const COUNTER_STORE =
  "Plans that fail open are allowing every check, without counting it; plans that fail closed (metered) are answering 503 to every check. Customers already denied stay denied until their retry time.";

const CONFIG_STORE =
  "Checks for API keys this server has cached go on as before, with the plans it has cached; other checks, the console's pages and every change (plans, customers, keys, tokens) are answered 503 until it is back.";

export function statusWords(readiness: Readiness | undefined): StatusWords {
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
        lines: [`Config store: ${CONFIG_STORE}`, `Counter store: ${COUNTER_STORE}`],
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
    banner: { title: "The counter store is not answering.", lines: [COUNTER_STORE] },
  };
}
