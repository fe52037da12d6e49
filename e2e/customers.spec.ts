// The Customers page at a laptop's width and a phone's: create with a billing day, rename, fail mode and shadow
// overrides, plan and limit overrides, reset counters, delete, a key made by keyboard alone in a dialog that holds,
// search, the 412 view that keeps an admin's changes, no sideways scroll, and axe.
import type { Page } from "@playwright/test";
import { ADMIN_TOKEN } from "./admin-token";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, expectNoPageScroll, tabTo } from "./page-checks";

async function openCustomers(page: Page) {
  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Customers" }).click();
  // The page's code loads before the address changes: a reload any sooner would land on Plans again.
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/customers$/);
}

/** A customer's remaining per limit, by the limit's name, as the API reports it. */
async function remaining(page: Page, customerId: string): Promise<Record<string, number>> {
  const response = await page.request.get(`/v1/customers/${customerId}/usage`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  const { limits } = (await response.json()) as { limits: { name: string; remaining: number }[] };
  return Object.fromEntries(limits.map((l) => [l.name, l.remaining]));
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 }, hasTouch: width === 390 });

    test.beforeEach(async ({ signIn, page }) => {
      await signIn();
      await openCustomers(page);
    });

    test("creates a customer with a billing day, renames it and sets its fail mode and shadow overrides", async ({
      page,
      api,
      uid,
      snap,
    }) => {
      await api.createPlan(`strict-${uid}`, {
        name: `Strict ${uid}`,
        failMode: "closed",
        shadow: false,
        localShare: 100,
      });
      await page.reload();

      const create = page.getByRole("form", { name: "New customer" });
      await create.getByRole("button", { name: "Create customer" }).click();
      await expect(create.getByLabel("Name")).toHaveAccessibleDescription("Name must not be empty");
      await create.getByLabel("Name").fill(`Acme ${uid}`);
      await create.getByLabel("Plan").selectOption(`strict-${uid}`);
      await create.getByLabel("Billing day").selectOption("17");
      await create.getByRole("button", { name: "Create customer" }).click();

      // The new customer opens, and its Name field has the focus.
      const form = page.getByRole("form", { name: `Settings of Acme ${uid}` });
      await expect(form.getByLabel("Name")).toBeFocused();
      await expect(form.getByLabel("Name")).toHaveValue(`Acme ${uid}`);
      await expect(form.getByLabel("Billing day")).toHaveValue("17");
      const row = page
        .getByRole("table", { name: "Customers" })
        .getByRole("row")
        .filter({ hasText: `Acme ${uid}` });
      await expect(row).toContainText(`Strict ${uid}`);
      const id = (await row.locator("code").textContent()) ?? "";
      expect(await api.getCustomer(id)).toMatchObject({ name: `Acme ${uid}`, billingDay: 17, overrides: null });

      // Left unset, each keeps the plan's value, which its first choice names.
      await expect(form.getByLabel("Fail mode")).toHaveValue("");
      await expect(form.getByLabel("Fail mode").locator("option").first()).toHaveText("Plan's: closed");
      await expect(form.getByLabel("Shadow").locator("option").first()).toHaveText("Plan's: off");
      await expect(form.getByLabel("Local share").locator("option").first()).toHaveText("Plan's: 100 units");

      await form.getByLabel("Name").fill(`Acme Renamed ${uid}`);
      await form.getByLabel("Fail mode").selectOption("open");
      await form.getByLabel("Shadow").selectOption("on");
      await form.getByLabel("Local share").selectOption("own");
      await form.getByLabel("Units per share").fill("20000");
      await expect(form.getByLabel("Units per share")).toHaveAccessibleDescription(
        "Local share must be from 2 to 10,000",
      );
      await form.getByLabel("Units per share").fill("500");
      await form.getByRole("button", { name: "Save settings" }).click();
      // The form is named after the customer, so it goes by the new name now.
      const renamed = page.getByRole("form", { name: `Settings of Acme Renamed ${uid}` });
      await expect(renamed.getByText("Saved. The next check uses these settings.")).toBeVisible();
      expect(await api.getCustomer(id)).toMatchObject({
        name: `Acme Renamed ${uid}`,
        billingDay: 17,
        overrides: { failMode: "open", shadow: true, localShare: 500 },
        version: 2,
      });
      await expect(page.getByRole("heading", { name: `Acme Renamed ${uid}`, level: 2 })).toBeVisible();
      const list = page.getByRole("table", { name: "Customers" });
      await expect(list.getByRole("row").filter({ hasText: `Acme Renamed ${uid}` })).toContainText(
        "Fail mode open; Shadow on; Local share 500 units",
      );

      await expectNoPageScroll(page, "the Customers page with a customer open");
      await expectNoAxeViolations(page, "the Customers page with a customer open");
      await snap(`customers-open-${width}`);

      // Back to the plan's fail mode: the override goes, the shadow and local share ones stay.
      await renamed.getByLabel("Fail mode").selectOption("");
      await renamed.getByRole("button", { name: "Save settings" }).click();
      await expect(renamed.getByText("Saved. The next check uses these settings.")).toBeVisible();
      const after = await api.getCustomer(id);
      expect(after.overrides).toEqual({ shadow: true, localShare: 500 });

      // Escape closes the customer and gives the focus back to the button that opened it.
      await renamed.getByLabel("Per day").focus();
      await page.keyboard.press("Escape");
      await expect(renamed).toHaveCount(0);
      await expect(create.getByRole("button", { name: "Create customer" })).toBeFocused();
    });

    test("resets a customer's counters after checks, then deletes it", async ({ page, api, uid }) => {
      await api.createPlan(`reset-${uid}`, { perMinute: 10, perHour: 100 });
      const customer = await api.createCustomer(`Reset Co ${uid}`, `reset-${uid}`);
      const { key } = await api.createKey(customer.id);
      const service = await api.serviceToken(`reset-${uid}`);
      expect(await api.check(service, key, 4)).toEqual([200, 200, 200, 200]);
      // The per-minute bucket refills a little as time passes; the hour does not.
      expect(await remaining(page, customer.id)).toMatchObject({ hour: 96 });
      await page.reload();

      const manage = page.getByRole("button", { name: `Manage Reset Co ${uid}` });
      await manage.click();
      const form = page.getByRole("form", { name: `Settings of Reset Co ${uid}` });
      await form.getByRole("button", { name: "Reset counters" }).click();
      const confirm = page.getByRole("dialog", { name: `Reset the counters of Reset Co ${uid}?` });
      await expect(confirm).toContainText("starts afresh now");
      await expect(confirm).toContainText("history of checks");
      await expectNoPageScroll(page, "the reset dialog");
      await confirm.getByRole("button", { name: "Reset counters" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(
        form.getByText(`The counters of Reset Co ${uid} were reset: every limit is full again.`),
      ).toBeVisible();
      await expect(form.getByRole("button", { name: "Reset counters" })).toBeFocused();
      expect(await remaining(page, customer.id)).toEqual({ burst: 10, hour: 100 });

      await form.getByRole("button", { name: "Delete customer" }).click();
      const remove = page.getByRole("dialog", { name: `Delete customer Reset Co ${uid}?` });
      await expect(remove).toContainText("Its API keys are deleted with it");
      await remove.getByRole("button", { name: "Delete customer" }).click();
      await expect(remove).toHaveCount(0);
      await expect(form).toHaveCount(0);
      await expect(page.getByRole("row").filter({ hasText: `Reset Co ${uid}` })).toHaveCount(0);
      // The button that opened it is gone: the focus goes to the line that says what happened.
      const notice = page.getByText(`Customer Reset Co ${uid} was deleted.`);
      await expect(notice).toBeVisible();
      expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("was deleted");
      const gone = await page.request.get(`/v1/customers/${customer.id}`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(gone.status()).toBe(404);
      expect(await api.check(service, key, 1)).toEqual([403]);
    });

    test("finds a customer by search and makes it a key by keyboard alone, in a dialog that holds", async ({
      page,
      context,
      api,
      uid,
      snap,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await api.createPlan(`keys-${uid}`);
      const customer = await api.createCustomer(`Keyboard Co ${uid}`, `keys-${uid}`);
      await api.createCustomer(`Other Co ${uid}`, `keys-${uid}`);
      const service = await api.serviceToken(`keys-${uid}`);
      await page.reload();

      const search = page.getByLabel("Search customers");
      await tabTo(page, search, 60);
      await page.keyboard.type(`keyboard co ${uid}`);
      const table = page.getByRole("table", { name: "Customers" });
      await expect(table.getByRole("row")).toHaveCount(2);
      // The server's search: the name from its first word on, in any case.
      await expect(page.getByText(`1 customer found by “keyboard co ${uid}”, newest first`)).toBeVisible();
      // By id too.
      await search.fill(customer.id);
      await expect(table.getByRole("row")).toHaveCount(2);
      await expect(table).toContainText(`Keyboard Co ${uid}`);

      const manage = page.getByRole("button", { name: `Manage Keyboard Co ${uid}` });
      await tabTo(page, manage, 60);
      await page.keyboard.press("Enter");
      const form = page.getByRole("form", { name: `Settings of Keyboard Co ${uid}` });
      await expect(form.getByLabel("Name")).toBeFocused();

      const make = page.getByRole("button", { name: "Make API key" });
      await tabTo(page, make, 60);
      await page.keyboard.press("Enter");

      const dialog = page.getByRole("dialog", { name: `New API key for Keyboard Co ${uid}` });
      const shown = dialog.getByLabel("New API key");
      await expect(shown).toBeFocused();
      await expect(shown).toHaveValue(/^qk_/);
      const key = await shown.inputValue();
      await expect(dialog.getByText("You will not see it again")).toBeVisible();
      await expectNoPageScroll(page, "the new key's dialog");
      await expectNoAxeViolations(page, "the new key's dialog");
      await snap(`customers-new-key-${width}`);

      // Modal and held: Escape does not close it, nor does Back take the page away.
      expect(await page.locator("dialog[open]").evaluate((el) => el.matches(":modal"))).toBe(true);
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible();
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            addEventListener("popstate", () => setTimeout(resolve, 200), { once: true });
            history.back();
          }),
      );
      await expect(page).toHaveURL(/\/customers$/);
      await expect(shown).toHaveValue(key);

      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: "Copy key" })).toBeFocused();
      await page.keyboard.press("Space");
      await expect(dialog.getByRole("button", { name: "Copied" })).toBeFocused();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await page.keyboard.press("Tab");
      const saved = dialog.getByRole("button", { name: "I have saved the key" });
      await expect(saved).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(key)).toHaveCount(0);
      await expect(make).toBeFocused();

      const keys = page.getByRole("table", { name: `API keys of Keyboard Co ${uid}` });
      await expect(keys.getByRole("row")).toHaveCount(2);
      await expect(keys).toContainText(key.slice(0, 8));
      expect(await api.check(service, key, 1)).toEqual([200]);

      // Close gives the focus back to the Manage button that opened the customer.
      await page.getByRole("button", { name: `Close Keyboard Co ${uid}` }).click();
      await expect(form).toHaveCount(0);
      await expect(manage).toBeFocused();
    });
  });
}

