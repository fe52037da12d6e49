// The Plans page: create through the form (by mouse and by keyboard alone), rule violations said inline with their
// numbers, edit with If-Match, a 412 that keeps the admin's edit, a delete that names who uses the plan, and
// Concurrent set through the form, listed and held to.
import { ADMIN_TOKEN } from "./admin-token";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, tabTo } from "./page-checks";

test.beforeEach(async ({ signIn }) => {
  await signIn();
});

test("creates a plan through the form", async ({ page, api, uid, snap }) => {
  await page.getByRole("button", { name: "New plan" }).click();
  const form = page.getByRole("form", { name: "New plan" });
  await form.getByLabel("Name").fill(`Pro ${uid}`);
  await expect(form.getByLabel("Plan id")).toHaveValue(`pro-${uid}`);
  await form.getByLabel("Burst").fill("20");
  await form.getByLabel("Per minute").fill("100");
  await form.getByLabel("Per hour").fill("5,000");
  await form.getByLabel("Per day").fill("50000");
  await form.getByLabel("Fail mode").selectOption("closed");
  await form.getByLabel("Shadow").check();
  // A local share outside its range is said beside the field, in the words of its label.
  await form.getByLabel("Local share").fill("1");
  await form.getByLabel("Local share").blur();
  await expect(form.getByLabel("Local share")).toHaveAccessibleDescription("Local share must be from 2 to 10,000");
  await form.getByLabel("Local share").fill("200");
  await expect(form.getByLabel("Local share")).toHaveAccessibleDescription(/^Units a server takes at once/);
  await snap("plan-form-filled");
  await form.getByRole("button", { name: "Create plan" }).click();

  await expect(page.getByRole("status").filter({ hasText: `Plan Pro ${uid} created.` })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `pro-${uid}` });
  await expect(row).toContainText("5,000");
  await expect(row).toContainText("Closed");
  await expect(row).toContainText("Shadow");
  await expect(row).toContainText("200 units");
  // At 1280 px the whole row shows, its actions too, without scrolling the table's box.
  await expect(row.getByRole("button", { name: `Delete Pro ${uid}` })).toBeInViewport({ ratio: 1 });
  await snap("plans-after-create");

  const plan = await api.getPlan(`pro-${uid}`);
  expect(plan).toMatchObject({
    burst: 20,
    perMinute: 100,
    perHour: 5000,
    perDay: 50000,
    failMode: "closed",
    shadow: true,
    localShare: 200,
  });
});

test("a plan that limits locally while the store is down: Local in the Fail mode control, said in the list", async ({
  page,
  api,
  uid,
}) => {
  await page.getByRole("button", { name: "New plan" }).click();
  const form = page.getByRole("form", { name: "New plan" });
  await form.getByLabel("Name").fill(`Steady ${uid}`);
  await form.getByLabel("Per day").fill("300");
  const failMode = form.getByLabel("Fail mode");
  await expect(failMode.locator("option", { hasText: "Local: each server keeps limiting with its share" })).toHaveCount(
    1,
  );
  await failMode.selectOption("local");
  await form.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Plan Steady ${uid} created.` })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `steady-${uid}` })).toContainText("Local");
  expect(await api.getPlan(`steady-${uid}`)).toMatchObject({ perDay: 300, failMode: "local" });
});

test("creates a plan by keyboard alone; focus lands on the new row, and back on New plan after Cancel or Escape", async ({
  page,
  api,
  uid,
}) => {
  const newPlan = page.getByRole("button", { name: "New plan" });
  await tabTo(page, newPlan);
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "New plan" });
  await expect(form.getByLabel("Name")).toBeFocused();
  await page.keyboard.type(`Keys ${uid}`);
  // Plan id (suggested from the name), Burst, then Per minute.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Per minute")).toBeFocused();
  await page.keyboard.type("60");
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status").filter({ hasText: `Plan Keys ${uid} created.` })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: `Keys ${uid} keys-${uid}` })).toBeFocused();
  expect(await api.getPlan(`keys-${uid}`)).toMatchObject({ name: `Keys ${uid}`, perMinute: 60, burst: null });

  await tabTo(page, newPlan, 80);
  await page.keyboard.press("Enter");
  await expect(form).toBeVisible();
  await tabTo(page, form.getByRole("button", { name: "Cancel" }));
  await page.keyboard.press("Enter");
  await expect(form).toBeHidden();
  await expect(newPlan).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(form.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Never saved");
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
  await expect(newPlan).toBeFocused();

  const edit = page.getByRole("button", { name: `Edit Keys ${uid}` });
  await edit.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: `Edit plan keys-${uid}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("form")).toHaveCount(0);
  await expect(edit).toBeFocused();
});

