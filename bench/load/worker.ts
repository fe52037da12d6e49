// The load process: runs the jobs the runner sends over IPC, so no load is generated inside a server's process.
import type { LoadJob, LoadResult } from "./jobs";
import { paced } from "./paced";
import { saturate } from "./saturate";
import { killWrk } from "./wrk";

type Message = { id: number; job: LoadJob };

const run = (job: LoadJob): Promise<LoadResult> => (job.kind === "saturate" ? saturate(job) : paced(job));

process.on("message", async ({ id, job }: Message) => {
  try {
    process.send?.({ id, result: await run(job) });
  } catch (error) {
    process.send?.({ id, error: String((error as Error)?.stack ?? error) });
  }
});
// The runner gone, its IPC channel closes: so does this process, and the wrk it started. The runner stops it with
// SIGTERM, which would otherwise leave wrk running out its -d (up to half an hour for the scale scenario's warm pass).
const leave = () => {
  killWrk();
  process.exit(0);
};
process.on("disconnect", leave);
process.on("SIGTERM", leave);
