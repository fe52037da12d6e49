// The plan form shows the API's own rules beside each field as the admin types, and sends only a valid plan.
// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { noLimits, type Plan } from "../../../lib/domain";
import { proPlan } from "../../../testing/fixtures";
import { json } from "../../../testing/json-response";
import { renderAsAdmin, signInWithFetch } from "../../../testing/signed-in-admin";
import { PlanForm } from "./plan-form";

const fetchMock = vi.fn<typeof fetch>();

signInWithFetch(fetchMock);

function renderForm(plan?: Plan) {
  const onDone = vi.fn();
  renderAsAdmin(<PlanForm plan={plan} onDone={onDone} onCancel={() => {}} />);
  return { onDone, user: userEvent.setup() };
}

test("a longer period allowing less than a shorter one is shown beside the field while typing", async () => {
  const { user } = renderForm();
  await user.type(screen.getByLabelText("Per minute"), "100");
  await user.type(screen.getByLabelText("Per hour"), "50");

  const perHour = screen.getByLabelText("Per hour");
  expect(perHour).toHaveProperty("ariaInvalid", "true");
  expect(perHour.getAttribute("aria-describedby")).toBeTruthy();
  expect(screen.getByText("Per hour (50) must be at least Per minute (100)")).toBeTruthy();

  await user.type(perHour, "00");
  expect(screen.queryByText(/must be at least/)).toBeNull();
  expect(perHour).toHaveProperty("ariaInvalid", "false");
});

test("with every other field valid, the message names the rule the field breaks most, with its numbers", async () => {
  const { user } = renderForm();
  await user.type(screen.getByLabelText("Name"), "Tight");
  await user.type(screen.getByLabelText("Per minute"), "200");
  await user.type(screen.getByLabelText("Per hour"), "300");
  await user.type(screen.getByLabelText("Per day"), "100");
  // Per day breaks two rules; raising it to Per hour's 300 mends both, so that is the rule it is told.
  expect(screen.getByText("Per day (100) must be at least Per hour (300)")).toBeTruthy();
  expect(screen.queryByText(/Per day must be/)).toBeNull();
  await user.click(screen.getByRole("button", { name: "Create plan" }));
  expect(fetchMock).not.toHaveBeenCalled();
});

test("burst without a refill rate, and numbers that are not whole, are refused inline", async () => {
  const { user } = renderForm();
  await user.type(screen.getByLabelText("Burst"), "10");
  expect(screen.getByText("Burst (10) needs Per minute, the rate at which the bucket refills")).toBeTruthy();

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
  expect(
    screen.getByText(
      "At least one of Burst, Per minute, Per hour, Per day, Per week, Per month, Concurrent must be set",
    ),
  ).toBeTruthy();
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
    perWeek: null,
    perMonth: null,
    concurrent: null,
    resources: {},
    failMode: "closed",
    shadow: true,
    localShare: null,
    alerts: [],
  });
  await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
});

test("Local share: empty is off, and a share outside 2 to 10,000 or not whole is refused inline", async () => {
  const { user, onDone } = renderForm();
  fetchMock.mockResolvedValue(json(201, { id: "hot", name: "Hot", version: 1 }));
  await user.type(screen.getByLabelText("Name"), "Hot");
  await user.type(screen.getByLabelText("Per minute"), "6000");
  const share = screen.getByLabelText("Local share");
  expect(share).toHaveProperty("value", "");
  expect(share).toHaveProperty("placeholder", "Off");
  expect(share.getAttribute("aria-describedby")).toBeTruthy();
  expect(screen.getByText(/Units a server takes at once for a very busy customer/)).toBeTruthy();

  for (const [typed, message] of [
    ["1", "Local share must be from 2 to 10,000"],
    ["10001", "Local share must be from 2 to 10,000"],
    ["2.5", "Local share must be a whole number"],
    ["many", "Local share must be a whole number"],
  ] as const) {
    await user.clear(share);
    await user.type(share, typed);
    expect(screen.getByText(message)).toBeTruthy();
    expect(share).toHaveProperty("ariaInvalid", "true");
    await user.click(screen.getByRole("button", { name: "Create plan" }));
    expect(fetchMock).not.toHaveBeenCalled();
  }

  await user.clear(share);
  await user.type(share, "10,000");
  expect(screen.queryByText(/Local share must/)).toBeNull();
  expect(share).toHaveProperty("ariaInvalid", "false");
  await user.click(screen.getByRole("button", { name: "Create plan" }));
  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(init?.body))).toMatchObject({ perMinute: 6000, localShare: 10000 });
  await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
});

