// The Audit page lists what was done through the console and the API, newest first.
import { expect, test } from "./fixtures";

test("lists the changes just made, newest first", async ({ page, api, uid, signIn, snap }) => {
  await signIn();
  await page.getByRole("button", { name: "New plan" }).click();
  const form = page.getByRole("form", { name: "New plan" });
  await form.getByLabel("Name").fill(`Audited ${uid}`);
  await form.getByLabel("Per minute").fill("30");
  await form.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByRole("row").filter({ hasText: `audited-${uid}` })).toBeVisible();

  const plan = await api.getPlan(`audited-${uid}`);
  await api.updatePlan(plan.id, plan.version, { perHour: 900 });
  const customer = await api.createCustomer(`Audit customer ${uid}`, plan.id);
  const key = await api.createKey(customer.id);

  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Audit" }).click();
  const log = page.getByRole("table", { name: "Audit log" });
  const target = (id: string) => page.getByRole("cell", { name: id, exact: true });
  const planRows = log.getByRole("row").filter({ has: target(`audited-${uid}`) });
  await expect(planRows).toHaveCount(2);
  await expect(planRows.nth(0)).toContainText("plan.update");
  await expect(planRows.nth(0)).toContainText("perHour: none → 900");
  await expect(planRows.nth(1)).toContainText("plan.create");
  const customerRows = log.getByRole("row").filter({ has: target(customer.id) });
  await expect(customerRows.filter({ hasText: "customer.create" })).toHaveCount(1);
  await expect(log.getByRole("row").filter({ has: target(key.id) })).toContainText("key.create");
  await expect(log).not.toContainText(key.key);
  await snap("audit");
});
