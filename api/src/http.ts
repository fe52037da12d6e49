// HTTP pieces shared by the routes: the JSON body guard, ETag / If-Match, and documented error responses.
import { createMiddleware } from "hono/factory";
import type { IfMatch } from "./config/plans";
import { ApiError, ERROR_STATUS, type ErrorCode, ErrorSchema } from "./errors";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export const isJsonContentType = (header: string | undefined) => JSON_TYPE.test(header ?? "");

/** Routes that read a JSON body refuse any other content type with 415 before the body is read. */
export const jsonBody = createMiddleware(async (c, next) => {
  if (!isJsonContentType(c.req.header("content-type"))) {
    throw new ApiError("unsupported_media_type", "send the body as application/json");
  }
  await next();
});

/** A body's text as JSON; text that is not JSON is a 400, as the framework answers for routes with a schema. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_request", "Malformed JSON in request body");
  }
}

/**
 * Routes that take no body accept none, or an empty JSON object (what some clients send with every POST); anything
 * else is refused before the route changes anything, as it would be by a route that reads a body.
 */
export const noBody = createMiddleware(async (c, next) => {
  const text = c.req.raw.body === null ? "" : await c.req.text();
  if (text !== "") {
    if (!isJsonContentType(c.req.header("content-type"))) {
      throw new ApiError("unsupported_media_type", "send no body, or {} as application/json");
    }
    const body = parseJson(text);
    if (typeof body !== "object" || body === null || Array.isArray(body) || Object.keys(body).length > 0) {
      throw new ApiError("invalid_request", "this route takes no body: send none, or {}");
    }
  }
  await next();
});

export const etag = (version: number) => `"${version}"`;

/**
 * The versions an If-Match header names: a list of ETags, compared strongly as RFC 9110 says, so a weak one
 * (W/"3") names none; a bare number is taken as its ETag. An empty list can never match.
 */
export function ifMatchOf(header: string | undefined): IfMatch {
  if (header === undefined) return undefined;
  const tags = header.split(",").map((tag) => tag.trim());
  if (tags.includes("*")) return "*";
  return tags.flatMap((tag) => {
    const version = tag.match(/^"?(\d{1,15})"?$/)?.[1];
    return version ? [Number(version)] : [];
  });
}

/** OpenAPI descriptions of the error responses a route can give. */
export function errorResponses(...codes: ErrorCode[]) {
  const out: Record<number, { description: string; content: { "application/json": { schema: typeof ErrorSchema } } }> =
    {};
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    const prior = out[status]?.description;
    out[status] = {
      description: prior ? `${prior}, or ${code}` : code,
      content: { "application/json": { schema: ErrorSchema } },
    };
  }
  return out;
}

/** Every /v1 route takes a bearer token. */
export const security = [{ bearer: [] }];

/** An OpenAPI response or body whose content is JSON of this schema. */
export const jsonContent = <T>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
