// The Plans page: create through the form, rule violations shown inline at once, edit with If-Match, delete.
import { expect, test } from "./fixtures";

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
  await snap("plan-form-filled");
  await form.getByRole("button", { name: "Create plan" }).click();

  await expect(page.getByRole("status").filter({ hasText: `Plan Pro ${uid} created.` })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `pro-${uid}` });
  await expect(row).toContainText("5,000");
  await expect(row).toContainText("Closed");
  await expect(row).toContainText("Shadow");
  await snap("plans-after-create");

  const plan = await api.getPlan(`pro-${uid}`);
  expect(plan).toMatchObject({
    burst: 20,
    perMinute: 100,
    perHour: 5000,
    perDay: 50000,
    failMode: "closed",
    shadow: true,
  });
});

test("shows a rule violation beside the field as the admin types, and sends nothing", async ({ page, uid, snap }) => {
  await page.getByRole("button", { name: "New plan" }).click();
  const form = page.getByRole("form", { name: "New plan" });
  await form.getByLabel("Name").fill(`Broken ${uid}`);

  await form.getByLabel("Burst").fill("10");
  await expect(form.getByLabel("Burst")).toHaveAccessibleDescription(/Burst needs Per minute/);
  await form.getByLabel("Per minute").fill("100");
  await expect(form.getByLabel("Burst")).not.toHaveAccessibleDescription(/needs/);

  await form.getByLabel("Per hour").fill("50");
  const perHour = form.getByLabel("Per hour");
  await expect(perHour).toHaveAttribute("aria-invalid", "true");
  await expect(perHour).toHaveAccessibleDescription("Per hour must be at least Per minute");
  await form.getByLabel("Per day").fill("1.5");
  await form.getByLabel("Per day").blur();
  await expect(form.getByLabel("Per day")).toHaveAccessibleDescription("Must be a whole number");
  await snap("plan-form-violations");

  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/v1/plans")) posted = true;
  });
  await form.getByRole("button", { name: "Create plan" }).click();
  // The first field to fix takes the focus, so a keyboard user lands on it.
  await expect(perHour).toBeFocused();
  expect(posted).toBe(false);

  await perHour.fill("6000");
  await form.getByLabel("Per day").fill("");
  await expect(perHour).toHaveAttribute("aria-invalid", "false");
  await expect(form.getByText("must be at least")).toHaveCount(0);
});

test("edits a plan, sending the version it read", async ({ page, api, uid, snap }) => {
  await api.createPlan(`edit-${uid}`, { name: `Edit ${uid}`, perMinute: 60, perHour: 1000 });
  await page.reload();
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
  await expect(page.getByRole("row").filter({ hasText: `edit-${uid}` })).toContainText("2,500");
  expect(await api.getPlan(`edit-${uid}`)).toMatchObject({ perHour: 2500, version: 2 });
});

test("says so when the plan changed meanwhile, and reloads it", async ({ page, api, uid, consoleGuard, snap }) => {
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
  await expect(form.getByText("Someone else changed this plan while you were editing it.")).toBeVisible();
  await snap("plan-form-stale");
  expect(await api.getPlan(plan.id)).toMatchObject({ perHour: 1000, perDay: 9000, version: 2 });

  await form.getByRole("button", { name: "Reload plan" }).click();
  await expect(form.getByLabel("Per day")).toHaveValue("9000");
  await expect(form.getByLabel("Per hour")).toHaveValue("1000");
  await form.getByLabel("Per hour").fill("3000");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("row").filter({ hasText: `race-${uid}` })).toContainText("3,000");
  expect(await api.getPlan(plan.id)).toMatchObject({ perHour: 3000, perDay: 9000, version: 3 });
});

test("asks before deleting, and shows the API's reason while customers use the plan", async ({
  page,
  api,
  uid,
  consoleGuard,
  snap,
}) => {
  await api.createPlan(`used-${uid}`);
  await api.createCustomer(`Customer of ${uid}`, `used-${uid}`);
  await api.createPlan(`spare-${uid}`);
  await page.reload();

  consoleGuard.allowStatus(409);
  await page.getByRole("button", { name: `Delete used-${uid}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete plan used-${uid}?` });
  await expect(dialog).toBeVisible();
  await snap("plan-delete-confirm");
  await dialog.getByRole("button", { name: "Delete plan" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The plan was not deleted.");
  await expect(dialog.getByRole("alert")).toContainText(/customer/i);
  await snap("plan-delete-conflict");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: `Delete spare-${uid}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete plan" }).click();
  await expect(page.getByRole("row").filter({ hasText: `spare-${uid}` })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: `used-${uid}` })).toHaveCount(1);
});