test("Alerts: thresholds typed as 80, 100 are checked as the API checks them and posted ascending", async () => {
  const { user, onDone } = renderForm();
  fetchMock.mockResolvedValue(json(201, { id: "metered", name: "Metered", version: 1 }));
  await user.type(screen.getByLabelText("Name"), "Metered");
  await user.type(screen.getByLabelText("Per day"), "1000");
  const alerts = screen.getByLabelText("Alerts");
  expect(alerts).toHaveProperty("placeholder", "None");
  expect(screen.getByText(/one webhook event per threshold per window when use reaches it/)).toBeTruthy();

  for (const [typed, message] of [
    ["0", "Alerts must be whole numbers from 1 to 100, separated by commas"],
    ["101", "Alerts must be whole numbers from 1 to 100, separated by commas"],
    ["80.5", "Alerts must be whole numbers from 1 to 100, separated by commas"],
    ["eighty", "Alerts must be whole numbers from 1 to 100, separated by commas"],
    ["80, 80", "Give each threshold once"],
    ["10, 20, 30, 40, 50, 60", "At most 5 thresholds"],
  ] as const) {
    await user.clear(alerts);
    await user.type(alerts, typed);
    expect(screen.getByText(message)).toBeTruthy();
    expect(alerts).toHaveProperty("ariaInvalid", "true");
    await user.click(screen.getByRole("button", { name: "Create plan" }));
    expect(fetchMock).not.toHaveBeenCalled();
  }

  await user.clear(alerts);
  await user.type(alerts, "100, 80 %");
  expect(alerts).toHaveProperty("ariaInvalid", "false");
  await user.click(screen.getByRole("button", { name: "Create plan" }));
  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(init?.body))).toMatchObject({ perDay: 1000, alerts: [80, 100] });
  await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
});

const pro = proPlan({ perDay: null, version: 3 });

test("an edit shows the plan's alerts, and sends them as a whole when changed", async () => {
  const alerting = proPlan({ alerts: [80, 100], version: 5 });
  const { user } = renderForm(alerting);
  fetchMock.mockResolvedValue(json(200, { ...alerting, version: 6 }));
  const alerts = screen.getByLabelText("Alerts");
  expect(alerts).toHaveProperty("value", "80, 100");
  await user.clear(alerts);
  await user.type(alerts, "50, 80, 100");
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  const [, first] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(first?.body))).toEqual({ alerts: [50, 80, 100] });
});

test("emptying a plan's alerts turns them off with []", async () => {
  const alerting = proPlan({ alerts: [90], version: 5 });
  const { user } = renderForm(alerting);
  fetchMock.mockResolvedValue(json(200, { ...alerting, alerts: [], version: 6 }));
  await user.clear(screen.getByLabelText("Alerts"));
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(init?.body))).toEqual({ alerts: [] });
});

test("an edit sends only what changed, with If-Match", async () => {
  const { user, onDone } = renderForm(pro);
  fetchMock.mockResolvedValueOnce(json(200, { ...pro, perHour: 6000, version: 4 }));
  await user.clear(screen.getByLabelText("Per hour"));
  await user.type(screen.getByLabelText("Per hour"), "6000");
  await user.click(screen.getByRole("button", { name: "Save changes" }));

  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("/v1/plans/pro");
  expect(init?.method).toBe("PATCH");
  expect(new Headers(init?.headers).get("If-Match")).toBe('"3"');
  expect(JSON.parse(String(init?.body))).toEqual({ perHour: 6000 });
  await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ version: 4 })));
});

test("an edit shows the plan's local share, and emptying the field turns it off with null", async () => {
  const hot = proPlan({ localShare: 100, version: 2 });
  const { user } = renderForm(hot);
  fetchMock.mockResolvedValueOnce(json(200, { ...hot, localShare: null, version: 3 }));
  expect(screen.getByLabelText("Local share")).toHaveProperty("value", "100");
  await user.clear(screen.getByLabelText("Local share"));
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(init?.body))).toEqual({ localShare: null });
});

