// The Plans page keeps the keyboard somewhere sensible: on the saved plan's row after Create, back on the opening
// button after Cancel or Escape, and on the words of a refused delete, which name who uses the plan.
// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { noLimits, type Plan } from "../../../lib/domain";
import { stubDialog } from "../../../testing/dialog";
import { proPlan } from "../../../testing/fixtures";
import { json } from "../../../testing/json-response";
import { renderAsAdmin, signInWithFetch } from "../../../testing/signed-in-admin";
import { PlansPage } from "./plans-page";

const plan = (id: string, name: string) => proPlan({ id, name, perMinute: 60, perHour: null, perDay: null });

let plans: Plan[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  if (url === "/v1/plans" && init?.method === "POST") {
    const created = plan("team", "Team");
    plans = [...plans, created];
    return json(201, created);
  }
  if (url === "/v1/plans") return json(200, { plans });
  if (url === "/v1/plans/pro" && init?.method === "DELETE") {
    const message =
      'plan "pro" is used by more than 3 customers (acme, beta, gamma and more); move them to another plan first';
    return json(409, { error: { code: "conflict", message, requestId: "r" } });
  }
  return json(404, { error: { code: "not_found", message: "no", requestId: "r" } });
});

signInWithFetch(fetchMock);
stubDialog();

beforeEach(() => {
  plans = [plan("pro", "Pro")];
});

async function renderPage() {
  renderAsAdmin(<PlansPage />);
  await screen.findByRole("table", { name: "Plans" });
  return userEvent.setup();
}

test("Cancel and Escape put the keyboard back on the button that opened the form", async () => {
  const user = await renderPage();
  await user.click(screen.getByRole("button", { name: "New plan" }));
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.queryByRole("form")).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "New plan" }));

  await user.click(screen.getByRole("button", { name: "Edit Pro" }));
  expect(screen.getByRole("form", { name: "Edit plan pro" })).toBeTruthy();
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("form")).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit Pro" }));
});

test("after Create the keyboard is on the new plan's row, and the page says it was created", async () => {
  const user = await renderPage();
  await user.click(screen.getByRole("button", { name: "New plan" }));
  await user.keyboard("Team");
  await user.type(screen.getByLabelText("Per minute"), "60");
  await user.keyboard("{Enter}");

  expect(await screen.findByRole("status")).toHaveProperty("textContent", "Plan Team created.");
  const row = screen.getByRole("row", { name: /^Team team/ });
  await vi.waitFor(() => expect(document.activeElement).toBe(within(row).getByRole("rowheader")));
});

test("Burst says the bucket Per minute sizes rather than No limit", async () => {
  await renderPage();
  const row = within(screen.getByRole("row", { name: /^Pro pro/ }));
  expect(row.getAllByRole("cell")[0]).toHaveProperty("textContent", "60 (per minute)");
});

test("a delete refused for a plan in use names its customers and offers no delete; after a delete the message takes the keyboard", async () => {
  plans = [plan("pro", "Pro"), plan("spare", "Spare")];
  const user = await renderPage();
  await user.click(screen.getByRole("button", { name: "Delete Pro" }));
  await user.click(
    within(screen.getByRole("dialog", { name: "Delete plan Pro?" })).getByRole("button", { name: "Delete plan" }),
  );
  const dialog = await screen.findByRole("dialog", { name: "Plan Pro is in use" });
  const refusal = within(dialog).getByText(
    /^Plan "pro" is used by more than 3 customers \(acme, beta, gamma and more\)/,
  );
  expect(refusal.textContent).toContain(
    "move them to another plan first: on Customers, Manage each and change its Plan.",
  );
  expect(document.activeElement).toBe(refusal);
  expect(within(dialog).queryByRole("button", { name: "Delete plan" })).toBeNull();
  await user.click(within(dialog).getByRole("button", { name: "Close" }));
  // Who is on the plan was the refusal's to say: the customers list is never read.
  expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith("/v1/customers"))).toEqual([]);

  await user.click(screen.getByRole("button", { name: "Delete Spare" }));
  const confirm = await screen.findByRole("dialog", { name: "Delete plan Spare?" });
  expect(confirm.textContent).toContain("Deleting spare cannot be undone.");
  fetchMock.mockImplementationOnce(async () => {
    plans = plans.filter((p) => p.id !== "spare");
    return new Response(null, { status: 204 });
  });
  await user.click(within(confirm).getByRole("button", { name: "Delete plan" }));
  const status = await screen.findByText("Plan Spare deleted.");
  await vi.waitFor(() => expect(status.closest("[tabindex]")).toBe(document.activeElement));
});

