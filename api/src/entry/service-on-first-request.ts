// The service of a serverless instance: built on the instance's first request, never at import, then kept; its
// background work runs from requests.
import type { App } from "../deps";
import { requestSchedule } from "./request-schedule";
import type { Runtime } from "./runtime";
import { serviceFromEnv } from "./service-from-env";
import { serveWebUi } from "./web-ui";

type Built = { app: App; runDue: ReturnType<typeof requestSchedule>["runDue"] };

/**
 * The app, ready for one request. A function has no start-up of its own to refuse: its first request is its start.
 * So a bad environment (or a DATABASE_URL that cannot be opened for writing) fails that request, and every one after
 * it, with the one line that names the variable, written to the platform's log; nothing is half built and no route
 * ever answers. A failure is not kept: an instance whose remote database was out of reach at its first request
 * tries again at its next, rather than staying broken for its whole life.
 *
 * Lambda freezes an instance between invocations and Vercel suspends an idle one, and a timer cannot fire while
 * they do: the first request after an idle spell would be answered from a config cache that no longer knows of
 * a key revoked meanwhile on another instance. So the repeating work (the config's change watcher, the flush of
 * remembered denials, the breaker's probe) runs from requests, as on a Worker; a request waits only for the
 * watcher, and only when a whole period has passed since it was due, so what it answers is never older than
 * CONFIG_CACHE_TTL_MS allows.
 */
export function serviceOnFirstRequest(
  environment: () => Record<string, string | undefined>,
  { metricsNote }: Pick<Runtime, "metricsNote"> = {},
): () => Promise<App> {
  let building: Promise<Built> | undefined;
  const build = async (): Promise<Built> => {
    const { schedule, runDue } = requestSchedule();
    const result = await serviceFromEnv(environment(), { lives: "frozen", schedule, metricsNote });
    if (!result.ok) {
      building = undefined;
      console.error(result.error);
      throw new Error(result.error);
    }
    // The UI too, when the deployment carries web/dist, as the Node entry serves it.
    serveWebUi(result.built.service.app, result.built.logger);
    return { app: result.built.service.app, runDue };
  };
  return async () => {
    building ??= build();
    const { app, runDue } = await building;
    // The rest of the due work goes on beside the request; it catches its own failures.
    await runDue().wait;
    return app;
  };
}

/** What /metrics says first on a platform that runs many instances of the function, each counting on its own. */
export const instanceNote = (platform: string) =>
  `These counts are one ${platform} instance's: the platform runs as many as traffic needs, each counting from its
own start, so a scrape sees whichever instance answered it. The limits themselves are exact in the shared store.`;