test("says which rule a limit breaks, with the numbers, beside the field, and sends nothing", async ({
  page,
  uid,
  snap,
}) => {
  await page.getByRole("button", { name: "New plan" }).click();
  const form = page.getByRole("form", { name: "New plan" });
  await form.getByLabel("Name").fill(`Broken ${uid}`);

  await form.getByLabel("Burst").fill("10");
  await expect(form.getByLabel("Burst")).toHaveAccessibleDescription(
    "Burst (10) needs Per minute, the rate at which the bucket refills",
  );
  await form.getByLabel("Per minute").fill("200");
  await expect(form.getByLabel("Burst")).not.toHaveAccessibleDescription(/needs/);

  await form.getByLabel("Per hour").fill("300");
  await form.getByLabel("Per day").fill("100");
  const perDay = form.getByLabel("Per day");
  await expect(perDay).toHaveAttribute("aria-invalid", "true");
  // Per day breaks two rules; Per hour's is the one to meet, and mending it mends both.
  await expect(perDay).toHaveAccessibleDescription("Per day (100) must be at least Per hour (300)");
  await form.getByLabel("Per week").fill("1.5");
  await form.getByLabel("Per week").blur();
  await expect(form.getByLabel("Per week")).toHaveAccessibleDescription("Must be a whole number");
  await snap("plan-form-violations");

  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/v1/plans")) posted = true;
  });
  await form.getByRole("button", { name: "Create plan" }).click();
  // The first field to fix takes the focus, so a keyboard user lands on it.
  await expect(perDay).toBeFocused();
  expect(posted).toBe(false);

  await perDay.fill("6000");
  await form.getByLabel("Per week").fill("");
  await expect(perDay).toHaveAttribute("aria-invalid", "false");
  await expect(form.getByText("must be at least")).toHaveCount(0);
});

test("edits a plan, sending the version it read; Burst says when Per minute sizes the bucket", async ({
  page,
  api,
  uid,
  snap,
}) => {
  await api.createPlan(`edit-${uid}`, { name: `Edit ${uid}`, perMinute: 60, perHour: 1000 });
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: `edit-${uid}` });
  await expect(row.getByRole("cell").first()).toHaveText("60 (per minute)");
  await page.getByRole("button", { name: `Edit Edit ${uid}` }).click();
  const form = page.getByRole("form", { name: `Edit plan edit-${uid}` });
  await expect(form.getByLabel("Per hour")).toHaveValue("1000");
  await snap("plan-form-edit");

  const patch = page.waitForRequest((r) => r.method() === "PATCH");
  await form.getByLabel("Per hour").fill("2500");
  await form.getByLabel("Name").fill(`Edited ${uid}`);
  await form.getByRole("button", { name: "Save changes" }).click();
  const request = await patch;
  expect(request.headers()["if-match"]).toBe('"1"');
  expect(request.postDataJSON()).toEqual({ name: `Edited ${uid}`, perHour: 2500 });

  await expect(page.getByRole("status").filter({ hasText: `Plan Edited ${uid} saved.` })).toBeVisible();
  await expect(row).toContainText("2,500");
  await expect(page.getByRole("rowheader", { name: `Edited ${uid} edit-${uid}` })).toBeFocused();
  expect(await api.getPlan(`edit-${uid}`)).toMatchObject({ perHour: 2500, version: 2 });
});

