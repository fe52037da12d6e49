// The customer settings form saves and deletes the version the admin read; a stale save keeps the admin's changes
// beside the current version; rename, fail mode, shadow and reset counters reach the API as the admin set them.
// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { noLimits, type Plan } from "../../../lib/domain";
import { stubDialog } from "../../../testing/dialog";
import { customerOf, proPlan } from "../../../testing/fixtures";
import { json } from "../../../testing/json-response";
import { renderAsAdmin, signInWithFetch } from "../../../testing/signed-in-admin";
import { CustomerSettingsForm } from "./customer-settings-form";

const fetchMock = vi.fn<typeof fetch>();

signInWithFetch(fetchMock);
stubDialog();

const pro = proPlan();
const acme = customerOf({ overrides: { perDay: 100000, shadow: true } });

const stale = () =>
  json(412, { error: { code: "precondition_failed", message: "customer acme is at version 4", requestId: "r" } });

function renderForm() {
  const onDeleted = vi.fn();
  renderAsAdmin(<CustomerSettingsForm customer={acme} plans={[pro]} onDeleted={onDeleted} />);
  return { onDeleted, user: userEvent.setup() };
}

test("a save sends If-Match; a stale version shows the admin's changes beside the current one, to apply over it", async () => {
  const { user } = renderForm();
  fetchMock.mockResolvedValueOnce(stale());
  fetchMock.mockResolvedValueOnce(json(200, { ...acme, name: "Acme Ltd", overrides: { perDay: 200000 }, version: 4 }));
  await user.type(screen.getByLabelText("Per hour"), "6000");
  await user.click(screen.getByRole("button", { name: "Save settings" }));

  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("/v1/customers/acme");
  expect(init?.method).toBe("PATCH");
  expect(new Headers(init?.headers).get("If-Match")).toBe('"3"');
  // Only the overrides changed, so only they are sent, with the shadow override the customer already has.
  expect(JSON.parse(String(init?.body))).toEqual({ overrides: { perHour: 6000, perDay: 100000, shadow: true } });

  // The current version is read at once and shown beside the admin's changes, which stay in the form.
  const view = await screen.findByRole("region", {
    name: "Someone else changed this customer while you were editing it.",
  });
  expect(fetchMock.mock.calls[1]?.[0]).toBe("/v1/customers/acme");
  expect(view).toHaveProperty("ownerDocument.activeElement", view);
  const row = (label: string) =>
    within(within(view).getByRole("row", { name: new RegExp(`^${label}`) }))
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
  expect(row("Name")).toEqual(["Not changed by you", "Acme Ltd"]);
  // The other admin set Per day and removed the shadow override; this admin's Per hour is laid over that.
  expect(row("Limit overrides")).toEqual(["Per hour 6,000, Per day 200,000", "Per day 200,000"]);
  expect(within(view).getByRole("row", { name: /^Limit overrides/ }).textContent).toContain("Differs");
  expect(row("Shadow")).toEqual(["Plan's (off)", "Plan's (off)"]);
  expect(within(view).getByRole("row", { name: /^Shadow/ }).textContent).not.toContain("Differs");
  expect(screen.getByLabelText("Per hour")).toHaveProperty("value", "6000");
  expect(screen.queryByText("Saved. The next check uses these settings.")).toBeNull();
  expect(screen.getByRole("button", { name: "Save settings" })).toHaveProperty("disabled", true);

  // Applied over version 4, with its ETag: this admin's change only; the other admin's name and Per day stay.
  fetchMock.mockResolvedValueOnce(
    json(200, { ...acme, name: "Acme Ltd", overrides: { perHour: 6000, perDay: 200000 }, version: 5 }),
  );
  await user.click(within(view).getByRole("button", { name: "Apply my changes to the current version" }));
  expect(await screen.findByText("Saved. The next check uses these settings.")).toBeTruthy();
  const [, again] = fetchMock.mock.calls[2] ?? [];
  expect(new Headers(again?.headers).get("If-Match")).toBe('"4"');
  expect(JSON.parse(String(again?.body))).toEqual({ overrides: { perDay: 200000, perHour: 6000 } });
  expect(screen.getByText("Version 5")).toBeTruthy();
  expect(screen.getByLabelText("Per day")).toHaveProperty("value", "200000");
  expect(screen.getByLabelText("Name")).toHaveProperty("value", "Acme Ltd");
  expect(screen.queryByRole("region", { name: /Someone else changed/ })).toBeNull();
});

