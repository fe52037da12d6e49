// POST /v1/check straight from node:http. The check runs on every request of our users' APIs, so it skips the
// framework's Request, Context and Response objects: the body is read from the socket, answered by the same
// check/answer.ts as the Hono route, and written with one writeHead. Any other request, and a check whose body
// has no declared length (chunked), goes to the app.
import type { IncomingMessage, ServerResponse } from "node:http";
import { accessLine } from "../access-log";
import { bodyTooLarge, MAX_BODY_BYTES } from "../body-limit";
import { type AnswerCheck, checkErrorAnswer, type HttpAnswer } from "../check/answer";
import type { Logger } from "../deps";
import { requestIdOf } from "../request-id";
import { afterTurn } from "./after-turn";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

// Per-request work lives in plain module functions and inline arrows: under tsx every named closure made per
// request also gets its `name` defined, which shows in profiles and in what the collector has to clear.
function write(res: ServerResponse, { status, headers, body }: HttpAnswer, logger: Logger, started: number): void {
  const requestId = headers["X-Request-Id"] as string;
  try {
    headers["Content-Length"] = String(Buffer.byteLength(body));
    res.writeHead(status, headers);
    res.end(body);
  } catch (error) {
    // Caught here rather than by another promise on every check; it must not end the process.
    logger.error("could not write a check's answer", { requestId, error: String(error) });
    res.destroy();
    return;
  }
  if (logger.debugEnabled) logger.debug("request", accessLine(requestId, "POST", "/v1/check", status, started));
}

/**
 * The Content-Type as the app's other routes read it. Node keeps the first of several header lines, where Hono, and
 * every serverless runtime, joins them ("application/json, application/json"), which no route takes for JSON: sent
 * twice, it is a 415 everywhere. A scan of the few raw header names, without building them all again.
 */
function contentTypeOf(req: IncomingMessage): string | undefined {
  const first = req.headers["content-type"];
  if (first === undefined) return undefined;
  const raw = req.rawHeaders;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 12 && name.toLowerCase() === "content-type" && ++seen > 1) {
      return (req.headersDistinct["content-type"] ?? []).join(", ");
    }
  }
  return first;
}

export function serveChecks(answerCheck: AnswerCheck, logger: Logger, next: Listener): Listener {
  // Answers are written together after the turn that decided them (after-turn.ts). Answers from Redis arrive
  // together anyway, one reply for the batch.
  const answer = afterTurn((res: ServerResponse, decided: HttpAnswer, started: number) =>
    write(res, decided, logger, started),
  );
  return (req, res) => {
    const length = req.headers["content-length"];
    if (req.url !== "/v1/check" || req.method !== "POST" || length === undefined || req.headers["transfer-encoding"]) {
      return next(req, res);
    }
    const started = logger.debugEnabled ? performance.now() : 0;
    const requestId = requestIdOf(req.headers["x-request-id"] as string | undefined);
    // The body is never read when its declared length is over the limit; Node discards it after the answer.
    if (Number(length) > MAX_BODY_BYTES) {
      return write(res, checkErrorAnswer(bodyTooLarge(), requestId, logger), logger, started);
    }
    const chunks: Buffer[] = [];
    // A client that hangs up mid-body gets no answer, and no error either: Node emits the request's "aborted"
    // error only to listeners, and there are none.
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      answerCheck({
        authorization: req.headers.authorization,
        contentType: contentTypeOf(req),
        contentEncoding: req.headers["content-encoding"],
        body,
        requestId,
      })
        // answerCheck never rejects: every failure is an answer.
        .then((decided) => answer(res, decided, started));
    });
  };
}
