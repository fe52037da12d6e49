// GET /v1/customers: the customers table a page at a time, newest first, searched by the server (q) so that the
// console reads a page, never the whole list.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Customer } from "../../../lib/domain";

/** How many customers a page holds: the table's first rows, and each "Show more". */
export const PAGE_SIZE = 100;

export type CustomerPage = { customers: Customer[]; nextCursor: string | null };

/** Every search's pages, to refresh after a change (a customer's own queries are ["customers", id]). */
export const customerListKey = ["customer-list"] as const;

export function getCustomerPage(bearer: string, q: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q !== "") query.set("q", q);
  if (cursor !== null) query.set("cursor", cursor);
  return apiRequest<CustomerPage>(`/v1/customers?${query}`, bearer, { signal });
}

export const customerPagesOptions = (bearer: string, q: string) =>
  infiniteQueryOptions({
    queryKey: [...customerListKey, q],
    queryFn: ({ pageParam, signal }) => getCustomerPage(bearer, q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { bearer: "admin" },
  });

/** The pages read so far of what `q` finds (all customers when blank); the last search's stay shown while typing. */
export const useCustomerPages = (q: string) =>
  useInfiniteQuery({ ...customerPagesOptions(useAdminToken(), q), placeholderData: keepPreviousData });