test("a 412 keeps the admin's edit beside the current version, and applies it over that version", async () => {
  const { user, onDone } = renderForm(pro);
  const theirs: Plan = { ...pro, name: "Pro (2027)", perDay: 90000, version: 4 };
  fetchMock
    .mockResolvedValueOnce(json(412, { error: { code: "precondition_failed", message: "stale", requestId: "r" } }))
    .mockResolvedValueOnce(json(200, theirs))
    .mockResolvedValueOnce(json(200, { ...theirs, perHour: 6000, version: 5 }));
  await user.clear(screen.getByLabelText("Per hour"));
  await user.type(screen.getByLabelText("Per hour"), "6000");
  await user.click(screen.getByRole("button", { name: "Save changes" }));

  const view = await screen.findByRole("region", { name: "Someone else changed this plan while you were editing it." });
  expect(view).toBe(document.activeElement);
  const rows = within(within(view).getByRole("table", { name: "Your changes and the current version" }));
  expect(rows.getByRole("row", { name: /^Per hour/ }).textContent).toBe("Per hourDiffers6,0005,000");
  expect(rows.getByRole("row", { name: /^Name/ }).textContent).toBe("NameNot changed by youPro (2027)");
  // What the admin typed is still in the form.
  expect(screen.getByLabelText("Per hour")).toHaveProperty("value", "6000");
  expect(screen.getByRole("button", { name: "Save changes" })).toHaveProperty("disabled", true);
  // The current version is read at once, with no reload to press.
  expect(fetchMock.mock.calls.map(([url]) => url)).toContain("/v1/plans/pro");

  await user.click(within(view).getByRole("button", { name: "Apply my changes to the current version" }));
  const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH");
  const [, init] = patches[1] ?? [];
  expect(new Headers(init?.headers).get("If-Match")).toBe('"4"');
  expect(JSON.parse(String(init?.body))).toEqual({ perHour: 6000 });
  await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ version: 5 })));
});

test("after a 412, applying mine keeps what the other admin changed inside a resource (audit)", async () => {
  const generate = { ...noLimits(), perMinute: 10, perDay: 500 };
  const plan = proPlan({ resources: { "ai.generate": generate }, version: 1 });
  const theirs = proPlan({ resources: { "ai.generate": { ...generate, perMinute: 20 } }, version: 2 });
  const { user } = renderForm(plan);
  fetchMock
    .mockResolvedValueOnce(json(412, { error: { code: "precondition_failed", message: "stale", requestId: "r" } }))
    .mockResolvedValueOnce(json(200, theirs))
    .mockResolvedValueOnce(json(200, { ...theirs, version: 3 }));
  const resource = within(screen.getByRole("group", { name: "Resource 1" }));
  await user.clear(resource.getByLabelText("Per day"));
  await user.type(resource.getByLabelText("Per day"), "700");
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  const view = await screen.findByRole("region", { name: "Someone else changed this plan while you were editing it." });
  await user.click(within(view).getByRole("button", { name: "Apply my changes to the current version" }));

  const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH");
  const [, init] = patches[1] ?? [];
  expect(new Headers(init?.headers).get("If-Match")).toBe('"2"');
  expect(JSON.parse(String(init?.body))).toEqual({
    resources: { "ai.generate": { ...generate, perMinute: 20, perDay: 700 } },
  });
});

test("after a 412, discarding mine puts the current version in the form", async () => {
  const { user } = renderForm(pro);
  fetchMock
    .mockResolvedValueOnce(json(412, { error: { code: "precondition_failed", message: "stale", requestId: "r" } }))
    .mockResolvedValue(json(200, { ...pro, perHour: 7000, version: 4 }));
  await user.clear(screen.getByLabelText("Per hour"));
  await user.type(screen.getByLabelText("Per hour"), "6000");
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  await user.click(await screen.findByRole("button", { name: "Discard mine and use current" }));

  expect(screen.queryByRole("region", { name: /Someone else changed/ })).toBeNull();
  expect(screen.getByLabelText("Per hour")).toHaveProperty("value", "7000");
  expect(screen.getByText("Version 4")).toBeTruthy();
  await vi.waitFor(() => expect(screen.getByLabelText("Name")).toBe(document.activeElement));
});

test("Escape leaves the form as Cancel does", async () => {
  const onCancel = vi.fn();
  renderAsAdmin(<PlanForm onDone={() => {}} onCancel={onCancel} />);
  const user = userEvent.setup();
  expect(screen.getByLabelText("Name")).toBe(document.activeElement);
  await user.type(screen.getByLabelText("Per hour"), "10");
  await user.keyboard("{Escape}");
  expect(onCancel).toHaveBeenCalledTimes(1);
});

test("the limits as typed reach onDraftChange, each a number or null when empty or not valid yet", async () => {
  const onDraftChange = vi.fn();
  renderAsAdmin(<PlanForm plan={pro} onDone={() => {}} onCancel={() => {}} onDraftChange={onDraftChange} />);
  const user = userEvent.setup();
  expect(onDraftChange).toHaveBeenLastCalledWith({ ...noLimits(), perMinute: 100, perHour: 5000 });
  await user.type(screen.getByLabelText("Burst"), "2,000");
  await user.clear(screen.getByLabelText("Per hour"));
  await user.type(screen.getByLabelText("Per hour"), "1.5");
  expect(onDraftChange).toHaveBeenLastCalledWith({ ...noLimits(), burst: 2000, perMinute: 100, perHour: null });
  // Typing a name is not a change of limits.
  const calls = onDraftChange.mock.calls.length;
  await user.type(screen.getByLabelText("Name"), "x");
  expect(onDraftChange).toHaveBeenCalledTimes(calls);
});

