// HTTP pieces shared by the routes: the JSON body guard, ETag / If-Match, and documented error responses.
import { z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { IfMatch } from "./config/versions";
import { duplicateKey } from "./duplicate-key";
import { ApiError, ERROR_STATUS, type ErrorCode, ErrorSchema } from "./errors";
import { STORE_RETRY_AFTER_SECONDS } from "./quota/fail-mode";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

const isJsonContentType = (header: string | undefined) => JSON_TYPE.test(header ?? "");

/**
 * Whether a body says it is encoded (gzip, br…). No route decodes one, and read as it is the bytes would be taken for
 * other JSON than was meant, or refused as bad JSON: 415 says what is wrong.
 */
const isEncodedBody = (header: string | undefined) =>
  header !== undefined && header.trim() !== "" && header.trim().toLowerCase() !== "identity";

/**
 * A body as its headers declare it, before it is read: plain JSON, or 415 (`wanted` says what to send instead). For
 * every JSON route and the check, on each of its ways.
 */
export function requireJson(
  contentType: string | undefined,
  contentEncoding: string | undefined,
  wanted = "send the body as application/json",
): void {
  if (!isJsonContentType(contentType)) throw new ApiError("unsupported_media_type", wanted);
  if (isEncodedBody(contentEncoding)) {
    throw new ApiError(
      "unsupported_media_type",
      "send the body without a Content-Encoding: gzip, br and the rest are not read",
    );
  }
}

/**
 * Routes that read a JSON body refuse any other content type with 415 before the body is read, and with 400 a body
 * parseJson refuses or one that names a key twice in an object. The framework keeps the bytes read here, from which
 * its validator then parses the same text.
 */
export const jsonBody = createMiddleware(async (c, next) => {
  requireJson(c.req.header("content-type"), c.req.header("content-encoding"));
  const text = textOf(new Uint8Array(await c.req.arrayBuffer()));
  parseJson(text);
  refuseDuplicateKeys(text);
  await next();
});

/**
 * 400 for JSON text that names a key twice in one object: parsers disagree on which one counts (a proxy reading the
 * first, Bouncer the last), so such a body says nothing for certain.
 */
export function refuseDuplicateKeys(text: string): void {
  const twice = duplicateKey(text);
  if (twice !== null)
    throw new ApiError("invalid_request", `the key ${JSON.stringify(twice)} is named twice in one object`);
}

// Fatal, so that bytes that are not UTF-8 are refused rather than stored as U+FFFD in their place. Web-standard, so
// every runtime reads bodies alike; in Node it validates and decodes in one native pass, as fast as Buffer#toString.
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A body's bytes as text: bytes that are not UTF-8 are a 400. */
export function textOf(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ApiError("invalid_request", "the body is not valid UTF-8");
  }
}

/** A body's bytes as JSON: bytes that are not UTF-8 are a 400, as is text that parseJson refuses. */
export function readJson(bytes: Uint8Array): unknown {
  return parseJson(textOf(bytes));
}

// With the u flag a surrogate pair is one code point, so this matches only a surrogate standing alone.
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Every string of a parsed body, keys included, holds only what UTF-8 can store. An escape such as "\ud800" parses
 * to a lone surrogate, which the database would keep as U+FFFD: the caller would read back other text than it sent.
 * Iterative, as a 64 KiB body can nest deeper than the call stack.
 */
function storable(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (LONE_SURROGATE.test(item)) return false;
    } else if (typeof item === "object" && item !== null) {
      for (const key in item) {
        if (LONE_SURROGATE.test(key)) return false;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return true;
}

/**
 * A body's text as JSON; text that is not JSON is a 400, as the framework answers for routes with a schema, and so is
 * a string no store can keep. Only an escape (\u) can make one from text that was UTF-8, so other bodies, the check's
 * among them, skip the walk.
 */
export function parseJson(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_request", "Malformed JSON in request body");
  }
  if (text.includes("\\u") && !storable(body)) {
    throw new ApiError(
      "invalid_request",
      "a string holds a lone surrogate (\\ud800 to \\udfff), which cannot be stored",
    );
  }
  return body;
}

/**
 * Routes that take no body accept none, or an empty JSON object (what some clients send with every POST); anything
 * else is refused before the route changes anything, as it would be by a route that reads a body.
 */
