// A versioned resource is a description: a table and a few words made in this test alone (notes) get reads, writes
// guarded by the version (If-Match: 412), retries past another writer, and an audit entry per change, named by it.
import { beforeEach, expect, test } from "vitest";
import { fail } from "../errors";
import { listAudit } from "./audit";
import { NOTES_NOW, notesDb, notesStore } from "./testing/notes";

let db: Awaited<ReturnType<typeof notesDb>>["db"];
let client: Awaited<ReturnType<typeof notesDb>>["client"];
let store: ReturnType<typeof notesStore>;
// What the next check of a note does first, as another writer would between the store's read and its write.
let meanwhile: () => Promise<void>;

beforeEach(async () => {
  ({ db, client } = await notesDb());
  meanwhile = async () => {};
  store = notesStore(db, () => meanwhile());
});

const actions = async () => (await listAudit(db, 100)).map((entry) => `${entry.action} ${entry.target}`).reverse();

test("create, read, update and delete, each with its audit entry named after the resource", async () => {
  const made = await store.create({ id: "n1", body: "hello" }, "test");
  expect(made).toEqual({
    ok: true,
    value: {
      id: "n1",
      body: "hello",
      version: 1,
      createdAt: NOTES_NOW.toISOString(),
      updatedAt: NOTES_NOW.toISOString(),
    },
  });
  expect(await store.get("n1")).toMatchObject({ body: "hello", version: 1 });
  expect(await store.create({ id: "n1", body: "again" }, "test")).toEqual(fail("conflict", "note n1 already exists"));

  expect(await store.update("n1", { body: "hello" }, undefined, "test")).toMatchObject({ value: { version: 1 } });
  expect(await store.update("n1", { body: "hi" }, [1], "test")).toMatchObject({ value: { body: "hi", version: 2 } });
  expect(await store.remove("n1", "*", "test")).toMatchObject({ value: { version: 2 } });
  expect(await store.get("n1")).toBeNull();
  expect(await store.remove("n1", undefined, "test")).toEqual(fail("not_found", "note n1 does not exist"));
  // The change that changed nothing left no entry, and the refused create none either.
  expect(await actions()).toEqual(["note.create n1", "note.update n1", "note.delete n1"]);
});

test("a write whose If-Match names another version, or that the resource refuses, changes nothing", async () => {
  await store.create({ id: "n1", body: "hello" }, "test");
  expect(await store.update("n1", { body: "hi" }, [2, 3], "test")).toEqual(
    fail("precondition_failed", "note n1 is at version 1, not 2 or 3"),
  );
  expect(await store.remove("n1", [], "test")).toEqual(
    fail("precondition_failed", "note n1 is at version 1, not the one asked for"),
  );
  expect(await store.update("n1", { body: "" }, undefined, "test")).toEqual(
    fail("invalid_request", "a note says something"),
  );
  expect(await store.get("n1")).toMatchObject({ body: "hello", version: 1 });
  expect(await actions()).toEqual(["note.create n1"]);
});

test("another writer between the read and the write: 412 with If-Match, the patch applied to its version without", async () => {
  await store.create({ id: "n1", body: "hello" }, "test");
  const anotherWriter = () => {
    meanwhile = async () => {
      meanwhile = async () => {};
      await client.execute("UPDATE notes SET body = 'theirs', version = version + 1 WHERE id = 'n1'");
    };
  };
  anotherWriter();
  expect(await store.update("n1", { body: "mine" }, [1], "test")).toEqual(
    fail("precondition_failed", "note n1 changed meanwhile"),
  );
  expect(await store.get("n1")).toMatchObject({ body: "theirs", version: 2 });

  anotherWriter();
  expect(await store.update("n1", { body: "mine" }, undefined, "test")).toMatchObject({
    value: { body: "mine", version: 4 },
  });
  // Only the write that went through is audited, from the version it was applied to.
  const [entry] = await listAudit(db, 1);
  expect(entry).toMatchObject({ action: "note.update", before: { version: 3 }, after: { version: 4 } });
  expect(await actions()).toEqual(["note.create n1", "note.update n1"]);
});

// Found by an audit: 20 edits of one customer at once without If-Match, over two servers, answered 409 "changing too
// often" now and then (70 of 100 when they all read before any writes, as here); last write wins, each applied.
test("20 edits at once without If-Match are each applied once: the version moves by 20", async () => {
  expect((await store.create({ id: "n1", body: "hello" }, "test")).ok).toBe(true);
  const edits = await Promise.all(
    Array.from({ length: 20 }, (_, i) => store.update("n1", { body: `edit ${i}` }, undefined, "test")),
  );
  expect(edits.filter((e) => !e.ok)).toEqual([]);
  expect((await store.get("n1"))?.version).toBe(21);
  expect((await actions()).filter((a) => a === "note.update n1")).toHaveLength(20);
});
