// The answer dropper cuts the answer to the request it was armed for, not whatever answer comes next: a Cluster
// client's own INFO, answered meanwhile, once took the drop and left the checks answered (a flaky Cluster test).
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { answerDroppers } from "./lost-answer-scenario";

// A server that answers each line with "ok <line>".
const echo = createServer((socket) => socket.on("data", (chunk) => socket.write(`ok ${chunk}`)));
beforeAll(() => new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise((resolve) => echo.close(resolve)));

/** Sends `line` and tells what came back: the answer, or that the connection was cut. */
const ask = (socket: Socket, line: string) =>
  new Promise<string>((resolve) => {
    socket.once("data", (chunk) => resolve(chunk.toString()));
    socket.once("close", () => resolve("cut"));
    socket.write(line);
  });

describe("answerDroppers", () => {
  test("cuts the connection of the request naming the marker as its answer comes, and only that one", async () => {
    const droppers = await answerDroppers([(echo.address() as AddressInfo).port]);
    const open = () =>
      new Promise<Socket>((resolve) => {
        const socket = connect(droppers.ports[0] as number, "127.0.0.1", () => resolve(socket));
      });
    const other = await open();
    const checks = await open();
    try {
      droppers.dropAnswerTo("rl:{lost}");
      expect(await ask(other, "INFO")).toBe("ok INFO");
      expect(await ask(checks, "EVALSHA rl:{lost}")).toBe("cut");
      // Armed once: the next request naming it is answered.
      expect(await ask(other, "EVALSHA rl:{lost}")).toBe("ok EVALSHA rl:{lost}");
    } finally {
      other.destroy();
      checks.destroy();
      await droppers.close();
    }
  });
});
