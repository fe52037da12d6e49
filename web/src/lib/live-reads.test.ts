// Live numbers read every LIVE_REFRESH_MS from the start of the last read, on a fake clock (no real time waited).
// @vitest-environment jsdom
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, expect, test, vi } from "vitest";
import { ApiError } from "./api-client";
import { LIVE_READ_TIMEOUT_MS, liveRead, untilNextRead } from "./live-reads";
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

test("a read that hangs is given up after LIVE_READ_TIMEOUT_MS: the query fails, rather than show old numbers as live", async () => {
  vi.useFakeTimers({ now: 0 });
  const observer = new QueryObserver(new QueryClient(), {
    queryKey: ["live", "hung"],
    // A request that never answers, unless its signal aborts it, as fetch does.
    queryFn: liveRead(
      ({ signal }) =>
        new Promise<number>((_, fail) => signal.addEventListener("abort", () => fail(signal.reason), { once: true })),
    ),
    retry: false,
  });
  const stop = observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(LIVE_READ_TIMEOUT_MS - 1);
  expect(observer.getCurrentResult().status).toBe("pending");
  await vi.advanceTimersByTimeAsync(1);
  const { status, error } = observer.getCurrentResult();
  stop();
  expect(status).toBe("error");
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).message).toBe("The server did not answer within 5 seconds.");
});

test("a read answered 404 is not read again: what it reads is gone (audit: a deleted customer's page polled on)", async () => {
  vi.useFakeTimers({ now: 0 });
  let reads = 0;
  const observer = new QueryObserver(new QueryClient(), {
    queryKey: ["live", "gone"],
    queryFn: liveRead(async () => {
      reads++;
      throw new ApiError(404, "not_found", "customer acme not found");
    }),
    refetchInterval: untilNextRead,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const stop = observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 5);
  stop();
  expect(reads).toBe(1);
});
