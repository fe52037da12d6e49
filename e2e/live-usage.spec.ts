// Checks run through the API move the Live page and the customer page without a reload; a revoked key is refused.
import { expect, test } from "./fixtures";

test("a wrong key gets a plain message on the customer page", async ({ phone, consoleGuard, snap }) => {
  await phone.goto("/usage");
  await snap("usage-key-form", phone);
  consoleGuard.allowStatus(401);
  await phone.getByLabel("API key").fill("qk_this-is-not-a-key");
  await phone.getByRole("button", { name: "Show my usage" }).click();
  await expect(phone.getByRole("alert")).toHaveText("This key is not valid");
  expect(phone.url()).not.toContain("qk_");
  await snap("usage-wrong-key", phone);
});

test("checks show on Live and the customer page at once; a revoked key stops working there", async ({
  page,
  phone,
  api,
  uid,
  signIn,
  consoleGuard,
  snap,
}) => {
  // A bucket of 5 that refills one a minute: five checks pass, two are denied, and nothing refills mid-test.
  await api.createPlan(`metered-${uid}`, {
    name: `Metered ${uid}`,
    burst: 5,
    perMinute: 1,
    perHour: 100,
    perDay: 1000,
  });
  const customer = await api.createCustomer(`Initech ${uid}`, `metered-${uid}`);
  const { key } = await api.createKey(customer.id);
  const service = await api.serviceToken(`svc-${uid}`);

  await signIn();
  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Live" }).click();
  const card = page.getByRole("article", { name: `Usage of Initech ${uid}` });
  const adminBurst = card.getByRole("meter", { name: "Burst used" });
  await expect(adminBurst).toHaveAttribute("aria-valuetext", "0 of 5 used");

  await phone.goto("/usage");
  await phone.getByLabel("API key").fill(key);
  await phone.getByRole("button", { name: "Show my usage" }).click();
  await expect(phone.getByRole("heading", { name: `Metered ${uid} plan` })).toBeVisible();
  const phoneBurst = phone.getByRole("meter", { name: "Burst used" });
  await expect(phoneBurst).toHaveAttribute("aria-valuetext", "0 of 5 used");
  await expect(phone.getByRole("meter", { name: "Per hour used" })).toHaveAttribute("aria-valuetext", "0 of 100 used");
  expect(phone.url()).not.toContain(key);
  await snap("usage-before-checks", phone);

  expect(await api.check(service, key, 7)).toEqual([200, 200, 200, 200, 200, 429, 429]);

  // No reload: the pages read again on their own.
  await expect(adminBurst).toHaveAttribute("aria-valuetext", "5 of 5 used");
  await expect(phoneBurst).toHaveAttribute("aria-valuetext", "5 of 5 used");
  await expect(phone.getByText(/Full again in/)).toBeVisible();
  await expect(phone.getByRole("figure", { name: "Your checks per minute" })).toContainText("5 allowed");
  await expect(phone.getByRole("figure", { name: "Your checks per minute" })).toContainText("2 denied");
  await page.getByLabel("Customer", { exact: true }).selectOption({ label: `Initech ${uid}` });
  await expect(page.getByRole("figure", { name: `Checks of Initech ${uid}` })).toContainText("5 allowed");
  await expect(page.getByRole("figure", { name: `Checks of Initech ${uid}` })).toContainText("2 denied");
  await snap("live-after-checks");
  await snap("usage-after-checks", phone);
  // Nothing on the customer page is wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Revoke the key in the console; the open customer page is refused on its next read, which may come as soon as
  // the revoke is confirmed: its 401s are expected from then on.
  consoleGuard.allowStatus(401);
  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Customers" }).click();
  await page.getByRole("button", { name: `Manage Initech ${uid}` }).click();
  await page.getByRole("button", { name: /^Revoke qk_/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("table", { name: `API keys of Initech ${uid}` })).toContainText("Revoked");

  await expect(phone.getByRole("alert")).toContainText("This key is not valid");
  await expect(phone.getByLabel("API key")).toBeVisible();
  await snap("usage-key-revoked", phone);
  expect(await api.check(service, key, 1)).toEqual([403]);
});