test("a stale save can be dropped for the current version, which the form then shows", async () => {
  const { user } = renderForm();
  fetchMock.mockResolvedValueOnce(stale());
  fetchMock.mockResolvedValueOnce(json(200, { ...acme, overrides: { perDay: 200000 }, version: 4 }));
  await user.type(screen.getByLabelText("Per hour"), "6000");
  await user.click(screen.getByRole("button", { name: "Save settings" }));
  await user.click(await screen.findByRole("button", { name: "Discard mine and use current" }));

  expect(screen.getByLabelText("Per day")).toHaveProperty("value", "200000");
  expect(screen.getByLabelText("Per hour")).toHaveProperty("value", "");
  expect(screen.getByLabelText("Shadow")).toHaveProperty("value", "");
  expect(screen.getByText("Version 4")).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText("Name"));
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test("rename, fail mode and shadow overrides are sent in one PATCH; the plan's own value is named", async () => {
  const { user } = renderForm();
  const failMode = screen.getByLabelText("Fail mode");
  const shadow = screen.getByLabelText("Shadow");
  expect(
    within(failMode)
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual([
    "Plan's: open",
    "Open: allow the request",
    "Closed: deny the request",
    "Local: each server keeps limiting with its share",
  ]);
  expect(failMode).toHaveProperty("value", "");
  // The customer's own shadow override is shown as set, the plan's value as the first choice.
  expect(shadow).toHaveProperty("value", "on");
  expect(within(shadow).getAllByRole("option")[0]?.textContent).toBe("Plan's: off");

  await user.clear(screen.getByLabelText("Name"));
  expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
  expect(screen.getByText("Name must not be empty")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Save settings" })).toHaveProperty("disabled", true);
  await user.type(screen.getByLabelText("Name"), "  Acme Corp ");
  await user.selectOptions(failMode, "closed");
  await user.selectOptions(shadow, "");

  fetchMock.mockResolvedValueOnce(
    json(200, { ...acme, name: "Acme Corp", overrides: { perDay: 100000, failMode: "closed" }, version: 4 }),
  );
  await user.click(screen.getByRole("button", { name: "Save settings" }));
  expect(await screen.findByText("Saved. The next check uses these settings.")).toBeTruthy();
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
    name: "Acme Corp",
    overrides: { perDay: 100000, failMode: "closed" },
  });
});

test("the Local share override names the plan's share, takes own units under the API's rule, or turns it off", async () => {
  const plans = [proPlan({ localShare: 100 })];
  renderAsAdmin(<CustomerSettingsForm customer={acme} plans={plans} onDeleted={() => {}} />);
  const user = userEvent.setup();
  const share = screen.getByLabelText("Local share");
  expect(share).toHaveProperty("value", "");
  expect(
    within(share)
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["Plan's: 100 units", "Off: every check asks the counter store", "Own: a number of units"]);
  expect(screen.queryByLabelText("Units per share")).toBeNull();

  await user.selectOptions(share, "own");
  const units = screen.getByLabelText("Units per share");
  const save = screen.getByRole("button", { name: "Save settings" });
  for (const [typed, message] of [
    ["1", "Local share must be from 2 to 10,000"],
    ["10001", "Local share must be from 2 to 10,000"],
    ["2.5", "Local share must be a whole number"],
  ] as const) {
    await user.clear(units);
    await user.type(units, typed);
    expect(screen.getByText(message)).toBeTruthy();
    expect(units.getAttribute("aria-invalid")).toBe("true");
    expect(save).toHaveProperty("disabled", true);
  }
  await user.clear(units);
  await user.type(units, "500");
  fetchMock.mockResolvedValueOnce(
    json(200, { ...acme, overrides: { ...acme.overrides, localShare: 500 }, version: 4 }),
  );
  await user.click(save);
  expect(await screen.findByText("Saved. The next check uses these settings.")).toBeTruthy();
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
    overrides: { perDay: 100000, shadow: true, localShare: 500 },
  });
  expect(screen.getByLabelText("Units per share")).toHaveProperty("value", "500");

  // Off for this customer is an override of its own: null, not the plan's 100.
  await user.selectOptions(screen.getByLabelText("Local share"), "off");
  expect(screen.queryByLabelText("Units per share")).toBeNull();
  fetchMock.mockResolvedValueOnce(
    json(200, { ...acme, overrides: { ...acme.overrides, localShare: null }, version: 5 }),
  );
  await user.click(save);
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
    overrides: { perDay: 100000, shadow: true, localShare: null },
  });
});

