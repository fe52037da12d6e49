// The text suite (testing/unstorable-text.ts) against a real Node server process, so the bytes go over the wire as
// sent.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { type ServerProcess, startServer } from "../dev/server-process";
import { ADMIN_TOKEN, callThrough } from "./testing/test-app";
import { describeUnstorableText } from "./testing/unstorable-text";

let server: ServerProcess | undefined;
afterAll(() => server?.kill());

describeUnstorableText({
  runtime: "node",
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), "bouncer-http-"));
    server = await startServer({ DATABASE_URL: `file:${join(dir, "q.db")}`, ADMIN_TOKEN });
    const { url } = server;
    return { call: callThrough((path, init) => fetch(`${url}${path}`, init)) };
  },
});
