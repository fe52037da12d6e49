// The built web UI (web/dist, relative to the working directory), served by the app on every runtime with a file system.
import { existsSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import type { App, Logger } from "../deps";
import { isPagePath } from "../http";

const webRoot = "web/dist";

/**
 * Assets as files, and index.html for the UI's own routes (/, /usage, …). A path under /v1 that no route takes is
 * an API error (404 in the error envelope), as is a built file that is not there, never the UI's page. Added after the API's routes, so they come first.
 */
export function serveWebUi(app: App, logger: Logger): void {
  if (!existsSync(webRoot)) {
    logger.info("web/dist is missing: run `npm run build:web` to serve the UI");
    return;
  }
  const page = serveStatic({ path: `${webRoot}/index.html` });
  app.use("/*", serveStatic({ root: webRoot }));
  app.get("*", (c, next) => (isPagePath(c.req.path) ? page(c, next) : next()));
}
