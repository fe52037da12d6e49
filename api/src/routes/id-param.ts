// The `{id}` path parameter of the routes that name one resource, described once for each kind of resource.
import { z } from "@hono/zod-openapi";

export const idParam = (what: string, example: string) =>
  z.object({ id: z.string().meta({ description: `The ${what}'s id.`, example }) });

/** A customer's id in a route's path: its own routes, its keys', its usage's and its counters' reset. */
export const CustomerParam = idParam("customer", "cus_7YqK2mP9xW4tLb3n");