test("a 412 keeps what the admin typed beside the current version, and applies it over that version", async ({
  page,
  api,
  uid,
  consoleGuard,
  snap,
}) => {
  const plan = await api.createPlan(`race-${uid}`, { perMinute: 60, perHour: 1000 });
  await page.reload();
  await page.getByRole("button", { name: `Edit race-${uid}` }).click();
  const form = page.getByRole("form", { name: `Edit plan race-${uid}` });
  await expect(form.getByLabel("Per hour")).toHaveValue("1000");

  // Another admin saves first.
  await api.updatePlan(plan.id, plan.version, { perDay: 9000 });

  consoleGuard.allowStatus(412);
  await form.getByLabel("Per hour").fill("3000");
  await form.getByRole("button", { name: "Save changes" }).click();
  const view = form.getByRole("region", { name: "Someone else changed this plan while you were editing it." });
  await expect(view).toBeFocused();
  const compare = view.getByRole("table", { name: "Your changes and the current version" });
  await expect(compare.getByRole("row", { name: /^Per hour/ })).toHaveText(/Per hour\s*Differs\s*3,000\s*1,000/);
  await expect(compare.getByRole("row", { name: /^Per day/ })).toHaveText(/Per day\s*Not changed by you\s*9,000/);
  // What the admin typed stays; the table behind is current at once.
  await expect(form.getByLabel("Per hour")).toHaveValue("3000");
  const plans = page.getByRole("table", { name: "Plans" });
  await expect(plans.getByRole("row").filter({ hasText: `race-${uid}` })).toContainText("9,000");
  await expectNoAxeViolations(page, "the plan 412 view");
  await snap("plan-form-stale");
  // On a phone the comparison scrolls in its own box; the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, "the 412 view at 390 px scrolls sideways").toBeLessThanOrEqual(width);
  await snap("plan-form-stale-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await api.getPlan(plan.id)).toMatchObject({ perHour: 1000, perDay: 9000, version: 2 });

  await view.getByRole("button", { name: "Apply my changes to the current version" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Plan race-${uid} saved.` })).toBeVisible();
  expect(await api.getPlan(plan.id)).toMatchObject({ perHour: 3000, perDay: 9000, version: 3 });
});

test("deleting a plan in use is refused, and the refusal names its customers", async ({
  page,
  api,
  uid,
  request,
  snap,
  consoleGuard,
}) => {
  await api.createPlan(`used-${uid}`);
  const customer = await api.createCustomer(`Customer of ${uid}`, `used-${uid}`);
  await api.createPlan(`spare-${uid}`);
  await page.reload();

  const refused = await request.delete(`/v1/plans/used-${uid}`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(refused.status()).toBe(409);
  const message = `plan "used-${uid}" is used by 1 customer (${customer.id}); move them to another plan first`;
  expect((await refused.json()).error).toMatchObject({ code: "conflict", message });

  // The dialog reads nothing to find who is on the plan: the API's refusal (409, expected) says it.
  consoleGuard.allowStatus(409);
  const customerReads: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname.startsWith("/v1/customers")) customerReads.push(sent.url());
  });
  await page.getByRole("button", { name: `Delete used-${uid}` }).click();
  await page
    .getByRole("dialog", { name: `Delete plan used-${uid}?` })
    .getByRole("button", { name: "Delete plan" })
    .click();
  const dialog = page.getByRole("dialog", { name: `Plan used-${uid} is in use` });
  await expect(dialog).toContainText(`Plan "used-${uid}" is used by 1 customer (${customer.id})`);
  await expect(dialog).toContainText("on Customers, Manage each and change its Plan.");
  await expect(dialog.getByText(/is used by 1 customer/)).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Delete plan" })).toHaveCount(0);
  await expectNoAxeViolations(page, "the plan-in-use dialog");
  await snap("plan-delete-in-use");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Delete used-${uid}` })).toBeFocused();
  expect(customerReads).toEqual([]);

  await page.getByRole("button", { name: `Delete spare-${uid}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete plan spare-${uid}?` });
  await expect(confirm).toContainText(`Deleting spare-${uid} cannot be undone.`);
  await confirm.getByRole("button", { name: "Delete plan" }).click();
  await expect(page.getByRole("row").filter({ hasText: `spare-${uid}` })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: `Plan spare-${uid} deleted.` })).toBeVisible();
  await expect(page.locator(":focus")).toContainText(`Plan spare-${uid} deleted.`);
  await expect(page.getByRole("row").filter({ hasText: `used-${uid}` })).toHaveCount(1);
});

