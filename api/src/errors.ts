// The one error envelope: codes, their statuses, and expected failures as values.
import { z } from "zod";

export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  unknown_key: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  store_unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** An expected failure, returned as a value by the config layer; the route layer turns it into HTTP. */
export type Failure = { ok: false; code: ErrorCode; message: string };
export type Result<T> = { ok: true; value: T } | Failure;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string): Failure => ({ ok: false, code, message });

/** Thrown in the route layer; the app's error handler renders it as the envelope, and `headers` on its answer. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Headers the answer needs besides the envelope, such as a 401's WWW-Authenticate challenge. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** The value of a result, or the failure thrown as an ApiError. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new ApiError(result.code, result.message);
  return result.value;
}

/** A schema's first complaint as the error message: the field's path first, unless the message already names it. */
export function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return "the request is not valid";
  const path = issue.path.map(String).join(".");
  return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
}

export function errorBody(code: ErrorCode, message: string, requestId: string) {
  return { error: { code, message, requestId } };
}

/** The status an HTTP error from a middleware maps to, as one of our codes. */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return found ?? (status >= 500 ? "internal" : "invalid_request");
}

export const ErrorSchema = z
  .object({
    error: z
      .object({
        code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).meta({
          description:
            "What went wrong, for programs. Each code has one status: invalid_request 400, unauthorized 401, forbidden and unknown_key 403, not_found 404, conflict 409, precondition_failed 412, payload_too_large 413, unsupported_media_type 415, internal 500, store_unavailable 503. Only requests the HTTP parser refuses before any route differ: invalid_request with 431 for headers too large, or 408 for a request too slow.",
          example: "invalid_request",
        }),
        message: z.string().meta({
          description: "What went wrong, for people; names the field to fix when there is one.",
          example: "perHour must be ≥ perMinute",
        }),
        requestId: z.string().meta({
          description:
            "This request's id, also in the X-Request-Id header and the server's log: quote it when asking for help.",
          example: "0b7c…",
        }),
      })
      .meta({ description: "The error." }),
  })
  .meta({
    id: "Error",
    description: "Every error response has this body.",
    example: { error: { code: "invalid_request", message: "perHour must be ≥ perMinute", requestId: "0b7c…" } },
  });