test("the server searches and pages the list: a later word in any case, 100 newest first, Show more for the next", async ({
  page,
  api,
  uid,
  signIn,
}) => {
  await api.createPlan(`paged-${uid}`);
  for (let i = 1; i <= 101; i++) await api.createCustomer(`Paged ${i} ${uid}`, `paged-${uid}`);
  await signIn();
  await openCustomers(page);
  const lists: URLSearchParams[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === "/v1/customers") lists.push(url.searchParams);
  });

  const search = uid.toUpperCase();
  await page.getByLabel("Search customers").fill(search);
  const table = page.getByRole("table", { name: "Customers" });
  await expect(page.getByText(`100 customers found by “${search}”, newest first; there are more`)).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toContainText(`Paged 101 ${uid}`);
  await page.getByRole("button", { name: "Show more" }).click();
  await expect(page.getByText(`101 customers found by “${search}”, newest first`)).toBeVisible();
  await expect(table.getByRole("row").last()).toContainText(`Paged 1 ${uid}`);
  await expect(page.getByRole("button", { name: `Manage Paged 1 ${uid}` })).toBeFocused();
  // One request a page, the second from the first's cursor: the browser neither filters nor holds the rest.
  const searched = lists.filter((query) => query.get("q") === search);
  expect(searched.map((query) => [query.get("limit"), query.has("cursor")])).toEqual([
    ["100", false],
    ["100", true],
  ]);

  // Not inside a word.
  await page.getByLabel("Search customers").fill(`aged ${uid}`);
  await expect(page.getByText("No customer matches")).toBeVisible();
});

