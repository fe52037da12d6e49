// The burst simulator says in one line what a plan does to the traffic described, and says it again when the
// admin changes the traffic. The numbers are worked out by hand in api/src/quota/simulate.test.ts and below.
// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test } from "vitest";
import { type Limits, noLimits } from "../../../lib/domain";
import { BurstSimulator } from "./burst-simulator";

afterEach(cleanup);

const limitsOf = (set: Partial<Limits>): Limits => ({ ...noLimits(), ...set });

test("changing the burst changes the summary: a bucket of 20 at 60 a minute under 500 an hour", async () => {
  render(<BurstSimulator limits={limitsOf({ burst: 20, perMinute: 60, perHour: 500 })} />);
  // 200 in 10 s, then 2 a second for an hour (simulate.test.ts, plan (b)).
  expect(screen.getByRole("status").textContent).toBe(
    "Of 7,400 requests, 520 allowed; 6,880 denied: 642 by Burst, 6,238 by Per hour.",
  );

  const user = userEvent.setup();
  await user.clear(screen.getByLabelText("Requests"));
  await user.type(screen.getByLabelText("Requests"), "0");
  // No burst: the steady 2 a second from 10 s meets an empty bucket, which takes 39 before it is full (i ≤ 19 + i/2)
  // and then one a second; the hour's 500th is let through at 490 s, of 961 requests so far (461 denied by the
  // bucket), the bucket denies once more at 490.5 s and the hour the 6,218 up to 3,599.5 s; the new hour allows the
  // last 20.
  expect(await screen.findByText("Of 7,200 requests, 520 allowed; 6,680 denied: 462 by Burst, 6,218 by Per hour."));
});

test("a bucket the plan sizes by Per minute alone is named Per minute, and its numbers are in the table", async () => {
  render(<BurstSimulator limits={limitsOf({ perMinute: 60 })} />);
  // Plan (a) of simulate.test.ts: 60 + floor(3,609.5) = 3,669 allowed.
  expect(screen.getByRole("status").textContent).toBe(
    "Of 7,400 requests, 3,669 allowed; 3,731 denied: 3,731 by Per minute.",
  );
  expect(screen.getByRole("img").getAttribute("aria-label")).toContain("3,669 allowed");
  const table = screen.getByRole("table", { name: /allowed and denied in each period of 15 s/ });
  const headers = Array.from(table.querySelectorAll("thead th")).map((th) => th.textContent);
  expect(headers).toEqual(["From", "Allowed", "Denied by Per minute"]);
  // The first 15 s: 60 + floor(14.5) = 74 of 210 allowed.
  const first = Array.from(table.querySelectorAll("tbody tr")[0]?.children ?? []).map((c) => c.textContent);
  expect(first).toEqual(["0 s", "74", "136"]);
});

test("traffic past the cap is simulated up to it, and the page says so", async () => {
  render(<BurstSimulator limits={limitsOf({ perMinute: 60 })} />);
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText("Then per second"));
  await user.type(screen.getByLabelText("Then per second"), "100");
  expect(await screen.findByText(/Only the first 200,000 of 360,200 requests are simulated/)).toBeTruthy();
});

test("a wrong number is refused beside its field, and limits the service would refuse are not simulated", async () => {
  const { rerender } = render(<BurstSimulator limits={limitsOf({ perMinute: 60 })} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Over seconds"), "-");
  expect(screen.getByText("Must be a number")).toBeTruthy();
  expect(await screen.findByText("Correct the traffic above to see what the plan does to it.")).toBeTruthy();

  rerender(<BurstSimulator limits={limitsOf({ burst: 20 })} />);
  expect(
    await screen.findByText("Once the plan's limits are valid, this shows what they do to the traffic above."),
  ).toBeTruthy();
});

test("Concurrent is left out, and said to be: the traffic has no length of request to hold slots with", () => {
  render(<BurstSimulator limits={limitsOf({ perMinute: 60, concurrent: 5 })} />);
  // The same as Per minute alone: five requests in flight deny nothing here.
  expect(screen.getByRole("status").textContent).toBe(
    "Of 7,400 requests, 3,669 allowed; 3,731 denied: 3,731 by Per minute.",
  );
  expect(
    screen.getByText(
      "Concurrent is not simulated: the traffic says when requests start, not how long each stays in flight.",
    ),
  ).toBeTruthy();
  const table = screen.getByRole("table", { name: /allowed and denied in each period/ });
  expect(Array.from(table.querySelectorAll("thead th")).map((th) => th.textContent)).toEqual([
    "From",
    "Allowed",
    "Denied by Per minute",
  ]);
  expect(screen.queryByText(/Denied by (c|C)oncurrent/)).toBeNull();
});

test("a plan whose only limit is Concurrent lets the whole traffic through, and says Concurrent is not simulated", () => {
  render(<BurstSimulator limits={limitsOf({ concurrent: 5 })} />);
  expect(screen.getByRole("status").textContent).toBe("Of 7,400 requests, all 7,400 allowed.");
  expect(screen.getByText(/^Concurrent is not simulated/)).toBeTruthy();
});

test("without Concurrent there is no such note", () => {
  render(<BurstSimulator limits={limitsOf({ perMinute: 60 })} />);
  expect(screen.queryByText(/Concurrent is not simulated/)).toBeNull();
});