export const noBody = createMiddleware(async (c, next) => {
  const bytes = c.req.raw.body === null ? null : new Uint8Array(await c.req.arrayBuffer());
  if (bytes && bytes.length > 0) {
    requireJson(
      c.req.header("content-type"),
      c.req.header("content-encoding"),
      "send no body, or {} as application/json",
    );
    const body = readJson(bytes);
    if (typeof body !== "object" || body === null || Array.isArray(body) || Object.keys(body).length > 0) {
      throw new ApiError("invalid_request", "this route takes no body: send none, or {}");
    }
  }
  await next();
});

/** Under /v1: the API's, never the UI's page, whatever the runtime serves the UI with. */
export const isApiPath = (path: string) => path === "/v1" || path.startsWith("/v1/");

/**
 * Where the UI's built files live, each named by its content's hash: one that is not there is a 404, never the UI's
 * page, which a tab opened before an update would otherwise run as the script it asked for.
 */
export const isAssetPath = (path: string) => path.startsWith("/assets/");

/** The UI's routes (/, /usage, …), answered with its index.html: neither the API's nor a built file's. */
export const isPagePath = (path: string) => !isApiPath(path) && !isAssetPath(path);

export const etag = (version: number) => `"${version}"`;

/** The OpenAPI If-Match request header of a versioned resource's writes. */
export const ifMatchHeader = (what: string, version: number) =>
  z.object({
    "if-match": z
      .string()
      .optional()
      .meta({
        description: `The ${what} version you read, as its ETag ("${version}"). On mismatch: 412, nothing changes.`,
        example: `"${version}"`,
      }),
  });

/** An OpenAPI response header, as the document declares it. */
export type HeaderDoc = {
  description: string;
  required: boolean;
  schema: { type: "string" | "integer" };
  example: string | number;
};

/** The OpenAPI ETag response header of a versioned resource. */
export const etagHeader = (what: string, version: number): Record<string, HeaderDoc> => ({
  ETag: {
    description: `The ${what} version, e.g. "${version}": send it as If-Match to change the ${what} only as you read it.`,
    required: true,
    schema: { type: "string" },
    example: `"${version}"`,
  },
});

/**
 * The versions an If-Match header names: a list of ETags, compared strongly as RFC 9110 says, so a weak one
 * (W/"3") names none, and neither does "03" or a half-quoted "3: an ETag is opaque, equal only character for
 * character. A bare number is taken as its ETag. An empty list can never match.
 */
export function ifMatchOf(header: string | undefined): IfMatch {
  if (header === undefined) return undefined;
  const tags = header.split(",").map((tag) => tag.trim());
  if (tags.includes("*")) return "*";
  return tags.flatMap((tag) => {
    const version = tag.match(/^("?)([1-9]\d{0,14})\1$/)?.[2];
    return version ? [Number(version)] : [];
  });
}

/** The headers errorAnswer adds to an error's answer, by code. */
const ERROR_HEADERS: Partial<Record<ErrorCode, Record<string, HeaderDoc>>> = {
  unauthorized: {
    "WWW-Authenticate": {
      description:
        'The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.',
      required: true,
      schema: { type: "string" },
      example: 'Bearer error="invalid_token"',
    },
  },
  store_unavailable: {
    "Retry-After": {
      description: `Seconds to wait before trying again: ${STORE_RETRY_AFTER_SECONDS}.`,
      required: true,
      schema: { type: "integer" },
      example: STORE_RETRY_AFTER_SECONDS,
    },
  },
};

type ErrorResponse = {
  description: string;
  headers?: Record<string, HeaderDoc>;
  content: { "application/json": { schema: typeof ErrorSchema } };
};

/**
 * OpenAPI descriptions of the error responses a route can give, with the headers their answers carry. Every /v1 route
 * can also answer 503 store_unavailable: its bearer is looked up in the config store, which may not answer.
 */
export function errorResponses(...codes: ErrorCode[]) {
  const out: Record<number, ErrorResponse> = {};
  for (const code of new Set<ErrorCode>([...codes, "store_unavailable"])) {
    const status = ERROR_STATUS[code];
    const prior = out[status];
    const headers = { ...prior?.headers, ...ERROR_HEADERS[code] };
    out[status] = {
      description: prior ? `${prior.description}, or ${code}` : code,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { "application/json": { schema: ErrorSchema } },
    };
  }
  return out;
}

/**
 * What a call on one thing by its id can answer besides its own: the id unknown, and a body, which every route may be
 * sent though these take none, over 64 KiB or not JSON.
 */
export const BY_ID_ERRORS: ErrorCode[] = [
  "invalid_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "payload_too_large",
  "unsupported_media_type",
];

/** Every /v1 route takes a bearer token. */
export const security = [{ bearer: [] }];

/** An OpenAPI response or body whose content is JSON of this schema. */
export const jsonContent = <T>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