test("every limit kind has its field, labelled as in the domain's table, and a month may not allow less than a week", async () => {
  const { user } = renderForm();
  const limits = within(screen.getByRole("group", { name: "Limits" }));
  for (const label of ["Burst", "Per minute", "Per hour", "Per day", "Per week", "Per month"]) {
    expect(limits.getByLabelText(label)).toBeTruthy();
  }
  await user.type(limits.getByLabelText("Per week"), "7000");
  await user.type(limits.getByLabelText("Per month"), "6000");
  expect(screen.getByText("Per month (6,000) must be at least Per week (7,000)")).toBeTruthy();
  expect(limits.getByLabelText("Per month")).toHaveProperty("ariaInvalid", "true");
});

test("resources are added, named, checked with the plan's rules inline, removed, and posted by name", async () => {
  const { user } = renderForm();
  fetchMock.mockResolvedValue(json(201, { id: "metered", name: "Metered", version: 1 }));
  await user.type(screen.getByLabelText("Name"), "Metered");
  await user.type(within(screen.getByRole("group", { name: "Limits" })).getByLabelText("Per month"), "100000");

  await user.click(screen.getByRole("button", { name: "Add resource" }));
  const first = within(screen.getByRole("group", { name: "Resource 1" }));
  await user.type(first.getByLabelText("Resource"), "AI Generate");
  expect(
    first.getByText("Use lowercase letters, digits, . _ : and -, starting with a letter or digit (at most 63)."),
  ).toBeTruthy();
  await user.clear(first.getByLabelText("Resource"));
  await user.type(first.getByLabelText("Resource"), "ai.generate");
  await user.type(first.getByLabelText("Per hour"), "100");
  await user.type(first.getByLabelText("Per day"), "50");
  expect(first.getByText("Resource ai.generate: Per day (50) must be at least Per hour (100)")).toBeTruthy();
  await user.type(first.getByLabelText("Per day"), "0");
  expect(first.queryByText(/must be at least/)).toBeNull();

  await user.click(screen.getByRole("button", { name: "Add resource" }));
  const second = within(screen.getByRole("group", { name: "Resource 2" }));
  await user.type(second.getByLabelText("Resource"), "ai.generate");
  expect(second.getByText("Another resource has this name")).toBeTruthy();
  await user.click(screen.getByRole("button", { name: "Create plan" }));
  expect(fetchMock).not.toHaveBeenCalled();
  await user.click(screen.getByRole("button", { name: "Remove #2" }));
  expect(screen.queryByRole("group", { name: "Resource 2" })).toBeNull();

  await user.click(screen.getByRole("button", { name: "Create plan" }));
  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(init?.body))).toMatchObject({
    perMonth: 100000,
    resources: {
      "ai.generate": {
        burst: null,
        perMinute: null,
        perHour: 100,
        perDay: 500,
        perWeek: null,
        perMonth: null,
        concurrent: null,
      },
    },
  });
});

test("a resource with no limit at all is refused, as the API would", async () => {
  const { user } = renderForm();
  await user.click(screen.getByRole("button", { name: "Add resource" }));
  await user.type(screen.getByLabelText("Resource"), "export");
  await user.click(screen.getByRole("button", { name: "Create plan" }));
  expect(
    screen.getByText(
      "Resource export: at least one of Burst, Per minute, Per hour, Per day, Per week, Per month, Concurrent must be set",
    ),
  ).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
});

test("an edit that changes a resource sends the resources as a whole, and nothing else", async () => {
  const plan = proPlan({
    perHour: null,
    perDay: null,
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
    version: 2,
  });
  const { user } = renderForm(plan);
  fetchMock.mockResolvedValue(json(200, { ...plan, version: 3 }));
  const resource = within(screen.getByRole("group", { name: "Resource 1" }));
  expect(resource.getByLabelText("Resource")).toHaveProperty("value", "ai.generate");
  await user.clear(resource.getByLabelText("Per day"));
  await user.type(resource.getByLabelText("Per day"), "800");
  await user.click(screen.getByRole("button", { name: "Save changes" }));

  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(init?.body))).toEqual({
    resources: {
      "ai.generate": {
        burst: null,
        perMinute: 10,
        perHour: null,
        perDay: 800,
        perWeek: null,
        perMonth: null,
        concurrent: null,
      },
    },
  });
});

