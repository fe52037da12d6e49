// The routes of a versioned resource (plans, customers; contract section 4): create, read, change with If-Match and
// delete, each answer carrying the version as the ETag. A resource describes itself (VersionedRoutes); its list stays
// in its own file, as the two lists differ.
import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { allow } from "../auth";
import type { Changes, Versioned, VersionedStore } from "../config/versioned-store";
import type { App } from "../deps";
import { ApiError, unwrap } from "../errors";
import {
  errorResponses,
  etag,
  etagHeader,
  ifMatchHeader,
  ifMatchOf,
  jsonBody,
  jsonContent,
  noBody,
  security,
} from "../http";
import { idParam } from "./id-param";

/** What the document says of one route: its summary, and the description beneath it. */
type RouteDoc = { summary: string; description: string };

export type VersionedRoutes<T extends Versioned, Create> = {
  /** What the resource is called: `plan` names the routes' operations (createPlan …) and their answers. */
  name: string;
  /** The collection's path; one resource is at `{path}/{id}`. */
  path: string;
  tags: string[];
  /** An id, and a version, as the document's examples. */
  example: { id: string; version: number };
  schemas: { resource: z.ZodType<T>; create: z.ZodType<Create>; patch: z.ZodType<Changes<T>> };
  docs: { create: RouteDoc; get: RouteDoc; update: RouteDoc & { answer: string }; remove: RouteDoc };
  store: VersionedStore<T, Create>;
  /** Words for a refused delete (409) that say more than the store's, when there are any. */
  whyNotRemoved?(id: string): Promise<string | null>;
  /** What goes with a deleted resource besides its row, once the delete has gone through. */
  afterRemove?(id: string): Promise<void>;
  /** What a new resource needs besides its row, once it is made: `asked` is the body it was made from. */
  afterCreate?(created: T, asked: Create): Promise<void>;
};

// The errors of a write that reads a JSON body, besides its own.
const BODY_ERRORS = ["payload_too_large", "unsupported_media_type"] as const;
// The errors of a change or a delete of one resource, guarded by its version.
const ONE_WRITE_ERRORS = [
  "invalid_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "precondition_failed",
] as const;

export function registerVersioned<T extends Versioned, Create>(app: App, resource: VersionedRoutes<T, Create>) {
  const { name, path, tags, example, schemas, docs, store } = resource;
  const Name = name[0]?.toUpperCase() + name.slice(1);
  const IdParam = idParam(name, example.id);
  const IfMatchHeader = ifMatchHeader(name, example.version);
  const withEtag = etagHeader(name, example.version);
  const one = `${path}/{id}`;
  /** What every route of the resource opens with: its place, its operation's name and its words. */
  const opening = <M extends "post" | "get" | "patch" | "delete">(method: M, at: string, verb: string, doc: RouteDoc) =>
    ({ method, path: at, operationId: `${verb}${Name}`, tags, security, ...doc }) as const;
  /** The answer of a route that shows the resource: the resource, its version as the ETag. */
  const shown = <V extends T>(c: Context, value: V) => {
    c.header("ETag", etag(value.version));
    return value;
  };
  // The bodies as any schema, which the framework's types can read; each is read back as the store takes it.
  const body = { create: schemas.create as z.ZodType, patch: schemas.patch as z.ZodType };

  app.openapi(
    createRoute({
      ...opening("post", path, "create", docs.create),
      middleware: [allow("admin"), jsonBody],
      request: { body: { required: true, content: { "application/json": { schema: body.create } } } },
      responses: {
        201: { ...jsonContent(schemas.resource, `The ${name}, at version 1`), headers: withEtag },
        ...errorResponses("invalid_request", "unauthorized", "forbidden", "conflict", ...BODY_ERRORS),
      },
    }),
    async (c) => {
      const asked = c.req.valid("json") as Create;
      const created = unwrap(await store.create(asked, c.get("principal").actor));
      await resource.afterCreate?.(created, asked);
      return c.json(shown(c, created), 201);
    },
  );

  app.openapi(
    createRoute({
      ...opening("get", one, "get", docs.get),
      middleware: [allow("admin")],
      request: { params: IdParam },
      responses: {
        200: { ...jsonContent(schemas.resource, `The ${name}`), headers: withEtag },
        ...errorResponses("unauthorized", "forbidden", "not_found"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const found = await store.get(id);
      if (!found) throw new ApiError("not_found", `${name} ${id} does not exist`);
      return c.json(shown(c, found), 200);
    },
  );

  app.openapi(
    createRoute({
      ...opening("patch", one, "update", { summary: docs.update.summary, description: docs.update.description }),
      middleware: [allow("admin"), jsonBody],
      request: {
        params: IdParam,
        headers: IfMatchHeader,
        body: { required: true, content: { "application/json": { schema: body.patch } } },
      },
      responses: {
        200: { ...jsonContent(schemas.resource, docs.update.answer), headers: withEtag },
        ...errorResponses(...ONE_WRITE_ERRORS, ...BODY_ERRORS),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const patch = c.req.valid("json") as Changes<T>;
      const updated = unwrap(
        await store.update(id, patch, ifMatchOf(c.req.header("if-match")), c.get("principal").actor),
      );
      return c.json(shown(c, updated), 200);
    },
  );

  app.openapi(
    createRoute({
      ...opening("delete", one, "delete", docs.remove),
      middleware: [allow("admin"), noBody],
      request: { params: IdParam, headers: IfMatchHeader },
      responses: {
        204: { description: "Deleted" },
        ...errorResponses(...ONE_WRITE_ERRORS, ...BODY_ERRORS),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const removed = await store.remove(id, ifMatchOf(c.req.header("if-match")), c.get("principal").actor);
      if (!removed.ok && removed.code === "conflict") {
        const why = await resource.whyNotRemoved?.(id);
        if (why) throw new ApiError("conflict", why);
      }
      unwrap(removed);
      await resource.afterRemove?.(id);
      return c.body(null, 204);
    },
  );
}