test("a delete refused because the plan changed meanwhile refreshes the table, and deletes the plan as it is now (audit)", async () => {
  plans = [plan("pro", "Pro"), plan("spare", "Spare")];
  const user = await renderPage();
  // Another admin raises Spare's limit: the page still shows version 1.
  plans = [
    plan("pro", "Pro"),
    proPlan({ id: "spare", name: "Spare", perMinute: 61, perHour: null, perDay: null, version: 2 }),
  ];
  const sent: (string | null)[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/v1/plans/spare" && init?.method === "DELETE") {
      const ifMatch = new Headers(init.headers).get("If-Match");
      sent.push(ifMatch);
      if (ifMatch !== '"2"') {
        const message = "plan spare is at version 2, not 1";
        return json(412, { error: { code: "precondition_failed", message, requestId: "r" } });
      }
      plans = plans.filter((p) => p.id !== "spare");
      return new Response(null, { status: 204 });
    }
    return json(200, { plans });
  });
  await user.click(screen.getByRole("button", { name: "Delete Spare" }));
  const confirm = await screen.findByRole("dialog", { name: "Delete plan Spare?" });
  await user.click(within(confirm).getByRole("button", { name: "Delete plan" }));
  await within(confirm).findByText(/Someone changed it since this page read it/);
  const row = within(screen.getByRole("row", { name: /^Spare spare/ }));
  await vi.waitFor(() => expect(row.getAllByRole("cell")[0]).toHaveProperty("textContent", "61 (per minute)"));
  await user.click(within(confirm).getByRole("button", { name: "Delete plan" }));
  await screen.findByText("Plan Spare deleted.");
  expect(sent).toEqual(['"1"', '"2"']);
});

test("the burst simulator beside the form follows the unsaved limits", async () => {
  const user = await renderPage();
  await user.click(screen.getByRole("button", { name: "Edit Pro" }));
  const simulator = within(screen.getByRole("region", { name: "Traffic simulator" }));
  // Pro's bucket of 60 draining one a second: the default burst (200 in 10 s) then 2/s for an hour, 7,400 requests.
  expect(simulator.getByText(/^Of 7,400 requests/).textContent).toContain("3,669 allowed");

  // An hour of 500, typed and not saved: the simulator decides with it at once.
  await user.type(screen.getByLabelText("Per hour"), "500");
  await vi.waitFor(() => expect(simulator.getByText(/^Of 7,400 requests/).textContent).toContain("by Per hour"));
  expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH")).toEqual([]);
});

test("Concurrent has its column in the table, a resource's is in its words; the simulator leaves it out and says so", async () => {
  plans = [
    proPlan({
      id: "leased",
      name: "Leased",
      perMinute: 60,
      perHour: null,
      perDay: null,
      concurrent: 5,
      resources: { "ai.generate": { ...noLimits(), perMinute: 10, concurrent: 2 } },
    }),
  ];
  const user = await renderPage();
  const table = within(screen.getByRole("table", { name: "Plans" }));
  const headers = table.getAllByRole("columnheader").map((th) => th.textContent);
  const column = headers.indexOf("Concurrent");
  expect(headers.slice(column - 1, column + 2)).toEqual(["Per month", "Concurrent", "Resources"]);
  const row = within(table.getByRole("row", { name: /^Leased leased/ }));
  // The row's cells, after its header cell: the column's place less one.
  expect(row.getAllByRole("cell")[column - 1]).toHaveProperty("textContent", "5");
  expect(row.getByText("Per minute 10, Concurrent 2")).toBeTruthy();

  await user.click(screen.getByRole("button", { name: "Edit Leased" }));
  const simulator = within(screen.getByRole("region", { name: "Traffic simulator" }));
  expect(simulator.getByText(/^Of 7,400 requests/).textContent).toBe(
    "Of 7,400 requests, 3,669 allowed; 3,731 denied: 3,731 by Per minute.",
  );
  expect(simulator.getByText(/^Concurrent is not simulated/)).toBeTruthy();
  await user.clear(screen.getAllByLabelText("Concurrent")[0] as HTMLElement);
  await vi.waitFor(() => expect(simulator.queryByText(/^Concurrent is not simulated/)).toBeNull());
});
