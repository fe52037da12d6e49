// Plans and customers carry a version that counts their changes: what If-Match names, and the answer when it is stale.
import { type SQL, sql } from "drizzle-orm";
import { fail } from "../errors";

/** The versions a write may apply to (If-Match): any (`*`, or undefined: no If-Match sent), or one of a list. */
export type IfMatch = number[] | "*" | undefined;

/** The 412 for a write whose If-Match names none of the versions there are; null when it may go ahead. */
export function staleVersion(what: string, id: string, version: number, ifMatch: IfMatch) {
  if (!Array.isArray(ifMatch) || ifMatch.includes(version)) return null;
  const asked = ifMatch.length > 0 ? ifMatch.join(" or ") : "the one asked for";
  return fail("precondition_failed", `${what} ${id} is at version ${version}, not ${asked}`);
}

/** True while the row is still at `version`: the guard that a write and its audit entry share. */
export const stillAt = (table: string, id: string, version: number): SQL =>
  sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id} AND version = ${version})`;
