// Contract section 10: controls have visible labels "so that they can be found by label". Each is looked up as a
// page would be by someone who knows only the contract: page.getByLabel(label), Playwright's default (a part of the
// label, in any case), on the whole page where that control is used, and must find exactly that one control: two
// would make any action on it a strict-mode error.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function expectOneEach(page: Page, labels: string[]) {
  for (const label of labels) await expect(page.getByLabel(label), label).toHaveCount(1);
}

test("each label the contract names finds one control where it is used", async ({ page, phone, api, uid, signIn }) => {
  await page.goto("/");
  await expectOneEach(page, ["Token"]);
  await signIn();

  // A plan's form, as it opens: every limit, and what a plan does besides.
  await page.getByRole("button", { name: "New plan" }).click();
  const limits = ["Burst", "Per minute", "Per hour", "Per day", "Per week", "Per month", "Concurrent"];
  await expectOneEach(page, [...limits, "Fail mode", "Shadow", "Local share", "Alerts", "Name"]);
  await page.getByRole("button", { name: "Add resource" }).click();
  await expectOneEach(page, ["Resource"]);

  // A plan made elsewhere a moment ago (the API) is there to pick at once.
  await api.createPlan(`labels-${uid}`, { perMinute: 60, perDay: 1000 });
  const nav = page.getByRole("navigation", { name: "Admin console" });
  await nav.getByRole("link", { name: "Customers" }).click();
  await expectOneEach(page, ["Name", "Plan", "Billing day"]);
  await page.getByLabel("Name").fill(`Labels ${uid}`);
  await page.getByLabel("Plan").selectOption(`labels-${uid}`);
  await page.getByRole("button", { name: "Create customer" }).click();
  // The customer it made, open: its settings and overrides, the New customer form put away until it closes. (Its
  // limits now are meters named for their limit, "Per day used", so limit fields are looked up within its form.)
  await expect(page.getByRole("button", { name: `Close Labels ${uid}` })).toBeVisible();
  await expectOneEach(page, ["Name", "Plan", "Billing day", "Fail mode", "Shadow", "Local share", "Alerts"]);
  await page.getByRole("button", { name: `Close Labels ${uid}` }).click();
  await expectOneEach(page, ["Name", "Plan", "Billing day"]);

  await nav.getByRole("link", { name: "Tokens" }).click();
  await expectOneEach(page, ["Name", "Role"]);
  await nav.getByRole("link", { name: "Webhooks" }).click();
  await expectOneEach(page, ["Webhook URL"]);

  await phone.goto("/usage");
  await expectOneEach(phone, ["API key"]);
});
