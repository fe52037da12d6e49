// The runner's side of the load process: forks it once and hands it one job at a time.
import { fork } from "node:child_process";
import { resolve } from "node:path";
import { onCleanUp, track } from "../processes";
import type { PacedJob, PacedResult, SaturateJob, SaturateResult } from "./jobs";

type Reply = { id: number; result?: unknown; error?: string };

export type LoadClient = {
  saturate(job: Omit<SaturateJob, "kind">): Promise<SaturateResult>;
  paced(job: Omit<PacedJob, "kind">): Promise<PacedResult>;
};

export function startLoad(): LoadClient {
  const child = fork(resolve(import.meta.dirname, "worker.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  track(child);
  onCleanUp(async () => {
    child.kill("SIGTERM");
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  child.on("message", ({ id, result, error }: Reply) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (error !== undefined) waiter?.reject(new Error(`load process: ${error}`));
    else waiter?.resolve(result);
  });
  child.on("exit", (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`the load process exited with ${code}`));
    pending.clear();
  });
  const ask = <T>(job: SaturateJob | PacedJob) =>
    new Promise<T>((resolve, reject) => {
      if (!child.connected) return reject(new Error("the load process is gone"));
      const id = next++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, job });
    });
  return {
    saturate: (job) => ask<SaturateResult>({ ...job, kind: "saturate" }),
    paced: (job) => ask<PacedResult>({ ...job, kind: "paced" }),
  };
}