test("the Alerts override names the plan's thresholds, takes own ones under the API's rule, or turns them off", async () => {
  const plans = [proPlan({ alerts: [80, 100] })];
  renderAsAdmin(<CustomerSettingsForm customer={acme} plans={plans} onDeleted={() => {}} />);
  const user = userEvent.setup();
  const alerts = screen.getByLabelText("Alerts");
  expect(alerts).toHaveProperty("value", "");
  expect(
    within(alerts)
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["Plan's: 80 %, 100 %", "None: no alerts for this customer", "Own thresholds"]);
  expect(screen.queryByLabelText("Thresholds")).toBeNull();

  await user.selectOptions(alerts, "own");
  const thresholds = screen.getByLabelText("Thresholds");
  const save = screen.getByRole("button", { name: "Save settings" });
  expect(screen.getByText("Alerts must be whole numbers from 1 to 100, separated by commas")).toBeTruthy();
  for (const [typed, message] of [
    ["0", "Alerts must be whole numbers from 1 to 100, separated by commas"],
    ["50, 50", "Give each threshold once"],
    ["1 2 3 4 5 6", "At most 5 thresholds"],
  ] as const) {
    await user.clear(thresholds);
    await user.type(thresholds, typed);
    expect(screen.getByText(message)).toBeTruthy();
    expect(thresholds.getAttribute("aria-invalid")).toBe("true");
    expect(save).toHaveProperty("disabled", true);
  }
  await user.clear(thresholds);
  await user.type(thresholds, "90, 50");
  fetchMock.mockResolvedValueOnce(
    json(200, { ...acme, overrides: { ...acme.overrides, alerts: [50, 90] }, version: 4 }),
  );
  await user.click(save);
  expect(await screen.findByText("Saved. The next check uses these settings.")).toBeTruthy();
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
    overrides: { perDay: 100000, shadow: true, alerts: [50, 90] },
  });
  expect(screen.getByLabelText("Thresholds")).toHaveProperty("value", "50, 90");

  // None for this customer is an override of its own: [], not the plan's thresholds.
  await user.selectOptions(screen.getByLabelText("Alerts"), "none");
  expect(screen.queryByLabelText("Thresholds")).toBeNull();
  fetchMock.mockResolvedValueOnce(json(200, { ...acme, overrides: { ...acme.overrides, alerts: [] }, version: 5 }));
  await user.click(save);
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
    overrides: { perDay: 100000, shadow: true, alerts: [] },
  });
  expect(await screen.findByText("Version 5")).toBeTruthy();
  expect(screen.getByLabelText("Alerts")).toHaveProperty("value", "none");
});

test("reset counters asks first, saying what it does, then posts the reset", async () => {
  const { user } = renderForm();
  await user.click(screen.getByRole("button", { name: "Reset counters" }));
  const dialog = screen.getByRole("dialog", { name: "Reset the counters of Acme?" });
  expect(dialog.textContent).toContain("starts afresh now");
  expect(dialog.textContent).toContain("history of checks");
  await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
  expect(fetchMock).not.toHaveBeenCalled();

  fetchMock.mockResolvedValueOnce(json(200, { customerId: "acme", planId: "pro", limits: [] }));
  await user.click(screen.getByRole("button", { name: "Reset counters" }));
  await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Reset counters" }));
  expect(await screen.findByText("The counters of Acme were reset: every limit is full again.")).toBeTruthy();
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("/v1/customers/acme/reset");
  expect(init?.method).toBe("POST");
});

