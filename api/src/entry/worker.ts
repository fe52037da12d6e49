// The Cloudflare Workers entry (wrangler.jsonc): the service is built on the first request, never at import (workerd
// refuses timers and random values at global scope), and kept for the isolate's life; the UI comes from the assets.
import type { Context, ExecutionContext } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { accessLine } from "../access-log";
import { bodyTooLarge, MAX_BODY_BYTES } from "../body-limit";
import { checkErrorAnswer, type HttpAnswer } from "../check/answer";
import { errorBody } from "../errors";
import { isApiPath, isPagePath } from "../http";
import { requestIdOf } from "../request-id";
import { API_SECURITY_HEADERS } from "../security-headers";
import { type WorkerBindings, type WorkerService, workerService } from "./worker-service";

let built: { ok: true; service: WorkerService } | { ok: false; error: string } | undefined;

function serviceFor(bindings: WorkerBindings) {
  if (built) return built;
  built = workerService(bindings);
  if (built.ok) serveAssets(built.service, bindings);
  else console.error(built.error);
  return built;
}

/** The built UI, after every route as on Node: files as they are, index.html for the UI's own routes (/, /usage). */
function serveAssets({ app }: WorkerService, { ASSETS }: WorkerBindings): void {
  if (!ASSETS) return;
  app.use("/*", async (c, next) => {
    if (!isApiPath(c.req.path) && (c.req.method === "GET" || c.req.method === "HEAD")) {
      const file = await ASSETS.fetch(c.req.raw);
      if (file.ok) return asset(c, file);
    }
    await next();
  });
  app.get("*", async (c, next) => {
    if (!isPagePath(c.req.path)) return next();
    return asset(c, await ASSETS.fetch(new Request(new URL("/index.html", c.req.url))));
  });
}

/** An asset's answer through the context, so that the security headers set before the route join it. */
const asset = (c: Context, file: Response) =>
  file.body
    ? c.body(file.body, file.status as ContentfulStatusCode, Object.fromEntries(file.headers))
    : c.body(null, file.status as ContentfulStatusCode, Object.fromEntries(file.headers));

const CHECK_PATH = "/v1/check";

/**
 * Whether the request is `POST /v1/check` with a declared length, which is answered without the framework, as on
 * Node (node-check.ts): the check runs on every request of our users' APIs. Anything else, a check with a query
 * string or a chunked body included, goes to the app.
 */
function isCheck(request: Request): boolean {
  if (request.method !== "POST") return false;
  const { url } = request;
  // The path is what follows the origin ("http://host:port"): exactly /v1/check, nothing after it.
  const path = url.indexOf("/", url.indexOf("//") + 2);
  return url.length - path === CHECK_PATH.length && url.endsWith(CHECK_PATH) && request.headers.has("content-length");
}

/**
 * The check answered by check/answer.ts, as the Hono route answers it: the route's middleware adds nothing the
 * answer lacks (its request id, security headers and type are in it), and the access log has checks at debug only.
 */
async function answerCheck({ answerCheck, logger }: WorkerService, request: Request): Promise<Response> {
  const { headers } = request;
  const started = logger.debugEnabled ? performance.now() : 0;
  const requestId = requestIdOf(headers.get("x-request-id") ?? undefined);
  let answer: HttpAnswer;
  try {
    // The body is never read when its declared length is over the limit.
    if (Number(headers.get("content-length")) > MAX_BODY_BYTES) {
      throw bodyTooLarge();
    }
    answer = await answerCheck({
      authorization: headers.get("authorization") ?? undefined,
      contentType: headers.get("content-type") ?? undefined,
      contentEncoding: headers.get("content-encoding") ?? undefined,
      body: new Uint8Array(await request.arrayBuffer()),
      requestId,
    });
  } catch (error) {
    // answerCheck never rejects; this is the body that could not be read, answered as the app's onError would.
    answer = checkErrorAnswer(error, requestId, logger);
  }
  if (logger.debugEnabled) logger.debug("request", accessLine(requestId, "POST", CHECK_PATH, answer.status, started));
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * Every answer of a Worker whose configuration is wrong: a 500 that says where to look, never the line itself (it
 * names the value, which may hold a secret) to a caller who need not even be signed in. The line is in the log.
 */
function misconfigured(): Response {
  const requestId = crypto.randomUUID();
  const body = errorBody(
    "internal",
    "the service is not configured: its log (wrangler tail) says what to fix",
    requestId,
  );
  return Response.json(body, { status: 500, headers: { ...API_SECURITY_HEADERS, "X-Request-Id": requestId } });
}

export default {
  async fetch(request: Request, bindings: WorkerBindings, ctx: ExecutionContext): Promise<Response> {
    const result = serviceFor(bindings);
    if (!result.ok) return misconfigured();
    const { service } = result;
    const due = service.runDue();
    if (due !== service.nothingDue) {
      // Both under waitUntil: work that a client's hang-up cut short would leave its task marked as running for good.
      ctx.waitUntil(Promise.all([due.wait, due.background]));
      await due.wait;
    }
    return isCheck(request) ? answerCheck(service, request) : service.app.fetch(request, bindings, ctx);
  },

  /**
   * The Cron Trigger (wrangler.jsonc, every minute): webhook deliveries are sent even while no request comes, and so
   * is the rest of the work that requests run when due.
   */
  async scheduled(_controller: unknown, bindings: WorkerBindings, ctx: ExecutionContext): Promise<void> {
    const result = serviceFor(bindings);
    if (!result.ok) return;
    const { service } = result;
    const due = service.runDue();
    ctx.waitUntil(Promise.all([due.wait, due.background, service.deliverWebhooks()]));
  },
};
