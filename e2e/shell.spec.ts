// The console's shell: the Theme control (System follows the system's colour scheme, Light and Dark override it and
// survive a reload, applied before the app runs), every page in both themes at a laptop's width and a phone's
// (axe, WCAG 2 A and AA, nothing excluded; no sideways scroll), and the store status dot and banner fed by /readyz.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoPageScroll, expectSound } from "./page-checks";

// The page's background in each theme (--bg in web/src/styles.css).
const BACKGROUND = { light: "rgb(245, 246, 248)", dark: "rgb(15, 17, 21)" } as const;

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe("the Theme control", () => {
  test("System follows the system's scheme; Light and Dark override it and survive a reload", async ({
    page,
    signIn,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    const theme = page.getByLabel("Theme");
    await expect(theme).toHaveValue("system");
    expect(await background(page)).toBe(BACKGROUND.dark);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background(page)).toBe(BACKGROUND.light);

    // Dark while the system is light, kept across a reload.
    await theme.selectOption({ label: "Dark" });
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await background(page)).toBe(BACKGROUND.dark);
    await page.reload();
    await expect(page.getByLabel("Theme")).toHaveValue("dark");
    expect(await background(page)).toBe(BACKGROUND.dark);

    // The same choice in the console's header once signed in; Light while the system is dark.
    await signIn();
    await page.emulateMedia({ colorScheme: "dark" });
    const header = page.getByRole("banner");
    await expect(header.getByLabel("Theme")).toHaveValue("dark");
    await header.getByLabel("Theme").selectOption({ label: "Light" });
    expect(await background(page)).toBe(BACKGROUND.light);
    await page.reload();
    await expect(header.getByLabel("Theme")).toHaveValue("light");
    expect(await background(page)).toBe(BACKGROUND.light);

    // Back to System: the system's scheme rules again, and nothing is kept.
    await header.getByLabel("Theme").selectOption({ label: "System" });
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.*/);
    expect(await background(page)).toBe(BACKGROUND.dark);
    expect(await page.evaluate(() => localStorage.getItem("bouncer.theme"))).toBeNull();

    // And on the customer page.
    await page.goto("/usage");
    await page.getByLabel("Theme").selectOption({ label: "Light" });
    expect(await background(page)).toBe(BACKGROUND.light);
  });

  test("a saved theme applies before the app's script runs, so the first paint is already in it", async ({
    browser,
    baseURL,
  }) => {
    // A context of its own: the app's bundle is refused here, which the console logs as an error.
    const context = await browser.newContext({ baseURL, colorScheme: "light" });
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.addInitScript(() => localStorage.setItem("bouncer.theme", "dark"));
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await page.locator("#root").innerHTML()).toBe("");
    expect(await background(page)).toBe(BACKGROUND.dark);
    await context.close();
  });
});

for (const width of [1280, 390] as const) {
  for (const scheme of ["light", "dark"] as const) {
    test.describe(`at ${width} px in ${scheme}`, () => {
      test.use({ viewport: { width, height: width === 390 ? 844 : 800 }, colorScheme: scheme });

      test("every page passes axe and does not scroll sideways", async ({ page, api, uid, signIn, snap }) => {
        // Eight pages, each scanned whole by axe: about a minute on two cores, more on a busy machine.
        test.setTimeout(180_000);
        await api.createPlan(`shell-${uid}`, { name: `Shell ${uid}`, burst: 10, perMinute: 5, perDay: 5000 });
        const customer = await api.createCustomer(`Shell Co ${uid}`, `shell-${uid}`);
        const { key } = await api.createKey(customer.id);
        await api.check(await api.serviceToken(`svc-${uid}`), key, 7);

        await page.goto("/");
        expect(await background(page)).toBe(BACKGROUND[scheme]);
        await expect(page.getByRole("heading", { name: "Sign in to the admin console" })).toBeVisible();
        await expectSound(page, "sign-in");

        await signIn();
        await expect(page.getByRole("status").filter({ hasText: "Stores answering" })).toBeVisible();
        const nav = page.getByRole("navigation", { name: "Admin console" });
        for (const [link, heading] of [
          ["Plans", "Plans"],
          ["Customers", "Customers"],
          ["Tokens", "Tokens"],
          ["Live", "Live"],
          ["Webhooks", "Webhooks"],
          ["Audit", "Audit log"],
        ] as const) {
          await nav.getByRole("link", { name: link }).click();
          await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
          await expect(page.locator(".spinner")).toHaveCount(0);
          await expectSound(page, link);
          await snap(`shell-${link.toLowerCase()}-${width}-${scheme}`);
        }

        // The forms too: a plan's, and an open customer's with its keys and daily chart.
        await nav.getByRole("link", { name: "Plans" }).click();
        await page.getByRole("button", { name: "New plan" }).click();
        await expect(page.getByLabel("Per minute")).toBeVisible();
        await expectSound(page, "the new plan form");
        await nav.getByRole("link", { name: "Customers" }).click();
        await page.getByRole("button", { name: `Manage Shell Co ${uid}` }).click();
        await expect(page.getByRole("figure", { name: `Checks of Shell Co ${uid} day by day` })).toBeVisible();
        await expectSound(page, "an open customer");
        await snap(`shell-customer-${width}-${scheme}`);

        await page.goto("/usage");
        await page.getByLabel("API key").fill(key);
        await page.getByRole("button", { name: "Show my usage" }).click();
        await expect(page.getByRole("heading", { name: `Shell ${uid} plan` })).toBeVisible();
        // Both charts' tables open (the daily chart loads after the hour's), so their rows are scanned too.
        const showAsTable = page.getByText("Show as table");
        await expect(showAsTable).toHaveCount(2);
        for (const summary of await showAsTable.all()) await summary.click();
        await expect(page.getByRole("table", { name: "Your checks per minute" })).toBeVisible();
        await expect(page.getByRole("table", { name: "Your checks day by day" })).toContainText("7");
        await expectSound(page, "/usage");
        await snap(`shell-usage-${width}-${scheme}`);
      });
    });
  }
}

