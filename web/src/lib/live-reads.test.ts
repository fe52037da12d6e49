// Live numbers read every LIVE_REFRESH_MS from the start of the last read, on a fake clock (no real time waited).
// @vitest-environment jsdom
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, expect, test, vi } from "vitest";
import { liveRead, untilNextRead } from "./live-reads";
import { LIVE_REFRESH_MS } from "./quota";

afterEach(() => {
  vi.useRealTimers();
});

/** When each read of a live query starts, on a fake clock, its answers taking `answerMs`. */
async function readStarts(answerMs: number, forMs: number): Promise<number[]> {
  vi.useFakeTimers({ now: 0 });
  const starts: number[] = [];
  const observer = new QueryObserver(new QueryClient(), {
    queryKey: ["live", answerMs],
    queryFn: liveRead(async () => {
      starts.push(Date.now());
      await new Promise((answer) => setTimeout(answer, answerMs));
      return starts.length;
    }),
    refetchInterval: untilNextRead,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const stop = observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(forMs);
  stop();
  return starts;
}

test("live numbers are read every LIVE_REFRESH_MS from the start of the last read, however long it took to answer", async () => {
  expect(LIVE_REFRESH_MS).toBe(1500);
  // A plain refetchInterval read at 0, 2400, 4800: its timer starts again at each answer.
  expect(await readStarts(900, 6100)).toEqual([0, 1500, 3000, 4500, 6000]);
  expect(await readStarts(10, 3100)).toEqual([0, 1500, 3000]);
});

test("an answer slower than the period is followed by the next read at once, never by two reads at a time", async () => {
  // Each a millisecond's timer after the answer before it.
  expect(await readStarts(2000, 6500)).toEqual([0, 2001, 4002, 6003]);
});
