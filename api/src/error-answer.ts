// How an error thrown while answering becomes the envelope of contract section 8: our own ApiErrors as they are,
// the framework's 4xx by status, a store that is down as 503 store_unavailable, anything else as a logged 500.
import { HTTPException } from "hono/http-exception";
import { isUnavailable } from "./config/db-errors";
import type { Logger } from "./deps";
import { ApiError, codeForStatus, ERROR_STATUS, type ErrorCode, errorBody } from "./errors";
import { STORE_RETRY_AFTER_SECONDS } from "./quota/fail-mode";
import { StoreUnavailable } from "./quota/store";

export type ErrorAnswer = {
  status: (typeof ERROR_STATUS)[ErrorCode];
  body: ReturnType<typeof errorBody>;
  /** Headers the answer carries besides those of every answer: a 401's WWW-Authenticate, a 503's Retry-After. */
  headers: Readonly<Record<string, string>>;
};

const NO_HEADERS: Readonly<Record<string, string>> = {};
const RETRY_STORE = { "Retry-After": String(STORE_RETRY_AFTER_SECONDS) };

export function errorAnswer(error: unknown, requestId: string, logger: Logger): ErrorAnswer {
  let code: ErrorCode;
  let message: string;
  let headers = NO_HEADERS;
  if (error instanceof ApiError) {
    code = error.code;
    message = error.message;
    headers = error.headers ?? NO_HEADERS;
  } else if (error instanceof HTTPException && error.status < 500) {
    // Hono's own 4xx, such as a body that is not valid JSON.
    code = codeForStatus(error.status);
    message = error.message || "the request could not be read";
  } else if (clientLeft(error)) {
    // Nobody is there to read the answer; it is the client's doing, not an error of ours.
    code = "invalid_request";
    message = "the request ended before its body did";
  } else if (isUnavailable(error) || error instanceof StoreUnavailable) {
    code = "store_unavailable";
    message = `the ${error instanceof StoreUnavailable ? "counter" : "config"} store is not answering; try again shortly`;
  } else {
    logger.error("unhandled error", { requestId, error: String(error), stack: (error as Error)?.stack });
    code = "internal";
    message = "something went wrong on our side; the request id helps us find it";
  }
  if (code === "store_unavailable") headers = { ...headers, ...RETRY_STORE };
  return { status: ERROR_STATUS[code], body: errorBody(code, message, requestId), headers };
}

/** The client hung up while its body was being read (Node's "aborted", ECONNRESET). */
function clientLeft(error: unknown): boolean {
  return (
    error instanceof Error && error.message === "aborted" && (error as NodeJS.ErrnoException).code === "ECONNRESET"
  );
}
