// The cursor of the customer list (GET /v1/customers): where the next page begins, opaque to the caller. It holds the
// last customer's createdAt and id, the list's order, so the next page is read from the index at that place; anything
// that is not a cursor this service made is a 400, never a guess.
import { Buffer } from "node:buffer";
import { z } from "@hono/zod-openapi";
import type { ListPosition } from "../config/customer-reads";
import { CUSTOMER_ID } from "../domain/customer";

const Position = z.tuple([z.iso.datetime(), z.string().regex(CUSTOMER_ID)]);

export const encodeCursor = ({ createdAt, id }: ListPosition): string =>
  Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");

/** The place a cursor names, or null when the text is not a cursor (Node decodes base64url leniently, so check). */
export function decodeCursor(cursor: string): ListPosition | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const position = Position.safeParse(decoded);
  return position.success ? { createdAt: position.data[0], id: position.data[1] } : null;
}

/** The query parameter: a cursor string in, the place it names out; a malformed one fails validation (400). */
export const Cursor = z
  .string()
  .transform((cursor, ctx) => {
    const position = decodeCursor(cursor);
    if (position) return position;
    ctx.addIssue({ code: "custom", message: "not a nextCursor of this list; leave it out for the first page" });
    return z.NEVER;
  })
  .meta({
    description: "The nextCursor of the page before, as it came; leave it out for the first page.",
    example: "WyIyMDI2LTExLTMwVDEwOjAwOjAwLjAwMFoiLCJjdXNfN1lxSzJtUDl4VzR0TGIzbiJd",
  });
