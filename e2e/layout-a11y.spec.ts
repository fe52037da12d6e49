// Every page at a laptop's width and a phone's: no horizontal page scroll, wide tables scroll inside their own
// focusable, named box, a skip link first, and an axe scan (WCAG 2 A and AA) with no violations.
import type { Page } from "@playwright/test";
import { ADMIN_TOKEN } from "./admin-token";
import { expect, test } from "./fixtures";
import { expectSound } from "./page-checks";

const WIDTHS = [1280, 390] as const;

/** Each table's scroll box holds all of its table, and can be reached and named for keyboard scrolling. */
async function expectTablesScrollInTheirBox(page: Page) {
  for (const wrap of await page.locator(".table-wrap").all()) {
    await expect(wrap).toHaveAttribute("tabindex", "0");
    await expect(wrap).toHaveAccessibleName(/.+/);
  }
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test("sign-in has its content in landmarks and a sound layout", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("main")).toContainText("Sign in to the admin console");
      await expectSound(page, "sign-in");
    });

    test("the admin pages do not scroll sideways and pass axe", async ({ page, api, uid, signIn, snap }) => {
      await api.createPlan(`wide-${uid}`, {
        name: `A plan with a rather long name ${uid}`,
        burst: 120,
        perMinute: 60,
        perHour: 1000,
        perDay: 20000,
      });
      const customer = await api.createCustomer(`Initech Global Holdings ${uid}`, `wide-${uid}`);
      const revoked = await api.createKey(customer.id);
      await api.createKey(customer.id);
      const response = await page.request.delete(`/v1/keys/${revoked.id}`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(response.status()).toBe(204);

      await signIn();
      // On a page load the skip link is the first thing a keyboard reaches, and moves focus to the main landmark.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();

      const nav = page.getByRole("navigation", { name: "Admin console" });
      // The nav stays one row: every link shares the first one's top.
      const tops = await nav.getByRole("link").evaluateAll((links) => links.map((l) => l.getBoundingClientRect().top));
      expect(new Set(tops).size, "the nav wraps").toBe(1);

      await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
      await expect(page.getByRole("button", { name: `Edit A plan with a rather long name ${uid}` })).toBeAttached();
      await expectTablesScrollInTheirBox(page);
      await expectSound(page, "Plans");
      await snap(`layout-plans-${width}`);

      await nav.getByRole("link", { name: "Customers" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
      await page.getByRole("button", { name: `Manage Initech Global Holdings ${uid}` }).click();
      const keys = page.getByRole("table", { name: `API keys of Initech Global Holdings ${uid}` });
      await expect(keys.getByText("Revoked", { exact: true })).toBeVisible();
      await expectTablesScrollInTheirBox(page);
      if (width === 1280) {
        // On a laptop the keys table fits its box: no Revoke button or revoked time is cut off.
        const box = page.locator(".table-wrap", { has: keys });
        const fits = await box.evaluate((el) => el.scrollWidth <= el.clientWidth);
        expect(fits, "the keys table is clipped").toBe(true);
      }
      await expectSound(page, "Customers");
      await snap(`layout-customers-${width}`);

      await nav.getByRole("link", { name: "Live" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Live" })).toBeVisible();
      await expect(page.getByRole("article", { name: `Usage of Initech Global Holdings ${uid}` })).toBeVisible();
      await expectSound(page, "Live");
      await snap(`layout-live-${width}`);

      await nav.getByRole("link", { name: "Audit" }).click();
      await expect(page.getByRole("table", { name: "Audit log" })).toBeVisible();
      await expectTablesScrollInTheirBox(page);
      await expectSound(page, "Audit");
      await snap(`layout-audit-${width}`);
    });

    test("the customer page with a key does not scroll sideways and passes axe", async ({ page, api, uid }) => {
      await api.createPlan(`usage-${uid}`, { name: `Usage ${uid}`, burst: 10, perMinute: 5, perDay: 5000 });
      const customer = await api.createCustomer(`Usage Co ${uid}`, `usage-${uid}`);
      const { key } = await api.createKey(customer.id);
      const service = await api.serviceToken(`svc-${uid}`);
      await api.check(service, key, 3);

      await page.goto("/usage");
      await expectSound(page, "the customer page's key form");
      await page.getByLabel("API key").fill(key);
      await page.getByRole("button", { name: "Show my usage" }).click();
      await expect(page.getByRole("heading", { name: `Usage ${uid} plan` })).toBeVisible();
      await expect(page.getByRole("meter", { name: "Burst used" })).toHaveAttribute("aria-valuetext", "3 of 10 used");
      await expectSound(page, "the customer page");
    });
  });
}
