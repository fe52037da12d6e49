// What clients send to a redis-server, watched with MONITOR, for tests that count commands (never time): the commands
// scripts run inside Redis are left out, and so are those `skip` names (a test's own INFO, say).
import { Redis } from "ioredis";

export async function monitorRedis(url: string, skip?: RegExp) {
  const client = new Redis(url);
  const seen: string[][] = [];
  const monitorClient = await client.monitor();
  monitorClient.on("monitor", (_time: string, args: string[], source: string) => {
    if (source.startsWith("lua")) return;
    if (skip?.test(String(args[0]))) return;
    seen.push(args);
  });
  // MONITOR reports asynchronously, in the order Redis ran the commands: once a marker sent now is seen, so is
  // everything Redis ran before it. The marker itself is left out.
  const marker = new Redis(url);
  let markers = 0;
  const caughtUp = async () => {
    const name = `monitor-marker-${++markers}`;
    await marker.ping(name);
    for (let i = 0; i < 250 && !seen.some((a) => a[1] === name); i++) await new Promise((r) => setTimeout(r, 20));
    const at = seen.findIndex((a) => a[1] === name);
    if (at < 0) throw new Error(`MONITOR never reported ${name}`);
    seen.splice(at, 1);
  };
  await caughtUp();
  seen.length = 0;
  return {
    seen,
    caughtUp,
    async stop() {
      await caughtUp();
      monitorClient.disconnect();
      client.disconnect();
      marker.disconnect();
    },
  };
}
