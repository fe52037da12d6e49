// Who is on a plan, in a few words: the names of the first customers and how many more.
import type { Customer } from "../../../lib/domain";

// Enough names to find them by, few enough to read in a dialog.
const NAMED = 3;

/** The customers on the plan, oldest first as the API lists them. */
export const usersOf = (customers: readonly Customer[], planId: string) => customers.filter((c) => c.planId === planId);

/** "Acme", "Acme and Beta", "Acme, Beta and Gamma", "Acme, Beta, Gamma and 2 more". */
export function namesText(names: readonly string[]): string {
  if (names.length > NAMED) return `${names.slice(0, NAMED).join(", ")} and ${names.length - NAMED} more`;
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
