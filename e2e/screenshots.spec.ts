// A picture of every page in the light and the dark theme, with data a small business would have. `npm run
// screenshots` writes them to docs/screenshots/ for the README; in the test run they go to the output directory,
// and each page must still show what the picture is of.
import { fileURLToPath } from "node:url";
import { ADMIN_TOKEN } from "./admin-token";
import { expect, test } from "./fixtures";

const THEMES = ["light", "dark"] as const;
const DOCS = fileURLToPath(new URL("../docs/screenshots/", import.meta.url));

test("every page in the light and the dark theme", async ({ browser, baseURL, api, uid, consoleGuard }, testInfo) => {
  // Three plans, two customers with traffic, one of them past its burst: made once, pictured in each theme.
  await api.createPlan(`free-${uid}`, { name: "Free", burst: 10, perMinute: 10, perHour: 100, perDay: 500 });
  await api.createPlan(`pro-${uid}`, { name: "Pro", burst: 100, perMinute: 600, perHour: 20000 });
  await api.createPlan(`metered-${uid}`, {
    name: "Metered",
    perMinute: 120,
    perDay: 10000,
    failMode: "closed",
    localShare: 50,
  });
  const acme = await api.createCustomer("Acme Ltd", `pro-${uid}`);
  const initech = await api.createCustomer("Initech", `free-${uid}`);
  const service = await api.serviceToken(`billing-${uid}`);
  const acmeKey = (await api.createKey(acme.id)).key;
  const initechKey = (await api.createKey(initech.id)).key;
  await api.check(service, acmeKey, 40);
  // An endpoint nothing listens at: its test event shows a delivery waiting for its next try.
  const hook = await api.createWebhook(`http://127.0.0.1:9/billing-${uid}`);
  await api.testWebhook(hook.id);

  for (const theme of THEMES) {
    const context = await browser.newContext({ baseURL, colorScheme: theme, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    consoleGuard.watch(page, theme);
    const shoot = async (name: string) => {
      await page.evaluate(() => document.fonts.ready);
      const file = `${name}-${theme}.png`;
      const path = process.env.UPDATE_SCREENSHOTS ? `${DOCS}${file}` : testInfo.outputPath(file);
      await page.screenshot({ path, fullPage: (await page.locator("dialog[open]").count()) === 0 });
    };

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in to the admin console" })).toBeVisible();
    await shoot("sign-in");
    await page.getByLabel("Token").fill(ADMIN_TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
    await shoot("plans");
    await page.locator(`[data-plan-edit="free-${uid}"]`).click();
    await expect(page.getByRole("heading", { name: "Traffic simulator" })).toBeVisible();
    await expect(page.getByText(/^Of 7,400 requests/)).toBeVisible();
    await shoot("plan-form");

    const nav = page.getByRole("navigation", { name: "Admin console" });
    await nav.getByRole("link", { name: "Customers" }).click();
    await page.getByLabel("Search customers").fill(acme.id);
    await page.getByRole("button", { name: "Manage Acme Ltd" }).click();
    await expect(page.getByRole("form", { name: "Settings of Acme Ltd" }).getByLabel("Name")).toHaveValue("Acme Ltd");
    await shoot("customers");

    await nav.getByRole("link", { name: "Tokens" }).click();
    await expect(page.getByRole("cell", { name: `billing-${uid}` })).toBeVisible();
    await shoot("tokens");

    // Initech spends its burst while Live is open, so Live shows it denied now. Its bucket gets a request back 6 s
    // later, which a loaded machine can let pass before Live's next refresh (every 1.5 s): then it spends it again.
    await nav.getByRole("link", { name: "Live" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Live" })).toBeVisible();
    await expect(async () => {
      expect((await api.check(service, initechKey, 12)).at(-1)).toBe(429);
      await expect(page.getByText("Denied now by Burst").first()).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await shoot("live");

    await nav.getByRole("link", { name: "Webhooks" }).click();
    await page.getByRole("button", { name: `Deliveries to ${hook.url}` }).click();
    await expect(
      page.getByRole("table", { name: `Deliveries to ${hook.url}` }).getByText("webhook.test"),
    ).toBeVisible();
    await shoot("webhooks");

    await nav.getByRole("link", { name: "Audit" }).click();
    await expect(page.getByRole("table", { name: "Audit log" })).toBeVisible();
    await shoot("audit");

    await page.goto("/usage");
    await page.getByLabel("API key").fill(acmeKey);
    await page.getByRole("button", { name: "Show my usage" }).click();
    await expect(page.getByRole("heading", { name: "Pro plan" })).toBeVisible();
    await shoot("usage");
    await context.close();
  }
});
