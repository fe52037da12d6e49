// Requests that Node's HTTP parser refuses before any route sees them (a Content-Length beside Transfer-Encoding,
// two lengths, an unknown method, headers too large, a request too slow) get the error envelope, the API's
// security headers and a request id, like every other error, and then the connection is closed: the parser has
// lost its place in the stream, so nothing more can be read from it.
import { maxHeaderSize, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "../deps";
import { type ErrorCode, errorBody } from "../errors";
import { requestIdOf } from "../request-id";
import { API_SECURITY_HEADERS } from "../security-headers";

type ClientError = Error & { code?: string; reason?: string };
type Refusal = { status: number; code: ErrorCode; message: string };

// The contract has no code for 408 and 431: invalid_request is the nearest (the request must change to pass),
// while the status keeps HTTP's own, more precise meaning.
function refusalOf(error: ClientError): Refusal | undefined {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, code: "invalid_request", message: `the request's headers are over ${maxHeaderSize} bytes` };
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return { status: 413, code: "payload_too_large", message: "the body's chunk extensions are too large" };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, code: "invalid_request", message: "the request did not arrive in time" };
  }
  // The parser's reasons are fixed phrases of its own ("Duplicate Content-Length"), never text from the request.
  if (error.code?.startsWith("HPE_")) {
    return { status: 400, code: "invalid_request", message: `the request is not valid HTTP/1.1: ${error.reason}` };
  }
  // Anything else (ECONNRESET, say) is the connection failing, with nobody left to answer.
  return undefined;
}

/** The answer, as bytes for the socket: there is no response object once the parser has failed. */
function responseOf({ status, code, message }: Refusal, requestId: string): string {
  const body = JSON.stringify(errorBody(code, message, requestId));
  const headers = {
    ...API_SECURITY_HEADERS,
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
    "X-Request-Id": requestId,
    Connection: "close",
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("")}\r\n${body}`;
}

// Node's own default reads the same field: the response the socket is writing, if any.
type Connection = Socket & { _httpMessage?: ServerResponse | null };

/** The server's "clientError" listener. */
export function answerClientErrors(logger: Logger) {
  // The parser reports its error again for every later packet; one refusal per connection.
  const refused = new WeakSet<Socket>();

  function refuse(refusal: Refusal, error: ClientError, socket: Connection): void {
    const inFlight = socket._httpMessage;
    // An earlier request of the connection, received whole, is answered first: pipelined answers go in the order of
    // their requests, so the refusal waits for the answers before it.
    if (inFlight?.req.complete && !inFlight.writableFinished) {
      inFlight.once("finish", () => refuse(refusal, error, socket));
      return;
    }
    // A request that broke in its own body, after its answer began, cannot take a second answer in that one's middle.
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const requestId = requestIdOf(undefined);
    logger.info("request", { requestId, status: refusal.status, error: error.code });
    socket.end(responseOf(refusal, requestId), () => socket.destroy());
  }

  return (error: ClientError, socket: Socket) => {
    const refusal = refusalOf(error);
    if (!refusal) {
      socket.destroy();
    } else if (!refused.has(socket)) {
      refused.add(socket);
      refuse(refusal, error, socket);
    }
  };
}
