// The API's refusals on a customer in plain words: what happened and what the admin can do, never its raw text.
import { isApiError } from "../../../lib/api-client";
import { humanize } from "../../../lib/limit-input";

const MISSING_PLAN = /plan (\S+) does not exist/;

/** Words for an error of an action on the customer named `name`. */
export function errorWords(error: unknown, name: string): string {
  if (!isApiError(error)) return "Something went wrong in the console. Reload the page and try again.";
  switch (error.code) {
    case "network":
      return error.message;
    case "not_found":
      return `Customer ${name} no longer exists: another admin deleted it. Close it; the list shows the customers there are now.`;
    case "precondition_failed":
      return `Someone else changed ${name} since you opened it, so nothing was changed. Look at the current version and try again.`;
    case "conflict":
      return `Other changes to ${name} kept getting in the way, so nothing was changed. Wait a moment and try again.`;
    case "invalid_request": {
      const plan = MISSING_PLAN.exec(error.message)?.[1];
      if (plan) return `Plan ${plan} no longer exists: another admin deleted it. Choose another plan.`;
      return `The API refused the values: ${humanize(error.message.replace(/^\w+: /, ""))}. Correct them and try again.`;
    }
    case "unauthorized":
    case "forbidden":
      return "Your token is no longer accepted as an admin's. Sign in again with an admin token.";
    case "store_unavailable":
      return "The counter store is not answering, so the counters were not touched. Try again once it is back.";
    default:
      return `The server failed (${error.status}${error.requestId ? `, request ${error.requestId}` : ""}). Nothing may have changed: reload and look before you try again.`;
  }
}