test.describe("pages", () => {
  test("each page names itself in the tab's title", async ({ page, signIn }) => {
    await signIn();
    await expect(page).toHaveTitle("Plans · Bouncer");
    for (const name of ["Customers", "Live", "Webhooks", "Tokens", "Audit"]) {
      await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name }).click();
      await expect(page).toHaveTitle(`${name} · Bouncer`);
    }
    await page.goto("/usage");
    await expect(page).toHaveTitle("Your API usage · Bouncer");
  });

  test("names and ids as long as the API takes, with no space, break rather than widen a phone's page", async ({
    phone,
    api,
    uid,
    signIn,
  }) => {
    const planId = `long-${uid}`.padEnd(63, "x");
    const planName = `Plan${uid}`.padEnd(100, "N");
    const customerName = `Customer${uid}`.padEnd(100, "C");
    await api.createPlan(planId, { name: planName, perMinute: 60, perDay: 1000 });
    const customer = await api.createCustomer(customerName, planId);
    const { key } = await api.createKey(customer.id);
    await signIn(phone);
    const nav = phone.getByRole("navigation", { name: "Admin console" });
    await phone.getByRole("button", { name: `Edit ${planName}` }).click();
    await expect(phone.getByRole("textbox", { name: "Per minute" })).toBeVisible();
    await expectNoPageScroll(phone, "a plan's form");
    await nav.getByRole("link", { name: "Customers" }).click();
    await phone.getByRole("button", { name: `Manage ${customerName}` }).click();
    await expect(phone.getByRole("button", { name: `Close ${customerName}` })).toBeVisible();
    await expectNoPageScroll(phone, "an open customer");
    await nav.getByRole("link", { name: "Live" }).click();
    await expect(phone.getByRole("article", { name: `Usage of ${customerName}` })).toBeVisible();
    await expectNoPageScroll(phone, "Live");
    await phone.goto("/usage");
    await phone.getByLabel("API key").fill(key);
    await phone.getByRole("button", { name: "Show my usage" }).click();
    await expect(phone.getByRole("heading", { name: `${planName} plan` })).toBeVisible();
    await expectNoPageScroll(phone, "/usage");
  });

  test("a page whose code cannot be fetched says so inside the console, and Reload brings it", async ({
    page,
    request,
    signIn,
    consoleGuard,
  }) => {
    await signIn();
    // The server went away, or an update replaced the file this tab knew: the page's script does not load.
    consoleGuard.allowText(/Failed to load resource|Failed to fetch dynamically imported module/);
    await page.route("**/assets/tokens-page-*.js", (route) => route.abort());
    const nav = page.getByRole("navigation", { name: "Admin console" });
    await nav.getByRole("link", { name: "Tokens" }).click();
    await expect(page.getByRole("alert")).toContainText("This page could not be loaded");
    // The console's frame stays: its navigation still leads elsewhere.
    await nav.getByRole("link", { name: "Plans" }).click();
    await expect(page.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();
    await nav.getByRole("link", { name: "Tokens" }).click();
    await page.unroute("**/assets/tokens-page-*.js");
    await page.getByRole("button", { name: "Reload" }).click();
    await expect(page.getByRole("heading", { name: "Tokens", level: 1 })).toBeVisible();

    // A built file that is not there is a 404, never the console's page taken for a script.
    const gone = await request.get("/assets/tokens-page-00000000.js");
    expect(gone.status()).toBe(404);
  });

  test("a page whose code failed while the server was down comes by itself once it answers, and so do the others", async ({
    page,
    signIn,
    consoleGuard,
  }) => {
    await signIn();
    // The server goes away: no file and no /healthz answer. Webhooks' code, and the chunks it shares with other
    // pages, fail; the browser keeps them failed for the life of the tab (audit: Tokens and Customers, never opened
    // during the outage, then failed too until a reload).
    consoleGuard.allowText(/Failed to load resource|Failed to fetch dynamically imported module/);
    await page.route("**/assets/**", (route) => route.abort());
    await page.route("**/healthz", (route) => route.abort());
    const nav = page.getByRole("navigation", { name: "Admin console" });
    await nav.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("alert")).toContainText("This page could not be loaded");
    // The server is back: nothing is pressed.
    await page.unroute("**/assets/**");
    await page.unroute("**/healthz");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await nav.getByRole("link", { name: "Tokens" }).click();
    await expect(page.getByRole("heading", { name: "Tokens", level: 1 })).toBeVisible();
    await nav.getByRole("link", { name: "Customers" }).click();
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  });
});