test("changes a customer's plan and limit overrides, with the plan's rules inline", async ({
  page,
  api,
  uid,
  signIn,
}) => {
  await api.createPlan(`basic-${uid}`, { name: `Basic ${uid}`, perMinute: 60, perHour: 1000, perDay: 10000 });
  await api.createPlan(`plus-${uid}`, { name: `Plus ${uid}`, perMinute: 120, perHour: 4000, perDay: 40000 });
  const customer = await api.createCustomer(`Globex ${uid}`, `basic-${uid}`);
  await signIn();
  await openCustomers(page);

  await page.getByRole("button", { name: `Manage Globex ${uid}` }).click();
  const form = page.getByRole("form", { name: `Settings of Globex ${uid}` });
  await form.getByLabel("Plan").selectOption(`plus-${uid}`);
  await expect(form.getByLabel("Per day")).toHaveAccessibleDescription("Plan: 40,000");

  await form.getByLabel("Per day").fill("3000");
  await expect(form.getByLabel("Per day")).toHaveAccessibleDescription(/^Per day.* must be at least Per hour/);
  await expect(form.getByRole("button", { name: "Save settings" })).toBeDisabled();

  await form.getByLabel("Per day").fill("80000");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByText("Saved. The next check uses these settings.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Globex ${uid}` })).toContainText("Per day 80,000");
  expect(await api.getCustomer(customer.id)).toMatchObject({ planId: `plus-${uid}`, overrides: { perDay: 80000 } });
});

test("a customer's limits now say which alert thresholds its use reached; its own thresholds replace the plan's", async ({
  page,
  api,
  uid,
  signIn,
}) => {
  await api.createPlan(`alerting-${uid}`, { perMinute: null, perHour: null, perDay: 10, alerts: [50, 100] });
  const customer = await api.createCustomer(`Hooli ${uid}`, `alerting-${uid}`);
  const { key } = await api.createKey(customer.id);
  expect(await api.check(await api.serviceToken(`svc-${uid}`), key, 5)).toEqual([200, 200, 200, 200, 200]);
  await signIn();
  await openCustomers(page);

  await page.getByRole("button", { name: `Manage Hooli ${uid}` }).click();
  const limits = page.getByRole("region", { name: "Limits now" });
  await expect(limits).toContainText("Alerts: 50 %, 100 %.");
  await expect(limits.getByRole("meter", { name: "Per day used" })).toHaveAttribute("aria-valuetext", "5 of 10 used");
  const reached = limits.getByRole("list", { name: "Alert thresholds of Per day reached" });
  await expect(reached.getByRole("listitem")).toHaveText(["50 % reached"]);

  const form = page.getByRole("form", { name: `Settings of Hooli ${uid}` });
  await expect(form.getByLabel("Alerts")).toHaveAccessibleDescription(/share of a window limit/);
  await form.getByLabel("Alerts").selectOption("own");
  await form.getByLabel("Thresholds").fill("30, 40");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByText("Saved. The next check uses these settings.")).toBeVisible();
  await expect(reached.getByRole("listitem")).toHaveText(["30 % reached", "40 % reached"]);
  expect((await api.getCustomer(customer.id)).overrides).toEqual({ alerts: [30, 40] });
});