test("sets a plan's alert thresholds through the form; the API keeps them ascending, the list says them", async ({
  page,
  api,
  uid,
}) => {
  await api.createPlan(`alerts-${uid}`, { name: `Alerts ${uid}`, perDay: 10000 });
  await page.reload();
  await page.getByRole("button", { name: `Edit Alerts ${uid}` }).click();
  const form = page.getByRole("form", { name: `Edit plan alerts-${uid}` });
  const alerts = form.getByLabel("Alerts");
  await expect(alerts).toHaveAccessibleDescription(/one webhook event per threshold per window when use reaches it/);
  await alerts.fill("80, 80");
  await alerts.blur();
  await expect(alerts).toHaveAccessibleDescription("Give each threshold once");
  await alerts.fill("100, 80");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Plan Alerts ${uid} saved.` })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `alerts-${uid}` })).toContainText("Alerts at 80 %, 100 %");
  expect((await api.getPlan(`alerts-${uid}`)).alerts).toEqual([80, 100]);
});

test("sets Concurrent through the form: its bound said inline, only it sent, listed, held to, and shown in flight", async ({
  page,
  api,
  uid,
  request,
  snap,
}) => {
  await api.createPlan(`flight-${uid}`, { name: `Flight ${uid}`, alerts: [50] });
  await page.reload();
  await page.getByRole("button", { name: `Edit Flight ${uid}` }).click();
  const form = page.getByRole("form", { name: `Edit plan flight-${uid}` });
  const concurrent = form.getByRole("group", { name: "Limits" }).getByLabel("Concurrent");
  await expect(concurrent).toHaveAccessibleDescription(
    "Requests in flight at once; each holds a lease until released or expired. At most 1,000,000; not compared with the period limits.",
  );
  await concurrent.fill("2,000,000");
  await concurrent.blur();
  await expect(concurrent).toHaveAccessibleDescription("Must be at most 1,000,000");
  await expectNoAxeViolations(page, "the plan form with Concurrent's rule broken");
  await snap("plan-form-concurrent");
  // 2 in flight beside 60 a minute and 1,000 an hour breaks no rule: requests in flight are not a period.
  await concurrent.fill("2");
  await expect(concurrent).toHaveAttribute("aria-invalid", "false");
  const patch = page.waitForRequest((r) => r.method() === "PATCH");
  await form.getByRole("button", { name: "Save changes" }).click();
  expect((await patch).postDataJSON()).toEqual({ concurrent: 2 });
  await expect(page.getByRole("status").filter({ hasText: `Plan Flight ${uid} saved.` })).toBeVisible();

  const table = page.getByRole("table", { name: "Plans" });
  const column = (await table.getByRole("columnheader").allTextContents()).indexOf("Concurrent");
  const row = table.getByRole("row").filter({ hasText: `flight-${uid}` });
  // The row's header cell takes the first column: its cells start at the second.
  await expect(row.getByRole("cell").nth(column - 1)).toHaveText("2");
  expect(await api.getPlan(`flight-${uid}`)).toMatchObject({ perMinute: 60, perHour: 1000, concurrent: 2, version: 2 });

  // Held to: two checks take the two slots, and a third is refused while their leases last.
  const customer = await api.createCustomer(`Flight Co ${uid}`, `flight-${uid}`);
  const { key } = await api.createKey(customer.id);
  const service = await api.serviceToken(`svc-${uid}`);
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await request.post("/v1/check", {
      headers: { Authorization: `Bearer ${service}` },
      data: { key, cost: 1, leaseSeconds: 600 },
    });
    statuses.push(response.status());
  }
  expect(statuses).toEqual([200, 200, 429]);

  // The customer's admin view shows both in flight, and no threshold badge though the plan alerts at 50 %.
  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Customers" }).click();
  await page.getByRole("button", { name: `Manage Flight Co ${uid}` }).click();
  const limits = page.getByRole("region", { name: "Limits now" });
  await expect(limits.getByRole("meter", { name: "Concurrent used" })).toHaveAttribute(
    "aria-valuetext",
    "2 of 2 in flight",
  );
  await expect(limits.getByText("0 free", { exact: true })).toBeVisible();
  await expect(limits.getByText(/^A slot frees within /)).toBeVisible();
  await expect(limits.getByRole("list", { name: "Alert thresholds of Concurrent reached" })).toHaveCount(0);
  await snap("customer-limits-concurrent");
});