test("Concurrent has its field and hint; its own rule is said inline, and it is compared with no period", async () => {
  const { user } = renderForm();
  const limits = within(screen.getByRole("group", { name: "Limits" }));
  const concurrent = limits.getByLabelText("Concurrent");
  expect(concurrent).toHaveProperty("placeholder", "No limit");
  const hint = document.getElementById(concurrent.getAttribute("aria-describedby") ?? "");
  expect(hint?.textContent).toBe(
    "Requests in flight at once; each holds a lease until released or expired. At most 1,000,000; not compared with the period limits.",
  );

  await user.type(screen.getByLabelText("Name"), "Leased");
  await user.type(limits.getByLabelText("Per minute"), "100");
  await user.type(concurrent, "2,000,000");
  expect(limits.getByText("Must be at most 1,000,000")).toBeTruthy();
  expect(concurrent).toHaveProperty("ariaInvalid", "true");
  // Past the bound every limit shares, the message is still Concurrent's own bound.
  await user.type(concurrent, "000");
  expect(limits.getByText("Must be at most 1,000,000")).toBeTruthy();
  await user.click(screen.getByRole("button", { name: "Create plan" }));
  expect(fetchMock).not.toHaveBeenCalled();

  // 5 in flight under 100 a minute and 50 a day breaks no rule: requests in flight are not a period.
  await user.clear(concurrent);
  await user.type(concurrent, "5");
  await user.type(limits.getByLabelText("Per day"), "50");
  expect(screen.getByText("Per day (50) must be at least Per minute (100)")).toBeTruthy();
  expect(concurrent).toHaveProperty("ariaInvalid", "false");
  await user.clear(limits.getByLabelText("Per day"));

  fetchMock.mockResolvedValue(json(201, { id: "leased", name: "Leased", version: 1 }));
  await user.click(screen.getByRole("button", { name: "Create plan" }));
  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(init?.body))).toMatchObject({ perMinute: 100, perDay: null, concurrent: 5 });
});

test("Concurrent alone is a limit the plan may set, as the API takes it", async () => {
  const { user } = renderForm();
  fetchMock.mockResolvedValue(json(201, { id: "flight", name: "Flight", version: 1 }));
  await user.type(screen.getByLabelText("Name"), "Flight");
  await user.type(screen.getByLabelText("Concurrent"), "1000000");
  await user.click(screen.getByRole("button", { name: "Create plan" }));
  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(init?.body))).toMatchObject({ perMinute: null, concurrent: 1000000 });
});

test("an edit of Concurrent sends it alone, with If-Match; each resource shows its own Concurrent", async () => {
  const leased = proPlan({
    concurrent: 5,
    resources: { "ai.generate": { ...noLimits(), perMinute: 10, concurrent: 2 } },
    version: 7,
  });
  const { user } = renderForm(leased);
  fetchMock.mockResolvedValue(json(200, { ...leased, version: 8 }));
  const concurrent = within(screen.getByRole("group", { name: "Limits" })).getByLabelText("Concurrent");
  expect(concurrent).toHaveProperty("value", "5");
  const resource = within(screen.getByRole("group", { name: "Resource 1" }));
  expect(resource.getByLabelText("Concurrent")).toHaveProperty("value", "2");

  await user.clear(concurrent);
  await user.type(concurrent, "8");
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  const [url, first] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("/v1/plans/pro");
  expect(new Headers(first?.headers).get("If-Match")).toBe('"7"');
  expect(JSON.parse(String(first?.body))).toEqual({ concurrent: 8 });
});

test("emptying Concurrent sends null, and a resource's Concurrent goes with the resources", async () => {
  const leased = proPlan({
    concurrent: 5,
    resources: { "ai.generate": { ...noLimits(), perMinute: 10, concurrent: 2 } },
    version: 7,
  });
  const { user } = renderForm(leased);
  fetchMock.mockResolvedValue(json(200, { ...leased, version: 8 }));
  await user.clear(within(screen.getByRole("group", { name: "Limits" })).getByLabelText("Concurrent"));
  const resource = within(screen.getByRole("group", { name: "Resource 1" }));
  await user.type(resource.getByLabelText("Concurrent"), "0");
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(JSON.parse(String(init?.body))).toEqual({
    concurrent: null,
    resources: { "ai.generate": { ...noLimits(), perMinute: 10, concurrent: 20 } },
  });
});
