// A live read that keeps failing (the counter store down when the page opens) shows its error steadily, not "reading"
// again at every read; on a fake clock.
// @vitest-environment jsdom
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { createQueryClient } from "../app/query-client";
import { ApiError } from "./api-client";
import { liveQuery } from "./live-reads";
import { useSteadyQuery } from "./steady-query";

afterEach(() => {
  vi.useRealTimers();
});

/** What a panel shows at each render over `forMs` of a live read whose answers are `answer`'s. */
async function shownOver(forMs: number, answer: () => number, steady: boolean): Promise<string[]> {
  vi.useFakeTimers({ now: 0 });
  const client = createQueryClient();
  const shown: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { unmount } = renderHook(
    () => {
      const read = useQuery({ queryKey: ["usage"], ...liveQuery(async () => answer()) });
      const steadily = useSteadyQuery(read);
      const query = steady ? steadily : read;
      shown.push(query.isPending ? "reading" : query.isError ? "error" : "numbers");
    },
    { wrapper },
  );
  await vi.advanceTimersByTimeAsync(forMs);
  unmount();
  client.clear();
  return shown;
}

const storeDown = () => {
  throw new ApiError(503, "store_unavailable", "the counter store is not answering");
};

test("a read that keeps failing shows its error from the first failure on, never reading again", async () => {
  const shown = await shownOver(12_000, storeDown, true);
  const first = shown.indexOf("error");
  expect(first).toBeGreaterThan(0);
  expect(shown.slice(first)).not.toContain("reading");
  // Without it, each read puts the panel back to reading.
  expect((await shownOver(12_000, storeDown, false)).filter((s, i, all) => s !== all[i - 1])).toEqual(
    expect.arrayContaining(["reading", "error", "reading", "error"]),
  );
});

test("numbers once a read succeeds, and an error after them shows as it comes", async () => {
  let reads = 0;
  const shown = await shownOver(
    15_000,
    () => {
      reads++;
      if (reads <= 3 || reads > 6) storeDown();
      return reads;
    },
    true,
  );
  const changes = shown.filter((s, i, all) => s !== all[i - 1]);
  expect(changes).toEqual(["reading", "error", "numbers", "error"]);
});
