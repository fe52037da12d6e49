// The Worker's own results beside the table: its cold starts and its bundle's size, against issue 16's targets.
import { median } from "../stats";
import type { ColdStart, WorkerStart } from "./start";

export const FIRST_CHECK_TARGET_MS = 100;
export const BUNDLE_GZIP_TARGET_BYTES = 1024 * 1024;

export type WorkerResults = {
  /** From starting workerd (new Miniflare) until it listens; the median of `coldStarts`. */
  readyMs: number;
  /** The first check's answer after that, the service built on it; the median of `coldStarts`. */
  firstCheckMs: number;
  firstCheck: { targetMs: number; met: boolean };
  coldStarts: ColdStart[];
  /** What `wrangler deploy` would upload: the script and its text modules, gzip at level 9. */
  bundle: { rawBytes: number; gzipBytes: number; targetGzipBytes: number; met: boolean };
};

export function workerResults(start: Omit<WorkerStart, "server" | "seed">): WorkerResults {
  const firstCheckMs = median(start.coldStarts.map((c) => c.firstCheckMs));
  return {
    readyMs: median(start.coldStarts.map((c) => c.readyMs)),
    firstCheckMs,
    firstCheck: { targetMs: FIRST_CHECK_TARGET_MS, met: firstCheckMs <= FIRST_CHECK_TARGET_MS },
    coldStarts: start.coldStarts,
    bundle: {
      ...start.bundle,
      targetGzipBytes: BUNDLE_GZIP_TARGET_BYTES,
      met: start.bundle.gzipBytes <= BUNDLE_GZIP_TARGET_BYTES,
    },
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const verdict = (met: boolean) => (met ? "met" : "NOT MET");

/** The report's lines on the Worker. */
export function formatWorker(w: WorkerResults): string[] {
  const rounds = w.coldStarts.length;
  return [
    `The Worker (its bundle in workerd through miniflare's API, no wrangler dev proxy; CPU is workerd's), ${rounds} cold start(s), medians:`,
    `  cold start to ready ${w.readyMs.toFixed(0)} ms, first check after it ${w.firstCheckMs.toFixed(1)} ms   target ≤ ${w.firstCheck.targetMs} ms  ${verdict(w.firstCheck.met)}`,
    `  bundle ${kib(w.bundle.rawBytes)} raw, ${kib(w.bundle.gzipBytes)} gzip   target ≤ ${kib(w.bundle.targetGzipBytes)} gzip  ${verdict(w.bundle.met)}`,
  ];
}
