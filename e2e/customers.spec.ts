// The Customers page: create a customer, make a key shown once, change plan and overrides with If-Match, delete.
import { ADMIN_TOKEN } from "./admin-token";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ signIn, page }) => {
  await signIn();
  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Customers" }).click();
  // The page's code loads before the address changes: a reload any sooner would land on Plans again.
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
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
  await expect(form.getByLabel("Per day")).toHaveAccessibleDescription(
    "Per day (3,000) must be at least Per hour (4,000)",
  );
  await expect(form.getByRole("button", { name: "Save plan and overrides" })).toBeDisabled();
  await snap("customer-overrides-violation");

  await form.getByLabel("Per day").fill("80000");
  await form.getByRole("button", { name: "Save plan and overrides" }).click();
  await expect(form.getByText("Saved. The next check uses these limits.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Globex ${uid}` })).toContainText("Per day 80,000");
  await snap("customer-overrides-saved");

  expect(await api.getCustomer(customer.id)).toMatchObject({ planId: `plus-${uid}`, overrides: { perDay: 80000 } });
});

test("two admins edit one customer: the second save is refused and asks for a reload, and the first change stays", async ({
  page,
  browser,
  baseURL,
  signIn,
  api,
  uid,
  consoleGuard,
  snap,
}) => {
  await api.createPlan(`team-${uid}`, { perMinute: 60, perHour: 1000, perDay: 10000 });
  const customer = await api.createCustomer(`Initech ${uid}`, `team-${uid}`);
  await page.reload();

  // A second admin, signed in in a browser of their own, opens the same customer before the first saves.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  consoleGuard.watch(second, "second admin");
  await signIn(second);
  await second.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Customers" }).click();
  for (const admin of [page, second]) await admin.getByRole("button", { name: `Manage Initech ${uid}` }).click();
  const first = page.getByRole("form", { name: `Settings of Initech ${uid}` });
  const late = second.getByRole("form", { name: `Settings of Initech ${uid}` });
  await expect(late.getByText("Version 1")).toBeVisible();

  await first.getByLabel("Per day").fill("20000");
  await first.getByRole("button", { name: "Save plan and overrides" }).click();
  await expect(first.getByText("Saved. The next check uses these limits.")).toBeVisible();

  consoleGuard.allowStatus(412);
  const patch = second.waitForRequest((r) => r.method() === "PATCH");
  await late.getByLabel("Per hour").fill("2000");
  await late.getByRole("button", { name: "Save plan and overrides" }).click();
  expect((await patch).headers()["if-match"]).toBe('"1"');
  await expect(late.getByText("Someone else changed this customer while you were editing it.")).toBeVisible();
  await expect(late.getByText("Saved. The next check uses these limits.")).toHaveCount(0);
  await expect(late.getByRole("button", { name: "Save plan and overrides" })).toBeDisabled();
  await snap("customer-settings-stale", second);
  expect(await api.getCustomer(customer.id)).toMatchObject({ overrides: { perDay: 20000 }, version: 2 });

  // Reloaded, the second admin sees the first one's change and makes their own on top of it.
  await late.getByRole("button", { name: "Reload customer" }).click();
  await expect(late.getByLabel("Per day")).toHaveValue("20000");
  await expect(late.getByLabel("Per hour")).toHaveValue("");
  await late.getByLabel("Per hour").fill("2000");
  await late.getByRole("button", { name: "Save plan and overrides" }).click();
  await expect(late.getByText("Saved. The next check uses these limits.")).toBeVisible();
  expect(await api.getCustomer(customer.id)).toMatchObject({ overrides: { perHour: 2000, perDay: 20000 }, version: 3 });
  await other.close();
});

test("deletes a customer after a confirmation, sending the version it read", async ({ page, api, uid }) => {
  await api.createPlan(`gone-${uid}`);
  const customer = await api.createCustomer(`Umbrella ${uid}`, `gone-${uid}`);
  await page.reload();

  await page.getByRole("button", { name: `Manage Umbrella ${uid}` }).click();
  await page
    .getByRole("form", { name: `Settings of Umbrella ${uid}` })
    .getByRole("button", { name: "Delete customer" })
    .click();
  const dialog = page.getByRole("dialog", { name: `Delete customer Umbrella ${uid}?` });
  const remove = page.waitForRequest((r) => r.method() === "DELETE");
  await dialog.getByRole("button", { name: "Delete customer" }).click();
  expect((await remove).headers()["if-match"]).toBe('"1"');

  await expect(page.getByRole("row").filter({ hasText: `Umbrella ${uid}` })).toHaveCount(0);
  await expect(page.getByRole("form", { name: `Settings of Umbrella ${uid}` })).toHaveCount(0);
  const gone = await page.request.get(`/v1/customers/${customer.id}`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(gone.status()).toBe(404);
});
