// Liveness and readiness (contract section 7): /healthz while the process runs, /readyz while the stores answer.
import type { App, AppDeps } from "../deps";
import { errorBody } from "../errors";

// A readiness probe must itself answer quickly, even when a store hangs.
const PROBE_TIMEOUT_MS = 1000;

function answersWithin(probe: () => Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    probe()
      .then(
        () => resolve(true),
        () => resolve(false),
      )
      .finally(() => clearTimeout(timer));
  });
}

export function registerHealth(app: App, { config, counters }: AppDeps) {
  app.get("/healthz", (c) => c.json({ status: "ok" }));

  app.get("/readyz", async (c) => {
    const [configStore, counterStore] = await Promise.all([
      answersWithin(config.ping, PROBE_TIMEOUT_MS),
      answersWithin(counters.ping, PROBE_TIMEOUT_MS),
    ]);
    const down = [configStore ? null : "config store", counterStore ? null : "counter store"].filter(Boolean);
    if (down.length > 0) {
      // Each store's state beside the envelope, so a reader (the console's banner) need not parse the message.
      const stores = { configStore: configStore ? "ok" : "down", counterStore: counterStore ? "ok" : "down" };
      const message = `not answering: ${down.join(" and ")}`;
      return c.json({ ...errorBody("store_unavailable", message, c.get("requestId")), ...stores }, 503);
    }
    return c.json({ status: "ok", configStore: "ok", counterStore: "ok" });
  });
}