test.describe("the store status", () => {
  test("a banner and a red dot while /readyz says the counter store is down, gone when it answers again", async ({
    page,
    api,
    uid,
    signIn,
    consoleGuard,
    snap,
  }) => {
    // A plan that limits locally, which the banner names.
    const local = await api.createPlan(`local-${uid}`, { name: `Local ${uid}`, failMode: "local" });
    consoleGuard.allowStatus(503);
    await signIn();
    const dot = page.getByRole("banner").getByRole("status");
    await expect(dot).toHaveText("Stores answering");
    await expect(dot).toHaveClass(/status-ok/);
    const banner = page.getByRole("region", { name: "Store status" });
    await expect(banner).toHaveCount(0);

    // The e2e server's memory store never goes down: answer as the server does when Redis does not answer
    // (api/src/routes/health.ts), with the real answer's headers and request id.
    await page.route("**/readyz", async (route) => {
      const real = await route.fetch();
      const requestId = real.headers()["x-request-id"] ?? "";
      await route.fulfill({
        response: real,
        status: 503,
        json: {
          error: { code: "store_unavailable", message: "not answering: counter store", requestId },
          configStore: "ok",
          counterStore: "down",
        },
      });
    });
    await expect(dot).toHaveText("Counter store down");
    await expect(dot).toHaveClass(/status-down/);
    await expect(banner).toContainText("The counter store is not answering.");
    await expect(banner).toContainText(
      "Plans that fail open are allowing every check, without counting it; plans that fail closed (metered) are answering 503 to every check.",
    );
    await expect(banner).toContainText(
      "are holding each customer to this server's share of what the customer had left; what they allow is added to the counts when the store is back.",
    );
    await expect(banner).toContainText(new RegExp(`Plans that limit locally \\(.*${local.name}.*\\) are holding`));
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectSound(page, `the banner in ${scheme}`);
      await snap(`shell-banner-${scheme}`);
    }

    await page.unroute("**/readyz");
    await expect(dot).toHaveText("Stores answering");
    await expect(banner).toHaveCount(0);
  });
});

test.describe("at a tablet's 768 px", () => {
  test.use({ viewport: { width: 768, height: 700 } });

  test("every link of the nav shows, none of them scrolled out of sight", async ({ page, signIn }) => {
    await signIn();
    const nav = page.getByRole("navigation", { name: "Admin console" });
    for (const link of ["Plans", "Customers", "Live", "Webhooks", "Tokens", "Audit"]) {
      const box = await nav.getByRole("link", { name: link }).boundingBox();
      const shown = await nav.evaluate((el) => el.getBoundingClientRect());
      expect(box, link).not.toBeNull();
      // Inside the nav's own box and the window: a link past either is reached only by scrolling the strip.
      expect((box?.x ?? 0) + (box?.width ?? 0), link).toBeLessThanOrEqual(Math.min(shown.right, 768) + 0.5);
    }
  });
});
