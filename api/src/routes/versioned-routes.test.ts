// The versioned resource's routes are made from a description: notes, described in this test alone, get their
// create, read, change and delete with the version as the ETag, If-Match's 412, and their operations in the document.
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { beforeEach, expect, test } from "vitest";
import { notesDb, notesStore } from "../config/testing/notes";
import type { App, AppEnv } from "../deps";
import { errorAnswer } from "../error-answer";
import { callThrough } from "../testing/test-app";
import { registerVersioned } from "./versioned-routes";

const Note = z.object({
  id: z.string(),
  body: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const doc = (summary: string) => ({ summary, description: `${summary}, as notes do.` });

let app: App;
let call: ReturnType<typeof callThrough>;

beforeEach(async () => {
  const { db } = await notesDb();
  app = new OpenAPIHono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("principal", { kind: "admin", actor: "test" });
    await next();
  });
  registerVersioned(app, {
    name: "note",
    path: "/v1/notes",
    tags: ["Notes"],
    example: { id: "n1", version: 2 },
    schemas: {
      resource: Note,
      create: z.object({ id: z.string(), body: z.string() }),
      patch: z.object({ body: z.string() }),
    },
    store: notesStore(db),
    docs: {
      create: doc("Write a note"),
      get: doc("Read a note"),
      update: { ...doc("Change a note"), answer: "The note" },
      remove: doc("Drop a note"),
    },
  });
  const logger = { debug: () => {}, info: () => {}, error: () => {} };
  app.onError((error, c) => {
    const { status, body, headers } = errorAnswer(error, "", logger);
    return c.json(body, status, headers);
  });
  call = callThrough(async (path, init) => app.request(path, init));
});

test("each write answers with the version as the ETag, and a stale If-Match changes nothing", async () => {
  const made = await call("POST", "/v1/notes", { body: { id: "n1", body: "hello" } });
  expect([made.status, made.headers.get("etag"), made.json.body]).toEqual([201, '"1"', "hello"]);
  expect((await call("GET", "/v1/notes/n1")).headers.get("etag")).toBe('"1"');
  const missing = await call("GET", "/v1/notes/nope");
  expect([missing.status, missing.json.error.message]).toEqual([404, "note nope does not exist"]);

  const stale = await call("PATCH", "/v1/notes/n1", { body: { body: "hi" }, headers: { "if-match": '"2"' } });
  expect([stale.status, stale.json.error.code]).toEqual([412, "precondition_failed"]);
  const changed = await call("PATCH", "/v1/notes/n1", { body: { body: "hi" }, headers: { "if-match": '"1"' } });
  expect([changed.status, changed.headers.get("etag"), changed.json.body]).toEqual([200, '"2"', "hi"]);

  expect((await call("DELETE", "/v1/notes/n1", { headers: { "if-match": '"1"' } })).status).toBe(412);
  expect((await call("DELETE", "/v1/notes/n1")).status).toBe(204);
  expect((await call("GET", "/v1/notes/n1")).status).toBe(404);
});

test("the document names the operations after the resource, and shows its example version", () => {
  const document = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "notes", version: "1" } });
  const paths = document.paths ?? {};
  expect(Object.keys(paths)).toEqual(["/v1/notes", "/v1/notes/{id}"]);
  expect(paths["/v1/notes"]?.post?.operationId).toBe("createNote");
  const one = paths["/v1/notes/{id}"];
  expect([one?.get?.operationId, one?.patch?.operationId, one?.delete?.operationId]).toEqual([
    "getNote",
    "updateNote",
    "deleteNote",
  ]);
  expect(JSON.stringify(one?.patch)).toContain('The note version you read, as its ETag (\\"2\\")');
});
