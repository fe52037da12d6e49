// Orderly shutdown of a real server process on Redis: SIGTERM and SIGINT stop accepting, answer what is in
// flight, write the denials still held in memory to the history, close both stores and exit 0.
import { mkdtempSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { startRedis } from "../../dev/redis-server";
import { callServer, type ServerProcess, startServer } from "../../dev/server-process";

const ADMIN = "shutdown-test-admin-token";
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const api = (server: ServerProcess, method: string, path: string, body?: unknown, token = ADMIN) =>
  callServer(server, token, method, path, body);

/** Resolves with everything the socket receives until `done` says it is enough. */
function readUntil(socket: Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (done(text)) {
        socket.off("data", onData);
        resolve(text);
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("close", () => resolve(text));
  });
}

/** A check whose headers the server has read (it answered 100 Continue) and whose body waits for `finish`. */
async function startCheck(server: ServerProcess, token: string, key: string) {
  const body = JSON.stringify({ key });
  const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
  cleanups.push(() => void socket.destroy());
  const continued = readUntil(socket, (text) => text.includes("100 Continue"));
  socket.write(
    `POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  expect(await continued).toContain("100 Continue");
  return {
    /** Sends the body, resolves with the answer, and hangs up, as a client done with the server would. */
    async finish(): Promise<string> {
      const answered = readUntil(socket, (text) => text.includes("}"));
      socket.write(body);
      const answer = await answered;
      socket.end();
      return answer;
    },
  };
}

async function refusesConnections(url: string): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${url}/healthz`);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe("shutdown (integration, needs redis-server)", () => {
  test.each(["SIGTERM", "SIGINT"] as const)(
    "%s: stops accepting, answers the check in flight, keeps every denial in the history, exits 0",
    async (signal) => {
      const redis = await startRedis();
      cleanups.push(() => redis.stop());
      const dir = mkdtempSync(join(tmpdir(), "bouncer-shutdown-"));
      const env = {
        REDIS_URL: redis.url,
        DATABASE_URL: `file:${join(dir, "quota.db")}`,
        ADMIN_TOKEN: ADMIN,
        STORE_TIMEOUT_MS: "5000",
      };
      const server = await startServer(env);
      cleanups.push(() => server.kill());

      await api(server, "POST", "/v1/plans", { id: "one", name: "One a minute", perMinute: 1 });
      const denied = (await api(server, "POST", "/v1/customers", { name: "Denied", planId: "one" })).json;
      const waiting = (await api(server, "POST", "/v1/customers", { name: "In flight", planId: "one" })).json;
      const deniedKey = (await api(server, "POST", `/v1/customers/${denied.id}/keys`)).json.key;
      const waitingKey = (await api(server, "POST", `/v1/customers/${waiting.id}/keys`)).json.key;
      const service = (await api(server, "POST", "/v1/tokens", { name: "svc", role: "service" })).json.token;

      // One allowed, then denials: all but the first are answered from the deny cache, and reach the history
      // only when the server writes them (every second, and at shutdown). Checks run up to the signal, so some
      // are always still held in memory when it comes.
      const statuses: number[] = [];
      const until = Date.now() + 1_500;
      while (Date.now() < until)
        statuses.push((await api(server, "POST", "/v1/check", { key: deniedKey }, service)).status);
      expect(statuses[0]).toBe(200);
      expect(statuses.slice(1).every((s) => s === 429)).toBe(true);

      // Checks in flight: their headers are read (the server said 100 Continue), their bodies not yet sent. Five
      // are of the denied customer: answered from the deny cache after the signal, those denials are held in
      // memory when the server exits, unless shutdown writes them.
      const inFlight = await Promise.all(
        [waitingKey, ...Array(5).fill(deniedKey)].map((key) => startCheck(server, service, key)),
      );

      process.kill(server.pid, signal);
      expect(await refusesConnections(server.url)).toBe(true);

      const answers = await Promise.all(inFlight.map((check) => check.finish()));
      expect(answers.map((a) => a.match(/^HTTP\/1\.1 (\d{3})/)?.[1])).toEqual([
        "200",
        "429",
        "429",
        "429",
        "429",
        "429",
      ]);
      expect(answers[0]).toContain('"allowed":true');
      // Each says its connection ends: a client sends no further request on it, to be lost when it closes.
      for (const answer of answers) expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      statuses.push(...answers.slice(1).map(() => 429));

      // Within the 10 s an orchestrator waits, by the server's own clock: it exits 1 past its deadline, and says so
      // when the grace ran out on requests still in flight; neither happened.
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("shut down");
      expect(server.output()).not.toMatch(/were cut|exiting anyway/);

      // Every check answered is in the history: the first allowed, every denial, and the one in flight.
      const next = await startServer(env);
      cleanups.push(() => next.kill());
      const history = async (id: string) => {
        const { points } = (await api(next, "GET", `/v1/customers/${id}/usage/history?minutes=5`)).json;
        return points.reduce(
          (sum: { allowed: number; denied: number }, p: { allowed: number; denied: number }) => ({
            allowed: sum.allowed + p.allowed,
            denied: sum.denied + p.denied,
          }),
          { allowed: 0, denied: 0 },
        );
      };
      expect(await history(denied.id)).toEqual({ allowed: 1, denied: statuses.length - 1 });
      expect(await history(waiting.id)).toEqual({ allowed: 1, denied: 0 });
    },
    60_000,
  );
});
