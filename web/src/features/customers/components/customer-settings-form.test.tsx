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
