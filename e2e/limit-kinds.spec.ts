// Every limit kind end to end: a plan with a month and a resource made in the console, a customer billed on the
// 31st, the customer page showing the month's renewal date, the resource's entry and the days' checks, and the
// customer's admin view its days too.
import { expect, test } from "./fixtures";
import { expectNoPageScroll } from "./page-checks";

/** When the month of a customer billed on `billingDay` ends, as the customer page says it: "31 Dec 2026". */
function renewalDate(billingDay: number, now: Date): string {
  // In a month without the billing day, the month turns on its last day (contract section 5).
  const turn = (year: number, month: number) =>
    Date.UTC(year, month, Math.min(billingDay, new Date(Date.UTC(year, month + 1, 0)).getUTCDate()));
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const end = now.getTime() >= turn(year, month) ? turn(year, month + 1) : turn(year, month);
  const format = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return format.format(new Date(end));
}

test("a plan with a month and a resource, for a customer billed on the 31st, shows on the customer page", async ({
  page,
  phone,
  api,
  uid,
  signIn,
  snap,
}) => {
  const nav = page.getByRole("navigation", { name: "Admin console" });
  await signIn();

  await page.getByRole("button", { name: "New plan" }).click();
  const planForm = page.getByRole("form", { name: "New plan" });
  await planForm.getByLabel("Name").fill(`Metered ${uid}`);
  const limits = planForm.getByRole("group", { name: "Limits" });
  await limits.getByLabel("Per minute").fill("60");
  await limits.getByLabel("Per month").fill("100,000");
  await planForm.getByRole("button", { name: "Add resource" }).click();
  const resource = planForm.getByRole("group", { name: "Resource 1" });
  await resource.getByLabel("Resource", { exact: true }).fill("ai.generate");
  await resource.getByLabel("Per hour").fill("100");
  await resource.getByLabel("Per day").fill("50");
  await expect(resource.getByLabel("Per day")).toHaveAccessibleDescription(
    "Resource ai.generate: Per day (50) must be at least Per hour (100)",
  );
  await resource.getByLabel("Per hour").fill("");
  await snap("limit-kinds-plan-form");
  await planForm.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Plan Metered ${uid} created.` })).toBeVisible();
  const planRow = page.getByRole("row").filter({ hasText: `metered-${uid}` });
  await expect(planRow).toContainText("100,000");
  await expect(planRow).toContainText("ai.generate");
  await expect(planRow).toContainText("Per day 50");

  await nav.getByRole("link", { name: "Customers" }).click();
  const create = page.getByRole("form", { name: "New customer" });
  await create.getByLabel("Name").fill(`Globex ${uid}`);
  await create.getByLabel("Plan").selectOption(`metered-${uid}`);
  await create.getByRole("button", { name: "Create customer" }).click();
  const settings = page.getByRole("form", { name: `Settings of Globex ${uid}` });
  await settings.getByLabel("Billing day").selectOption("31");
  await expect(settings.getByRole("group", { name: "Resource ai.generate" })).toBeVisible();
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByText("Saved. The next check uses these settings.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Globex ${uid}` })).toContainText("31");
  await snap("limit-kinds-customer");

  await page.getByRole("button", { name: "Make API key" }).click();
  const key = await page.getByLabel("New API key", { exact: true }).inputValue();
  expect(key).toMatch(/^qk_/);
  await page.getByRole("button", { name: "I have saved the key" }).click();
  const service = await api.serviceToken(`svc-${uid}`);
  expect(await api.check(service, key, 2)).toEqual([200, 200]);
  expect(await api.check(service, key, 3, "ai.generate")).toEqual([200, 200, 200]);

  await phone.goto("/usage");
  await phone.getByLabel("API key").fill(key);
  await phone.getByRole("button", { name: "Show my usage" }).click();
  await expect(phone.getByRole("heading", { name: `Metered ${uid} plan` })).toBeVisible();
  await expect(phone.getByRole("definition").filter({ hasText: "Per day 50" })).toBeVisible();
  await expect(phone.getByRole("meter", { name: "Per month used" })).toHaveAttribute(
    "aria-valuetext",
    "5 of 100,000 used",
  );
  await expect(
    phone.getByText(`99,995 left this month, renews ${renewalDate(31, new Date())}`, { exact: true }),
  ).toBeVisible();
  await expect(phone.getByRole("meter", { name: "ai.generate · Per day used" })).toHaveAttribute(
    "aria-valuetext",
    "3 of 50 used",
  );
  // Today's bar holds every check so far: two of the plan's own, three naming the resource.
  await expect(phone.getByRole("figure", { name: "Your checks day by day" })).toContainText("5 allowed");
  await expect(phone.getByRole("figure", { name: "Your checks day by day" })).toContainText("0 denied");
  await snap("limit-kinds-usage", phone);
  await expectNoPageScroll(phone, "the customer page on a phone");

  await nav.getByRole("link", { name: "Live" }).click();
  const card = page.getByRole("article", { name: `Usage of Globex ${uid}` });
  await expect(card.getByRole("meter", { name: "Per month used" })).toHaveAttribute(
    "aria-valuetext",
    "5 of 100,000 used",
  );
  await expect(card.getByRole("meter", { name: "ai.generate · Per day used" })).toHaveAttribute(
    "aria-valuetext",
    "3 of 50 used",
  );
  await snap("limit-kinds-live");

  await nav.getByRole("link", { name: "Customers" }).click();
  await page.getByRole("button", { name: `Manage Globex ${uid}` }).click();
  const days = page.getByRole("figure", { name: `Checks of Globex ${uid} day by day` });
  await expect(days).toContainText("5 allowed");
  await expect(days).toContainText("in the last 90 days");
  await snap("limit-kinds-customer-days");
});
