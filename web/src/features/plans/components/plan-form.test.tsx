// The plan form shows the API's own rules beside each field as the admin types, and sends only a valid plan.
// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { AdminSessionProvider } from "../../../app/admin-session";
import { createQueryClient } from "../../../app/query-client";
import type { Plan } from "../../../lib/domain";
import { PlanForm } from "./plan-form";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  sessionStorage.setItem("bouncer.adminToken", "admin-token");
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderForm(plan?: Plan) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminSessionProvider>
        <PlanForm plan={plan} onDone={onDone} onCancel={() => {}} />
      </AdminSessionProvider>
    </QueryClientProvider>,
  );
  return { onDone, user: userEvent.setup() };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

test("a longer period allowing less than a shorter one is shown beside the field while typing", async () => {
  const { user } = renderForm();
  await user.type(screen.getByLabelText("Per minute"), "100");
  await user.type(screen.getByLabelText("Per hour"), "50");

  const perHour = screen.getByLabelText("Per hour");
  expect(perHour).toHaveProperty("ariaInvalid", "true");
  expect(perHour.getAttribute("aria-describedby")).toBeTruthy();
  expect(screen.getByText("Per hour must be at least Per minute")).toBeTruthy();

  await user.type(perHour, "00");
  expect(screen.queryByText("Per hour must be at least Per minute")).toBeNull();
  expect(perHour).toHaveProperty("ariaInvalid", "false");
});

test("burst without a refill rate, and numbers that are not whole, are refused inline", async () => {
  const { user } = renderForm();
  await user.type(screen.getByLabelText("Burst"), "10");
  expect(screen.getByText("Burst needs Per minute, the rate at which the bucket refills")).toBeTruthy();

  await user.type(screen.getByLabelText("Per day"), "1.5");
  expect(screen.getByText("Must be a whole number")).toBeTruthy();
  await user.clear(screen.getByLabelText("Per day"));
  await user.type(screen.getByLabelText("Per day"), "0");
  expect(screen.getByText("Must be at least 1")).toBeTruthy();
});

test("an untouched field shows its error only once the admin tries to save, and nothing is sent", async () => {
  const { user } = renderForm();
  expect(screen.queryByText("Name must not be empty")).toBeNull();
  await user.click(screen.getByRole("button", { name: "Create plan" }));
  expect(screen.getByText("Name must not be empty")).toBeTruthy();
  expect(screen.getByText("At least one of Burst, Per minute, Per hour, Per day must be set")).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
});

test("a valid plan is posted as the API's schema shapes it, with an id suggested from the name", async () => {
  const { user, onDone } = renderForm();
  fetchMock.mockResolvedValue(json(201, { id: "pro-plus", name: "Pro Plus", version: 1 }));
  await user.type(screen.getByLabelText("Name"), "Pro Plus");
  expect(screen.getByLabelText("Plan id")).toHaveProperty("value", "pro-plus");
  await user.type(screen.getByLabelText("Per minute"), "1,000");
  await user.selectOptions(screen.getByLabelText("Fail mode"), "closed");
  await user.click(screen.getByLabelText("Shadow"));
  await user.click(screen.getByRole("button", { name: "Create plan" }));

  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("/v1/plans");
  expect(JSON.parse(String(init?.body))).toEqual({
    id: "pro-plus",
    name: "Pro Plus",
    burst: null,
    perMinute: 1000,
    perHour: null,
    perDay: null,
    failMode: "closed",
    shadow: true,
  });
  await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
});

test("an edit sends only what changed, with If-Match, and a stale version asks for a reload", async () => {
  const plan: Plan = {
    id: "pro",
    name: "Pro",
    burst: null,
    perMinute: 100,
    perHour: 5000,
    perDay: null,
    failMode: "open",
    shadow: false,
    version: 3,
    createdAt: "2026-11-30T10:00:00.000Z",
    updatedAt: "2026-11-30T10:00:00.000Z",
  };
  const { user } = renderForm(plan);
  fetchMock.mockResolvedValue(
    json(412, { error: { code: "precondition_failed", message: "plan pro is at version 4", requestId: "r" } }),
  );
  await user.clear(screen.getByLabelText("Per hour"));
  await user.type(screen.getByLabelText("Per hour"), "6000");
  await user.click(screen.getByRole("button", { name: "Save changes" }));

  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(init?.method).toBe("PATCH");
  expect(new Headers(init?.headers).get("If-Match")).toBe('"3"');
  expect(JSON.parse(String(init?.body))).toEqual({ perHour: 6000 });
  expect(await screen.findByText("Someone else changed this plan while you were editing it.")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Reload plan" })).toBeTruthy();
});