test("two admins edit one customer: the second sees theirs beside the current version and applies it over it", async ({
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
  await signIn();
  await openCustomers(page);

  // A second admin, on a phone in a browser of their own, opens the same customer before the first saves.
  const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const second = await other.newPage();
  consoleGuard.watch(second, "second admin");
  await signIn(second);
  await openCustomers(second);
  for (const admin of [page, second]) await admin.getByRole("button", { name: `Manage Initech ${uid}` }).click();
  const first = page.getByRole("form", { name: `Settings of Initech ${uid}` });
  const late = second.getByRole("form", { name: `Settings of Initech ${uid}` });
  await expect(late.getByText("Version 1")).toBeVisible();

  await first.getByLabel("Per day").fill("20000");
  await first.getByRole("button", { name: "Save settings" }).click();
  await expect(first.getByText("Saved. The next check uses these settings.")).toBeVisible();

  consoleGuard.allowStatus(412);
  const patch = second.waitForRequest((r) => r.method() === "PATCH");
  await late.getByLabel("Per hour").fill("2000");
  await late.getByRole("button", { name: "Save settings" }).click();
  expect((await patch).headers()["if-match"]).toBe('"1"');

  // Nothing saved; what they typed stays, beside the current version, and the list behind is current.
  const view = late.getByRole("region", { name: "Someone else changed this customer while you were editing it." });
  await expect(view).toBeFocused();
  const overrides = view.getByRole("row", { name: /^Limit overrides/ });
  await expect(overrides).toContainText("Per hour 2,000, Per day 20,000");
  await expect(overrides).toContainText("Differs");
  await expect(late.getByLabel("Per hour")).toHaveValue("2000");
  await expect(late.getByRole("button", { name: "Save settings" })).toBeDisabled();
  await expect(
    second
      .getByRole("table", { name: "Customers" })
      .getByRole("row")
      .filter({ hasText: `Initech ${uid}` }),
  ).toContainText("Per day 20,000");
  await expectNoPageScroll(second, "the 412 view on a phone");
  await expectNoAxeViolations(second, "the 412 view");
  await snap("customer-settings-stale", second);
  expect(await api.getCustomer(customer.id)).toMatchObject({ overrides: { perDay: 20000 }, version: 2 });

  await view.getByRole("button", { name: "Apply my changes to the current version" }).click();
  await expect(late.getByText("Saved. The next check uses these settings.")).toBeVisible();
  await expect(late.getByLabel("Per day")).toHaveValue("20000");
  await expect(late.getByRole("button", { name: "Save settings" })).toBeFocused();
  expect(await api.getCustomer(customer.id)).toMatchObject({ overrides: { perHour: 2000, perDay: 20000 }, version: 3 });
  await other.close();
});

test("a double click on Make API key makes one key, the one shown", async ({ page, api, uid, signIn }) => {
  await api.createPlan(`double-${uid}`);
  const customer = await api.createCustomer(`Double Co ${uid}`, `double-${uid}`);
  await signIn();
  await openCustomers(page);
  await page.getByLabel("Search customers").fill(customer.id);
  await page.getByRole("button", { name: `Manage Double Co ${uid}` }).click();
  let made = 0;
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname === `/v1/customers/${customer.id}/keys`) made++;
  });
  await page.getByRole("button", { name: "Make API key" }).dblclick();
  const dialog = page.getByRole("dialog", { name: `New API key for Double Co ${uid}` });
  const key = await dialog.getByLabel("New API key").inputValue();
  await dialog.getByRole("button", { name: "I have saved the key" }).click();
  const keys = page.getByRole("table", { name: `API keys of Double Co ${uid}` });
  await expect(keys.getByRole("row")).toHaveCount(2);
  await expect(keys).toContainText(key.slice(0, 8));
  expect(made).toBe(1);
});
