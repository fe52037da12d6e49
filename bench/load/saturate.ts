// Saturation: closed-loop keep-alive connections, with wrk (./wrk.ts) or autocannon, each connection of autocannon
// starting at its own place in the key list.
import autocannon from "autocannon";
import type { SaturateJob, SaturateResult } from "./jobs";
import { saturateWithWrk } from "./wrk";

export async function saturate(job: SaturateJob): Promise<SaturateResult> {
  if (job.tool === "wrk") return saturateWithWrk(job);
  const requests = job.bodies.map((body) => ({ method: "POST", path: job.path, headers: job.headers, body }));
  const step = Math.max(1, Math.floor(requests.length / job.connections));
  let client = 0;
  const result = await autocannon({
    url: job.url,
    method: "POST",
    path: job.path,
    headers: job.headers,
    body: job.bodies[0],
    connections: job.connections,
    ...(job.amount ? { amount: job.amount } : { duration: job.seconds ?? 1 }),
    // Without an offset, every connection would ask for the same customer at the same moment.
    setupClient: (c) => {
      const offset = (client++ * step) % requests.length;
      c.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
    },
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  const responses = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return { responses, seconds: result.duration, statusCodes, errors: result.errors };
}
