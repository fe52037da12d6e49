// The service of a serverless instance: built on the instance's first request, never at import, then kept.
import { type BuiltService, type ServiceOptions, serviceFromEnv } from "./service-from-env";
import { serveWebUi } from "./web-ui";

/**
 * A function has no start-up of its own to refuse: its first request is its start. So a bad environment (or a
 * DATABASE_URL that cannot be opened for writing) fails that request, and every one after it, with the one line
 * that names the variable, written to the platform's log; nothing is half built and no route ever answers. A
 * failure is not kept: an instance whose remote database was out of reach at its first request tries again at
 * its next, rather than staying broken for its whole life.
 */
export function serviceOnFirstRequest(
  environment: () => Record<string, string | undefined>,
  options: ServiceOptions = {},
): () => Promise<BuiltService> {
  let building: Promise<BuiltService> | undefined;
  return () => {
    building ??= serviceFromEnv(environment(), options).then((result) => {
      if (result.ok) {
        // The UI too, when the deployment carries web/dist, as the Node entry serves it.
        serveWebUi(result.built.service.app, result.built.logger);
        return result.built;
      }
      building = undefined;
      console.error(result.error);
      throw new Error(result.error);
    });
    return building;
  };
}

/** What /metrics says first on a platform that runs many instances of the function, each counting on its own. */
export const instanceNote = (platform: string) =>
  `These counts are one ${platform} instance's: the platform runs as many as traffic needs, each counting from its
own start, so a scrape sees whichever instance answered it. The limits themselves are exact in the shared store.`;
