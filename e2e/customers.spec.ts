// The Customers page: create a customer, make a key shown once, change plan and overrides.
import { expect, test } from "./fixtures";

test.beforeEach(async ({ signIn, page }) => {
  await signIn();
  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Customers" }).click();
});

test("creates a customer and an API key that is shown once, with a copy button", async ({
  page,
  context,
  api,
  uid,
  snap,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await api.createPlan(`starter-${uid}`, { name: `Starter ${uid}` });
  await page.reload();

  const create = page.getByRole("form", { name: "New customer" });
  await create.getByRole("button", { name: "Create customer" }).click();
  await expect(create.getByLabel("Name")).toHaveAccessibleDescription("Name must not be empty");
  await create.getByLabel("Name").fill(`Acme ${uid}`);
  await create.getByLabel("Plan").selectOption(`starter-${uid}`);
  await create.getByRole("button", { name: "Create customer" }).click();

  await expect(page.getByRole("heading", { name: `Acme ${uid}`, level: 2 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Acme ${uid}` })).toContainText(`Starter ${uid}`);
  await expect(page.getByText("No API keys yet")).toBeVisible();

  await page.getByRole("button", { name: "Make API key" }).click();
  await expect(page.getByText("You will not see it again")).toBeVisible();
  const shown = page.getByLabel("New API key");
  await expect(shown).toHaveValue(/^qk_/);
  const key = await shown.inputValue();
  await snap("customer-new-key");

  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const keys = page.getByRole("table", { name: `API keys of Acme ${uid}` });
  await expect(keys.getByRole("row")).toHaveCount(2);
  await expect(keys).toContainText("Active");
  await expect(keys).toContainText(key.slice(0, 8));

  await page.getByRole("button", { name: "I have saved the key" }).click();
  await expect(page.getByLabel("New API key")).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await snap("customer-keys");
});

test("changes a customer's plan and overrides, with the plan's rules inline", async ({ page, api, uid, snap }) => {
  await api.createPlan(`basic-${uid}`, { name: `Basic ${uid}`, perMinute: 60, perHour: 1000, perDay: 10000 });
  await api.createPlan(`plus-${uid}`, { name: `Plus ${uid}`, perMinute: 120, perHour: 4000, perDay: 40000 });
  const customer = await api.createCustomer(`Globex ${uid}`, `basic-${uid}`);
  await page.reload();

  await page.getByRole("button", { name: `Manage Globex ${uid}` }).click();
  const form = page.getByRole("form", { name: `Settings of Globex ${uid}` });
  await form.getByLabel("Plan").selectOption(`plus-${uid}`);
  await expect(form.getByLabel("Per day")).toHaveAccessibleDescription("Plan: 40,000");

  await form.getByLabel("Per day").fill("3000");
  await expect(form.getByLabel("Per day")).toHaveAccessibleDescription("Per day must be at least Per hour");
  await expect(form.getByRole("button", { name: "Save plan and overrides" })).toBeDisabled();
  await snap("customer-overrides-violation");

  await form.getByLabel("Per day").fill("80000");
  await form.getByRole("button", { name: "Save plan and overrides" }).click();
  await expect(form.getByText("Saved. The next check uses these limits.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Globex ${uid}` })).toContainText("Per day 80,000");
  await snap("customer-overrides-saved");

  expect(await api.getCustomer(customer.id)).toMatchObject({ planId: `plus-${uid}`, overrides: { perDay: 80000 } });
});
