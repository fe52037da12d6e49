// RESP2 answers for the Upstash endpoint (`Upstash-Response-Format: resp2`): Redis's own reply bytes, passed on.

import { connect } from "node:net";
import type { Command } from "./upstash-command";

export type RedisAddress = { host: string; port: number; username?: string; password?: string; db?: number };

function encode(commands: Command[]): Buffer {
  const parts: Buffer[] = [];
  for (const command of commands) {
    parts.push(Buffer.from(`*${command.length}\r\n`));
    for (const arg of command) {
      const bytes = Buffer.isBuffer(arg) ? arg : Buffer.from(arg);
      parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, Buffer.from("\r\n"));
    }
  }
  return Buffer.concat(parts);
}

/** Where the reply that starts at `at` ends, or -1 while `buffer` does not hold all of it yet. */
function replyEnd(buffer: Buffer, at: number): number {
  const lineEnd = buffer.indexOf("\r\n", at);
  if (at >= buffer.length || lineEnd < 0) return -1;
  const size = Number(buffer.toString("latin1", at + 1, lineEnd));
  switch (String.fromCharCode(buffer[at] as number)) {
    case "+":
    case "-":
    case ":":
      return lineEnd + 2;
    case "$": {
      const end = size < 0 ? lineEnd + 2 : lineEnd + 2 + size + 2;
      return end <= buffer.length ? end : -1;
    }
    case "*": {
      let end = lineEnd + 2;
      for (let i = 0; i < size && end >= 0; i++) end = replyEnd(buffer, end);
      return end;
    }
    default:
      throw new Error("Redis answered something that is not RESP2");
  }
}

/**
 * Sends `commands` to Redis and resolves with each one's reply as Redis wrote it. ioredis parses replies and so
 * loses what RESP2 keeps (a status reply from a bulk string, "+OK" from "$2 OK"), so this takes a connection of its
 * own, closed once the replies are in or when `signal` aborts; a blocking command thus holds no one else up either.
 */
export function rawReplies(address: RedisAddress, commands: Command[], signal?: AbortSignal): Promise<Buffer[]> {
  const login: Command[] = [];
  if (address.password) {
    login.push(address.username ? ["AUTH", address.username, address.password] : ["AUTH", address.password]);
  }
  if (address.db) login.push(["SELECT", String(address.db)]);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    const replies: Buffer[] = [];
    let buffer = Buffer.alloc(0);
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    const abort = () => fail(new Error("the request was aborted"));
    if (signal?.aborted) return abort();
    signal?.addEventListener("abort", abort, { once: true });
    socket.on("error", fail);
    socket.on("close", () => {
      signal?.removeEventListener("abort", abort);
      if (replies.length < login.length + commands.length) reject(new Error("Redis closed the connection"));
    });
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let end = replyEnd(buffer, 0); end >= 0; end = replyEnd(buffer, 0)) {
        replies.push(buffer.subarray(0, end));
        buffer = buffer.subarray(end);
      }
      if (replies.length < login.length + commands.length) return;
      socket.destroy();
      const failed = replies.slice(0, login.length).find((reply) => reply[0] === 0x2d);
      if (failed) reject(new Error(failed.toString("utf8", 1).trim()));
      else resolve(replies.slice(login.length));
    });
    socket.write(encode([...login, ...commands]));
  });
}

/** A bulk-string reply, as RESP2 writes it. */
export const bulk = (text: string): Buffer => Buffer.from(`$${Buffer.byteLength(text)}\r\n${text}\r\n`);

/** An error reply, as RESP2 writes it. */
export const errorReply = (message: string): Buffer => Buffer.from(`-${message.replace(/[\r\n]+/g, " ")}\r\n`);
