// The Webhooks page adds an endpoint for usage.threshold (its URL checked as the API checks it) and shows its secret
// once in the secret dialog; lists endpoints; sends a test; shows an endpoint's deliveries, read again every few
// seconds, with Redeliver; and deletes after asking.
// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { stubDialog } from "../../../testing/dialog";
import { json } from "../../../testing/json-response";
import { renderAsAdmin, signInWithFetch } from "../../../testing/signed-in-admin";
import type { Delivery } from "../api/get-deliveries";
import type { Webhook } from "../api/get-webhooks";
import { WebhooksPage } from "./webhooks-page";

const fetchMock = vi.fn<typeof fetch>();

signInWithFetch(fetchMock);
stubDialog();

const at = "2026-11-30T10:00:00.000Z";
const billing: Webhook = {
  id: "wh_1",
  url: "https://billing.example.com/hooks",
  events: ["usage.threshold"],
  createdAt: at,
};

const delivery = (fields: Partial<Delivery>): Delivery => ({
  id: "dlv_1",
  eventId: "evt_1",
  type: "webhook.test",
  status: "delivered",
  attempts: 1,
  lastStatus: 200,
  nextAttemptAt: null,
  createdAt: at,
  ...fields,
});

type Route = { method: string; path: string; answer: () => Response };

/** Answers each request by method and path; a request no route names fails the test. */
function serve(routes: Route[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? "GET";
    const route = routes.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`unexpected ${method} ${path}`);
    return route.answer();
  });
}

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? "GET") === method);

function renderPage() {
  renderAsAdmin(<RouterProvider router={createMemoryRouter([{ path: "/", element: <WebhooksPage /> }])} />);
  return userEvent.setup();
}

test("adds an endpoint for usage.threshold and shows its secret once, in the secret dialog", async () => {
  let webhooks: Webhook[] = [];
  serve([
    { method: "GET", path: "/v1/webhooks", answer: () => json(200, { webhooks }) },
    {
      method: "POST",
      path: "/v1/webhooks",
      answer: () => {
        webhooks = [billing];
        return json(201, { ...billing, secret: "whsec_abc" });
      },
    },
  ]);
  const user = renderPage();
  expect(await screen.findByText("No endpoints yet")).toBeTruthy();
  const form = screen.getByRole("form", { name: "New webhook endpoint" });
  const url = within(form).getByLabelText("Webhook URL");
  expect(within(form).getByText("usage.threshold")).toBeTruthy();

  await user.type(url, "http://billing.example.com/hooks");
  await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
  expect(within(form).getByText(/Use https:\/\/, or http:\/\/ to this machine/)).toBeTruthy();
  expect(url).toHaveProperty("ariaInvalid", "true");
  expect(document.activeElement).toBe(url);
  expect(calls("POST", "/v1/webhooks")).toEqual([]);

  await user.clear(url);
  await user.type(url, billing.url);
  await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
  const dialog = await screen.findByRole("dialog", { name: "New webhook endpoint" });
  expect(within(dialog).getByLabelText("Signing secret")).toHaveProperty("value", "whsec_abc");
  expect(within(dialog).getByText(/Bouncer keeps it only to sign what it sends/)).toBeTruthy();
  expect(within(dialog).getByRole("button", { name: "Copy secret" })).toBeTruthy();
  const [, init] = calls("POST", "/v1/webhooks")[0] ?? [];
  expect(JSON.parse(String(init?.body))).toEqual({ url: billing.url, events: ["usage.threshold"] });

  await user.click(within(dialog).getByRole("button", { name: "I have saved the secret" }));
  expect(screen.queryByDisplayValue("whsec_abc")).toBeNull();
  expect(document.activeElement).toBe(within(form).getByLabelText("Webhook URL"));
  expect(within(form).getByLabelText("Webhook URL")).toHaveProperty("value", "");
  const table = await screen.findByRole("table", { name: "Webhook endpoints" });
  expect(within(table).getByRole("rowheader", { name: /billing\.example\.com/ })).toBeTruthy();
  // The secret is in no list.
  expect(screen.queryByText("whsec_abc")).toBeNull();
});

test("a test is sent, and the endpoint's deliveries open with their status, attempts, last status and next try", async () => {
  let deliveries: Delivery[] = [
    delivery({
      id: "dlv_0",
      eventId: "evt_0",
      type: "usage.threshold",
      status: "pending",
      attempts: 2,
      lastStatus: 503,
      nextAttemptAt: "2026-11-30T10:05:00.000Z",
    }),
  ];
  serve([
    { method: "GET", path: "/v1/webhooks", answer: () => json(200, { webhooks: [billing] }) },
    {
      method: "POST",
      path: "/v1/webhooks/wh_1/test",
      answer: () => {
        deliveries = [delivery({}), ...deliveries];
        return json(202, { eventId: "evt_1" });
      },
    },
    { method: "GET", path: "/v1/webhooks/wh_1/deliveries?limit=50", answer: () => json(200, { deliveries }) },
    {
      method: "POST",
      path: "/v1/webhooks/wh_1/deliveries/dlv_0/redeliver",
      answer: () => json(202, delivery({ id: "dlv_0", status: "pending" })),
    },
  ]);
  const user = renderPage();
  await user.click(await screen.findByRole("button", { name: `Send test to ${billing.url}` }));
  expect(await screen.findByText(`A webhook.test event is on its way to ${billing.url}.`)).toBeTruthy();

  const table = await screen.findByRole("table", { name: `Deliveries to ${billing.url}` });
  const rows = within(table).getAllByRole("row").slice(1);
  expect(
    rows.map((r) =>
      within(r)
        .getAllByRole("cell")
        .slice(0, 3)
        .map((c) => c.textContent),
    ),
  ).toEqual([
    ["Delivered", "1", "200"],
    ["Pending", "2", "503"],
  ]);
  expect(within(rows[0] as HTMLElement).getByText("Done")).toBeTruthy();
  expect(within(rows[1] as HTMLElement).getByRole("rowheader").textContent).toBe("usage.thresholdevt_0");
  expect(screen.getByRole("button", { name: `Deliveries to ${billing.url}` }).getAttribute("aria-pressed")).toBe(
    "true",
  );

  await user.click(within(table).getByRole("button", { name: "Redeliver usage.threshold evt_0" }));
  await vi.waitFor(() => expect(calls("POST", "/v1/webhooks/wh_1/deliveries/dlv_0/redeliver")).toHaveLength(1));
  // Redelivering reads the deliveries again at once.
  await vi.waitFor(() => expect(calls("GET", "/v1/webhooks/wh_1/deliveries?limit=50").length).toBeGreaterThan(1));
});

