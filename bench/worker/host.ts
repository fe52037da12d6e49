// The Worker in workerd through miniflare's API, as the bench runs it: no wrangler dev and nothing in front, the
// bundle `wrangler deploy` would upload, a local D1. Prints `ready <ms>` once workerd listens, stops on SIGTERM.
import { Miniflare } from "miniflare";
import type { HostedWorker } from "../../api/dev/worker-bundle";

const bundle = JSON.parse(process.env.WORKER_BUNDLE as string) as HostedWorker;
const bindings = JSON.parse(process.env.WORKER_VARS as string) as Record<string, string>;

const started = performance.now();
const mf = new Miniflare({
  // Miniflare's own entry socket (a worker of its own in front of the user's) on a port nobody calls: it cost
  // 110 µs of workerd's CPU per request on a worker that only answers (172 against 65 µs).
  host: "127.0.0.1",
  port: 0,
  // The port the bench calls, bound straight to the Worker, as workerd serves it with nothing in front.
  unsafeDirectSockets: [{ host: "127.0.0.1", port: Number(process.env.PORT) }],
  modulesRoot: bundle.dir,
  modules: bundle.modules,
  compatibilityDate: bundle.compatibilityDate,
  compatibilityFlags: bundle.compatibilityFlags,
  bindings,
  // Where `wrangler d1 migrations apply --local --persist-to` puts the database (the Worker floor has none).
  ...(bundle.d1
    ? { d1Databases: { [bundle.d1.binding]: bundle.d1.id }, d1Persist: `${process.env.WORKER_STATE_DIR}/v3/d1` }
    : {}),
  // Each request would otherwise be reported to this process, which then would cost CPU that workerd's does not show.
  logRequests: false,
  // Otherwise every fetch the Worker makes (each check's call to Upstash) goes through a worker of miniflare's own
  // in the same workerd (strip-cf-connecting-ip, which removes CF-Connecting-IP and sets CF-Worker, then fetches
  // again): a second request handled in JavaScript per check, about 135 µs of workerd's CPU (an A/B of the same
  // bundle). On Cloudflare the platform does that outside the Worker.
  stripCfConnectingIp: false,
});
await mf.ready;
console.log(`ready ${(performance.now() - started).toFixed(1)}`);

const stop = () => void mf.dispose().finally(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
// The runner's pipe closing means it is gone: leave with it.
process.stdin.on("close", stop);
process.stdin.resume();
