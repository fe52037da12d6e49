// A remote libSQL for tests: Hrana v2 over HTTP (POST /v2/pipeline, what @libsql/client/web speaks to a libsql:// or
// https:// DATABASE_URL) in front of a real SQLite file through libSQL's own driver, as the Upstash endpoint fronts Redis.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import Database from "libsql";

type Value =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
type Stmt = {
  sql?: string;
  sql_id?: number;
  args?: Value[];
  named_args?: { name: string; value: Value }[];
  want_rows?: boolean;
};
type Condition =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Condition }
  | { type: "and" | "or"; conds: Condition[] }
  | { type: "is_autocommit" };
type StreamRequest =
  | { type: "close" | "get_autocommit" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; batch: { steps: { condition?: Condition; stmt: Stmt }[] } }
  | { type: "sequence"; sql: string }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number };

export type LibsqlEndpoint = { url: string; token: string; close(): Promise<void> };

const fromValue = (v: Value): unknown =>
  v.type === "null"
    ? null
    : v.type === "integer"
      ? BigInt(v.value)
      : v.type === "blob"
        ? Buffer.from(v.base64, "base64")
        : v.value;

function toValue(v: unknown): Value {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: String(v) };
  if (typeof v === "number") return { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  return { type: "blob", base64: Buffer.from(v as ArrayBuffer).toString("base64") };
}

type StmtResult = {
  cols: { name: string; decltype: string | null }[];
  rows: Value[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};

const errorOf = (error: unknown) => ({
  message: error instanceof Error ? error.message : String(error),
  code: (error as { code?: string }).code ?? "UNKNOWN",
});

/** Serves the SQLite file at `path` until closed; every pipeline runs alone, in arrival order. */
export async function startLibsqlEndpoint({ path }: { path: string }): Promise<LibsqlEndpoint> {
  const token = randomBytes(24).toString("base64url");
  const digest = (s: string) => createHash("sha256").update(s).digest();
  const expected = digest(`Bearer ${token}`);
  // One connection, one pipeline at a time (the driver is synchronous): a batch's BEGIN … COMMIT never interleaves
  // with another stream's. Integers as BigInt, as they cross the wire as text.
  const db = new Database(path);
  db.defaultSafeIntegers(true);

  // SQL the client stored for this stream (it sends each statement's text once, then its number).
  const stored = new Map<number, string>();
  function run(stmt: Stmt, wantRows = true): StmtResult {
    const prepared = db.prepare(stmt.sql ?? stored.get(stmt.sql_id ?? -1) ?? "");
    const args = stmt.named_args?.length
      ? [Object.fromEntries(stmt.named_args.map((a) => [a.name.replace(/^[:@$]/, ""), fromValue(a.value)]))]
      : (stmt.args ?? []).map(fromValue);
    if (prepared.reader) {
      const rows = prepared.raw(true).all(...args) as unknown[][];
      return {
        cols: prepared.columns().map((c) => ({ name: c.name, decltype: c.type })),
        rows: wantRows ? rows.map((row) => row.map(toValue)) : [],
        affected_row_count: 0,
        last_insert_rowid: null,
      };
    }
    const { changes, lastInsertRowid } = prepared.run(...args);
    return { cols: [], rows: [], affected_row_count: changes, last_insert_rowid: String(lastInsertRowid) };
  }

  function batch(steps: { condition?: Condition; stmt: Stmt }[]) {
    const results: (StmtResult | null)[] = [];
    const errors: (ReturnType<typeof errorOf> | null)[] = [];
    const holds = (c: Condition): boolean =>
      c.type === "ok"
        ? results[c.step] != null
        : c.type === "error"
          ? errors[c.step] != null
          : c.type === "not"
            ? !holds(c.cond)
            : c.type === "and"
              ? c.conds.every(holds)
              : c.type === "or"
                ? c.conds.some(holds)
                : db.inTransaction === false;
    for (const step of steps) {
      results.push(null);
      errors.push(null);
      if (step.condition && !holds(step.condition)) continue;
      try {
        results[results.length - 1] = run(step.stmt, step.stmt.want_rows ?? true);
      } catch (error) {
        errors[errors.length - 1] = errorOf(error);
      }
    }
    return { step_results: results, step_errors: errors };
  }

  function answer(request: StreamRequest) {
    try {
      switch (request.type) {
        case "execute":
          return { type: "ok", response: { type: "execute", result: run(request.stmt) } };
        case "batch":
          return { type: "ok", response: { type: "batch", result: batch(request.batch.steps) } };
        case "sequence":
          db.exec(request.sql);
          return { type: "ok", response: { type: "sequence" } };
        case "store_sql":
          stored.set(request.sql_id, request.sql);
          return { type: "ok", response: { type: "store_sql" } };
        case "close_sql":
          stored.delete(request.sql_id);
          return { type: "ok", response: { type: "close_sql" } };
        case "get_autocommit":
          return { type: "ok", response: { type: "get_autocommit", is_autocommit: !db.inTransaction } };
        default:
          return { type: "ok", response: { type: "close" } };
      }
    } catch (error) {
      return { type: "error", error: errorOf(error) };
    }
  }

  const app = new Hono().post("/v2/pipeline", async (c) => {
    if (!timingSafeEqual(digest(c.req.header("authorization") ?? ""), expected)) {
      return c.json({ message: "Unauthorized" }, 401);
    }
    const { requests } = (await c.req.json()) as { requests: StreamRequest[] };
    // Synchronous from here to the answer: nothing else runs on the connection meanwhile. Every pipeline closes its
    // stream (the client's calls are one request each), so a transaction never outlives it.
    stored.clear();
    const results = requests.map(answer);
    if (db.inTransaction) db.exec("ROLLBACK");
    return c.json({ baton: null, base_url: null, results });
  });

  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  const port = await new Promise<number>((resolve) =>
    server.once("listening", () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
    },
  };
}