test("open deliveries are read again every few seconds, and not once closed", async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    serve([
      { method: "GET", path: "/v1/webhooks", answer: () => json(200, { webhooks: [billing] }) },
      { method: "GET", path: "/v1/webhooks/wh_1/deliveries?limit=50", answer: () => json(200, { deliveries: [] }) },
    ]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAsAdmin(<RouterProvider router={createMemoryRouter([{ path: "/", element: <WebhooksPage /> }])} />);
    const show = await screen.findByRole("button", { name: `Deliveries to ${billing.url}` });
    await user.click(show);
    expect(await screen.findByText("No deliveries yet")).toBeTruthy();
    const reads = () => calls("GET", "/v1/webhooks/wh_1/deliveries?limit=50").length;
    const first = reads();
    await vi.advanceTimersByTimeAsync(3500);
    await vi.waitFor(() => expect(reads()).toBeGreaterThan(first));
    await user.click(show);
    expect(screen.queryByText("No deliveries yet")).toBeNull();
    const closed = reads();
    await vi.advanceTimersByTimeAsync(7000);
    expect(reads()).toBe(closed);
  } finally {
    vi.useRealTimers();
  }
});

test("delete asks first, then deletes and says so", async () => {
  let webhooks = [billing];
  serve([
    { method: "GET", path: "/v1/webhooks", answer: () => json(200, { webhooks }) },
    {
      method: "DELETE",
      path: "/v1/webhooks/wh_1",
      answer: () => {
        webhooks = [];
        return new Response(null, { status: 204 });
      },
    },
  ]);
  const user = renderPage();
  await user.click(await screen.findByRole("button", { name: `Delete ${billing.url}` }));
  const dialog = await screen.findByRole("dialog", { name: "Delete this endpoint?" });
  expect(calls("DELETE", "/v1/webhooks/wh_1")).toEqual([]);
  await user.click(within(dialog).getByRole("button", { name: "Delete endpoint" }));
  expect(await screen.findByText(`Endpoint ${billing.url} was deleted.`)).toBeTruthy();
  expect(await screen.findByText("No endpoints yet")).toBeTruthy();
  expect(calls("DELETE", "/v1/webhooks/wh_1")).toHaveLength(1);
});

test("deleting the endpoint whose deliveries are shown reads them no more: the server would answer 404", async () => {
  let webhooks = [billing];
  const order: string[] = [];
  serve([
    { method: "GET", path: "/v1/webhooks", answer: () => json(200, { webhooks }) },
    {
      method: "GET",
      path: "/v1/webhooks/wh_1/deliveries?limit=50",
      answer: () => {
        order.push("read");
        return webhooks.length > 0
          ? json(200, { deliveries: [delivery({})] })
          : json(404, { error: { code: "not_found", message: "no such endpoint", requestId: "r" } });
      },
    },
    {
      method: "DELETE",
      path: "/v1/webhooks/wh_1",
      answer: () => {
        order.push("delete");
        webhooks = [];
        return new Response(null, { status: 204 });
      },
    },
  ]);
  const user = renderPage();
  await user.click(await screen.findByRole("button", { name: `Deliveries to ${billing.url}` }));
  expect(await screen.findByRole("table", { name: `Deliveries to ${billing.url}` })).toBeTruthy();
  await user.click(screen.getByRole("button", { name: `Delete ${billing.url}` }));
  const dialog = await screen.findByRole("dialog", { name: "Delete this endpoint?" });
  await user.click(within(dialog).getByRole("button", { name: "Delete endpoint" }));
  expect(await screen.findByText("No endpoints yet")).toBeTruthy();
  expect(order.slice(order.indexOf("delete"))).toEqual(["delete"]);
});

test("a refusal of the API is said beside the form, and the URL typed is kept", async () => {
  serve([
    { method: "GET", path: "/v1/webhooks", answer: () => json(200, { webhooks: [] }) },
    {
      method: "POST",
      path: "/v1/webhooks",
      answer: () =>
        json(400, {
          error: { code: "invalid_request", message: "url resolves to a private address", requestId: "r" },
        }),
    },
  ]);
  const user = renderPage();
  const form = await screen.findByRole("form", { name: "New webhook endpoint" });
  await user.type(within(form).getByLabelText("Webhook URL"), "https://intranet.example/hooks");
  await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
  expect(await within(form).findByText("url resolves to a private address")).toBeTruthy();
  expect(within(form).getByLabelText("Webhook URL")).toHaveProperty("value", "https://intranet.example/hooks");
  expect(screen.queryByRole("dialog")).toBeNull();
});
