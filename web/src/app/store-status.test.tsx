// The store status asks for the plans only while the counter store is down, and then names the plans that limit
// locally in the banner.
// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { StatusBanner } from "../components/ui/status-banner";
import { StatusDot } from "../components/ui/status-dot";
import { proPlan } from "../testing/fixtures";
import { json } from "../testing/json-response";
import { renderAsAdmin, signInWithFetch } from "../testing/signed-in-admin";
import { useStoreStatus } from "./store-status";

const PLANS = [
  proPlan({ id: "free", name: "Free" }),
  proPlan({ id: "pro", name: "Pro", failMode: "local" }),
  proPlan({ id: "metered", name: "Metered", failMode: "closed" }),
  proPlan({ id: "team", name: "Team", failMode: "local" }),
];

let counterStore: "ok" | "down" = "ok";
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url === "/readyz") {
    if (counterStore === "ok") return json(200, { status: "ok", configStore: "ok", counterStore: "ok" });
    const error = { code: "store_unavailable", message: "not answering: counter store", requestId: "r" };
    return json(503, { error, configStore: "ok", counterStore: "down" });
  }
  if (url === "/v1/plans") return json(200, { plans: PLANS });
  return json(404, { error: { code: "not_found", message: "no", requestId: "r" } });
});

signInWithFetch(fetchMock);

function Status() {
  const words = useStoreStatus();
  return (
    <>
      <StatusDot words={words} />
      <StatusBanner words={words} />
    </>
  );
}

const asked = () => fetchMock.mock.calls.map(([input]) => String(input));

test("while the stores answer, no plans are asked for", async () => {
  counterStore = "ok";
  renderAsAdmin(<Status />);
  await screen.findByText("Stores answering");
  // Whatever was about to be asked has been by the next turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked()).toEqual(["/readyz"]);
});

test("while the counter store is down, the banner names the plans that limit locally", async () => {
  counterStore = "down";
  renderAsAdmin(<Status />);
  const banner = await screen.findByRole("region", { name: "Store status" });
  await vi.waitFor(() => expect(banner.textContent).toContain("Plans that limit locally (Pro, Team) are holding"));
  expect(asked()).toEqual(["/readyz", "/v1/plans"]);
});