test("a customer deleted meanwhile is said in plain words, not the API's text", async () => {
  const { user } = renderForm();
  fetchMock.mockResolvedValueOnce(
    json(404, { error: { code: "not_found", message: "customer acme does not exist", requestId: "r" } }),
  );
  await user.type(screen.getByLabelText("Per hour"), "6000");
  await user.click(screen.getByRole("button", { name: "Save settings" }));
  expect((await screen.findByRole("alert")).textContent).toContain(
    "Customer Acme no longer exists: another admin deleted it.",
  );
  expect(screen.queryByText(/customer acme does not exist/)).toBeNull();
});

test("a save that changes nothing sends nothing", async () => {
  const { user } = renderForm();
  await user.click(screen.getByRole("button", { name: "Save settings" }));
  expect(await screen.findByText("Saved. The next check uses these settings.")).toBeTruthy();
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
  expect(screen.queryByRole("dialog", { name: "Delete customer Acme?" })).toBeNull();
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
  await user.click(screen.getByRole("button", { name: "Save settings" }));
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ billingDay: 31 });
  expect(await screen.findByText("Saved. The next check uses these settings.")).toBeTruthy();

  fetchMock.mockResolvedValueOnce(json(200, { ...acme, billingDay: null, version: 5 }));
  await user.selectOptions(billingDay, "");
  await user.click(screen.getByRole("button", { name: "Save settings" }));
  expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ billingDay: null });
});

test("every limit kind and each of the plan's resources can be overridden field by field, under the plan's rules", async () => {
  const metered: Plan = {
    ...pro,
    perMonth: 1000000,
    resources: {
      "ai.generate": {
        burst: null,
        perMinute: 10,
        perHour: null,
        perDay: 500,
        perWeek: null,
        perMonth: null,
        concurrent: null,
      },
    },
  };
  const onDeleted = vi.fn();
  renderAsAdmin(
    <CustomerSettingsForm customer={{ ...acme, overrides: null }} plans={[metered]} onDeleted={onDeleted} />,
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
  expect(screen.getByRole("button", { name: "Save settings" })).toHaveProperty("disabled", true);
  await user.type(resource.getByLabelText("Per day"), "000");

  fetchMock.mockResolvedValueOnce(json(200, { ...acme, version: 4 }));
  await user.type(screen.getAllByLabelText("Per month")[0] as HTMLElement, "2000000");
  await user.click(screen.getByRole("button", { name: "Save settings" }));
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
    overrides: { perMonth: 2000000, resources: { "ai.generate": { perDay: 5000 } } },
  });
});

test("Concurrent is overridden like any limit: the plan's value named, its own bound said, the override saved", async () => {
  const leased: Plan = {
    ...pro,
    concurrent: 5,
    resources: { "ai.generate": { ...noLimits(), perMinute: 10, concurrent: 2 } },
  };
  renderAsAdmin(<CustomerSettingsForm customer={{ ...acme, overrides: null }} plans={[leased]} onDeleted={vi.fn()} />);
  const user = userEvent.setup();
  const [own, ofResource] = screen.getAllByLabelText("Concurrent") as [HTMLElement, HTMLElement];
  expect(own).toHaveProperty("placeholder", "Inherit");
  expect(document.getElementById(own.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Plan: 5");
  expect(within(screen.getByRole("group", { name: "Resource ai.generate" })).getByText("Plan: 2")).toBeTruthy();

  await user.type(own, "1000001");
  expect(screen.getByText("Must be at most 1,000,000")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Save settings" })).toHaveProperty("disabled", true);
  // Requests in flight are compared with no period: 50 beside 100 a minute, 1 beside the resource's 10, break no rule.
  await user.clear(own);
  await user.type(own, "50");
  await user.type(ofResource, "1");
  expect(screen.queryByText(/must be/)).toBeNull();

  fetchMock.mockResolvedValueOnce(json(200, { ...acme, version: 4 }));
  await user.click(screen.getByRole("button", { name: "Save settings" }));
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
    overrides: { concurrent: 50, resources: { "ai.generate": { concurrent: 1 } } },
  });
});
