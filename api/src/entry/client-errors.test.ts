// Requests Node's parser refuses (client-errors.ts) get the error envelope, the API's security headers and a request
// id, and then the server closes the connection; sent over raw sockets, as no HTTP client sends such requests.
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ServerProcess, startServer } from "../../dev/server-process";
import { API_SECURITY_HEADERS } from "../security-headers";

let server: ServerProcess;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-client-errors-"));
  server = await startServer({ DATABASE_URL: `file:${join(dir, "q.db")}` });
});
afterAll(() => server?.kill());

/** Everything the server sends back, once it has closed the connection, which this side never does. */
function exchange(request: Buffer): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(Number(new URL(server.url).port), "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => done(Buffer.concat(chunks).toString()));
    socket.on("error", fail);
    socket.setTimeout(5000, () => {
      socket.destroy();
      fail(new Error(`the server kept the connection open after: ${Buffer.concat(chunks)}`));
    });
  });
}

function parse(response: string) {
  const [head = "", body = ""] = response.split("\r\n\r\n");
  const [statusLine, ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { status: Number(statusLine?.split(" ")[1]), headers, body: body ? JSON.parse(body) : body };
}

const post = (headers: string, body = "{}") =>
  `POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}\r\n${body}`;

const CASES: [string, string | Buffer, number, string][] = [
  [
    "Content-Length beside Transfer-Encoding",
    post("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"),
    400,
    "Transfer-Encoding",
  ],
  ["two Content-Lengths", post("Content-Length: 2\r\nContent-Length: 3\r\n"), 400, "Duplicate Content-Length"],
  ["a Content-Length that is not a number", post("Content-Length: two\r\n"), 400, "Content-Length"],
  ["an unknown method", "BREW /v1/plans HTTP/1.1\r\nHost: x\r\n\r\n", 400, "method"],
  ["32 KiB of headers", `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: ${"a".repeat(32 * 1024)}\r\n\r\n`, 431, "headers"],
  // A path that is not ASCII never reaches a route: it cannot carry text that is not UTF-8 into one.
  ["a path of raw bytes", Buffer.from("GET /v1/plans/\xed\xa0\x80 HTTP/1.1\r\nHost: x\r\n\r\n", "latin1"), 400, "url"],
];

describe("requests the HTTP parser refuses", () => {
  test.each(CASES)(
    "%s: the envelope, the security headers, a request id, then close",
    async (_, request, status, says) => {
      const { status: answered, headers, body } = parse(await exchange(Buffer.from(request)));
      expect(answered).toBe(status);
      expect(body).toEqual({
        error: { code: "invalid_request", message: expect.any(String), requestId: expect.any(String) },
      });
      expect(body.error.message).toContain(says);
      expect(headers["x-request-id"]).toBe(body.error.requestId);
      expect(headers["content-type"]).toBe("application/json");
      expect(headers.connection).toBe("close");
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(headers[name.toLowerCase()]).toBe(value);
    },
  );

  test("a chunked body that breaks after its route has begun: the refusal takes the place of its answer", async () => {
    const { status, headers, body } = parse(
      await exchange(Buffer.from(post("Transfer-Encoding: chunked\r\n", "zz\r\n"))),
    );
    expect(status).toBe(400);
    expect(body.error.message).toContain("chunk size");
    expect(headers["x-request-id"]).toBe(body.error.requestId);
  });

  test("after a good request on the same connection: its answer whole, then the envelope", async () => {
    const response = await exchange(Buffer.from("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nBREW / HTTP/1.1\r\n\r\n"));
    const second = response.indexOf("HTTP/1.1 400");
    expect(response.slice(0, second)).toMatch(/^HTTP\/1.1 200 OK\r\n[\s\S]*\r\n\r\n\{"status":"ok"\}$/);
    expect(parse(response.slice(second)).body.error.code).toBe("invalid_request");
  });

  test("refused before any route runs, they leave no error in the log, and the server answers as usual", async () => {
    const before = server.output().length;
    for (const [, request] of CASES) await exchange(Buffer.from(request));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.output().slice(before)).not.toMatch(/Error|stack/);
  });

  test("a client that hangs up mid-body is gone, not an error: nothing is logged as one", async () => {
    const before = server.output().length;
    const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const checkRequest = "POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";
    socket.write(`${checkRequest}Transfer-Encoding: chunked\r\n\r\n5\r\n{"key`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    // The server is still there, and said nothing of the hang-up at error level.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.output().slice(before)).not.toMatch(/"level":50|unhandled|stack/);
  });
});
