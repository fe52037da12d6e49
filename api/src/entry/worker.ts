// The Cloudflare Workers entry (wrangler.jsonc): the service is built on the first request, never at import (workerd
// refuses timers and random values at global scope), and kept for the isolate's life; the UI comes from the assets.
import type { Context, ExecutionContext } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody } from "../errors";
import { isApiPath } from "../http";
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
    if (isApiPath(c.req.path)) return next();
    return asset(c, await ASSETS.fetch(new Request(new URL("/index.html", c.req.url))));
  });
}

/** An asset's answer through the context, so that the security headers set before the route join it. */
const asset = (c: Context, file: Response) =>
  file.body
    ? c.body(file.body, file.status as ContentfulStatusCode, Object.fromEntries(file.headers))
    : c.body(null, file.status as ContentfulStatusCode, Object.fromEntries(file.headers));

export default {
  async fetch(request: Request, bindings: WorkerBindings, ctx: ExecutionContext): Promise<Response> {
    const result = serviceFor(bindings);
    if (!result.ok) return Response.json(errorBody("internal", result.error, crypto.randomUUID()), { status: 500 });
    const { wait, background } = result.service.runDue();
    // Both under waitUntil: work that a client's hang-up cut short would leave its task marked as running for good.
    ctx.waitUntil(Promise.all([wait, background]));
    await wait;
    return result.service.app.fetch(request, bindings, ctx);
  },
};
