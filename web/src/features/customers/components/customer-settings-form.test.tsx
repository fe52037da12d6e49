// The customer settings form saves and deletes the version the admin read, and asks for a reload when it is stale.
// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { AdminSessionProvider } from "../../../app/admin-session";
import { createQueryClient } from "../../../app/query-client";
import type { Customer, Plan } from "../../../lib/domain";
import { CustomerSettingsForm } from "./customer-settings-form";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  sessionStorage.setItem("bouncer.adminToken", "admin-token");
  vi.stubGlobal("fetch", fetchMock);
  // jsdom has no <dialog> behaviour; the confirmation only needs to open and close.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const at = "2026-11-30T10:00:00.000Z";
const pro: Plan = {
  id: "pro",
  name: "Pro",
  burst: null,
  perMinute: 100,
  perHour: 5000,
  perDay: 50000,
  perWeek: null,
  perMonth: null,
  resources: {},
  failMode: "open",
  shadow: false,
  version: 1,
  createdAt: at,
  updatedAt: at,
};
const acme: Customer = {
  id: "acme",
  name: "Acme",
  planId: "pro",
  billingDay: null,
  overrides: { perDay: 100000, shadow: true },
  version: 3,
  createdAt: at,
  updatedAt: at,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const stale = () =>
  json(412, { error: { code: "precondition_failed", message: "customer acme is at version 4", requestId: "r" } });

function renderForm() {
  const onDeleted = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminSessionProvider>
        <CustomerSettingsForm customer={acme} plans={[pro]} onDeleted={onDeleted} />
      </AdminSessionProvider>
    </QueryClientProvider>,
  );
  return { onDeleted, user: userEvent.setup() };
}

test("a save sends the overrides with If-Match; a stale version asks for a reload, which shows the other change", async () => {
  const { user } = renderForm();
  fetchMock.mockResolvedValueOnce(stale());
  await user.type(screen.getByLabelText("Per hour"), "6000");
  await user.click(screen.getByRole("button", { name: "Save plan and overrides" }));

  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("/v1/customers/acme");
  expect(init?.method).toBe("PATCH");
  expect(new Headers(init?.headers).get("If-Match")).toBe('"3"');
  // The plan did not change, so only the overrides are sent, the shadow override the form does not show included.
  expect(JSON.parse(String(init?.body))).toEqual({ overrides: { perHour: 6000, perDay: 100000, shadow: true } });
  expect(await screen.findByText("Someone else changed this customer while you were editing it.")).toBeTruthy();
  expect(screen.queryByText("Saved. The next check uses these limits.")).toBeNull();
  expect(screen.getByRole("button", { name: "Save plan and overrides" })).toHaveProperty("disabled", true);

  fetchMock.mockResolvedValueOnce(json(200, { ...acme, overrides: { perDay: 200000 }, version: 4 }));
  await user.click(screen.getByRole("button", { name: "Reload customer" }));
  await vi.waitFor(() => expect(screen.getByLabelText("Per day")).toHaveProperty("value", "200000"));
  expect(screen.getByLabelText("Per hour")).toHaveProperty("value", "");
  expect(screen.getByText("Version 4")).toBeTruthy();

  fetchMock.mockResolvedValueOnce(json(200, { ...acme, overrides: { perHour: 6000, perDay: 200000 }, version: 5 }));
  await user.type(screen.getByLabelText("Per hour"), "6000");
  await user.click(screen.getByRole("button", { name: "Save plan and overrides" }));
  expect(await screen.findByText("Saved. The next check uses these limits.")).toBeTruthy();
  const [, again] = fetchMock.mock.calls.at(-1) ?? [];
  expect(new Headers(again?.headers).get("If-Match")).toBe('"4"');
  expect(JSON.parse(String(again?.body))).toEqual({ overrides: { perHour: 6000, perDay: 200000 } });
  expect(screen.getByText("Version 5")).toBeTruthy();
});

test("a save that changes nothing sends nothing", async () => {
  const { user } = renderForm();
  await user.click(screen.getByRole("button", { name: "Save plan and overrides" }));
  expect(await screen.findByText("Saved. The next check uses these limits.")).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
});

test("a delete sends If-Match, and a stale version asks for a reload instead of deleting", async () => {
  const { user, onDeleted } = renderForm();
  fetchMock.mockResolvedValueOnce(stale());
  await user.click(screen.getByRole("button", { name: "Delete customer" }));
  await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete customer" }));

  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("/v1/customers/acme");
  expect(init?.method).toBe("DELETE");
  expect(new Headers(init?.headers).get("If-Match")).toBe('"3"');
  expect(await screen.findByText("Someone else changed this customer while you were editing it.")).toBeTruthy();
  expect(screen.getByText(/Nothing was deleted/)).toBeTruthy();
  expect(onDeleted).not.toHaveBeenCalled();
});

test("the billing day is chosen from 1 to 31, or the calendar month, and sent when it changed", async () => {
  const { user } = renderForm();
  fetchMock.mockResolvedValueOnce(json(200, { ...acme, billingDay: 31, version: 4 }));
  const billingDay = screen.getByLabelText("Billing day");
  expect(billingDay).toHaveProperty("value", "");
  expect(
    within(billingDay)
      .getAllByRole("option")
      .map((o) => o.getAttribute("value")),
  ).toEqual(["", ...Array.from({ length: 31 }, (_, i) => String(i + 1))]);
  await user.selectOptions(billingDay, "31");
  await user.click(screen.getByRole("button", { name: "Save plan and overrides" }));
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ billingDay: 31 });
  expect(await screen.findByText("Saved. The next check uses these limits.")).toBeTruthy();

  fetchMock.mockResolvedValueOnce(json(200, { ...acme, billingDay: null, version: 5 }));
  await user.selectOptions(billingDay, "");
  await user.click(screen.getByRole("button", { name: "Save plan and overrides" }));
  expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ billingDay: null });
});

test("every limit kind and each of the plan's resources can be overridden field by field, under the plan's rules", async () => {
  const metered: Plan = {
    ...pro,
    perMonth: 1000000,
    resources: {
      "ai.generate": { burst: null, perMinute: 10, perHour: null, perDay: 500, perWeek: null, perMonth: null },
    },
  };
  const onDeleted = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminSessionProvider>
        <CustomerSettingsForm customer={{ ...acme, overrides: null }} plans={[metered]} onDeleted={onDeleted} />
      </AdminSessionProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const overrides = within(screen.getByRole("group", { name: "Overrides" }));
  for (const label of ["Burst", "Per minute", "Per hour", "Per day", "Per week", "Per month"]) {
    expect(overrides.getAllByLabelText(label)).toHaveLength(2);
  }
  const resource = within(screen.getByRole("group", { name: "Resource ai.generate" }));
  expect(resource.getByText("Plan: 500")).toBeTruthy();

  // The resource's own rule: its day may not allow less than its minute.
  await user.type(resource.getByLabelText("Per day"), "5");
  expect(resource.getByText("Resource ai.generate: Per day (5) must be at least Per minute (10)")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Save plan and overrides" })).toHaveProperty("disabled", true);
  await user.type(resource.getByLabelText("Per day"), "000");

  fetchMock.mockResolvedValueOnce(json(200, { ...acme, version: 4 }));
  await user.type(screen.getAllByLabelText("Per month")[0] as HTMLElement, "2000000");
  await user.click(screen.getByRole("button", { name: "Save plan and overrides" }));
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
    overrides: { perMonth: 2000000, resources: { "ai.generate": { perDay: 5000 } } },
  });
});
