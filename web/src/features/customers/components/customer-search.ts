// Which customers a search finds: every word typed appears in the name or the id, in any case, in any order.
import type { Customer } from "../../../lib/domain";

/** How many rows the list shows at first, and adds with each "Show more": a long list stays quick to read. */
export const PAGE_SIZE = 100;

/** The customers found, in the list's order, as a new array. */
export function searchCustomers(customers: Customer[], query: string): Customer[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...customers];
  return customers.filter((customer) => {
    const text = `${customer.name} ${customer.id}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}
