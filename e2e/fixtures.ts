// The e2e fixtures: unique ids per test, the admin API, pages that fail the test on any console error,
// a phone-sized page, sign-in, and screenshots into the output directory.
import { type Browser, test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { AdminApi } from "./admin-api";
import { ADMIN_TOKEN } from "./admin-token";

/** Console errors of a page; a test may expect the browser's own line for an HTTP error status it provokes. */
class ConsoleGuard {
  readonly errors: string[] = [];
  private readonly allowed = new Set<number>();

  private readonly allowedText: RegExp[] = [];

  allowStatus(...statuses: number[]) {
    for (const status of statuses) this.allowed.add(status);
  }

  /** Errors whose words a test provokes on purpose (a file it keeps from loading). */
  allowText(pattern: RegExp) {
    this.allowedText.push(pattern);
  }

  watch(page: Page, label: string) {
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const status = message.text().match(/the server responded with a status of (\d{3})/)?.[1];
      if (status && this.allowed.has(Number(status))) return;
      if (this.allowedText.some((pattern) => pattern.test(message.text()))) return;
      this.errors.push(`${label}: ${message.text()}`);
    });
    page.on("pageerror", (error) => this.errors.push(`${label}: ${error.message}`));
  }
}

type Fixtures = {
  uid: string;
  api: AdminApi;
  consoleGuard: ConsoleGuard;
  /** The customer page's size: a 390 × 844 phone. */
  phone: Page;
  signIn: (page?: Page) => Promise<void>;
  /** A full-page screenshot; a page with a modal open is taken as the viewport shows it. */
  snap: (name: string, page?: Page) => Promise<void>;
};

async function newPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  return { context, page: await context.newPage() };
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  uid: async ({}, use, testInfo: TestInfo) => {
    // Lowercase, so it is also a valid plan id; the worker and the time keep parallel runs apart.
    const random = Math.random().toString(36).slice(2, 6);
    await use(`w${testInfo.workerIndex}-${Date.now().toString(36)}-${random}`);
  },

  api: async ({ request }, use) => {
    await use(new AdminApi(request, ADMIN_TOKEN));
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  consoleGuard: async ({}, use) => {
    const guard = new ConsoleGuard();
    await use(guard);
    expect(guard.errors, "the browser console logged errors").toEqual([]);
  },

  page: async ({ page, consoleGuard }, use) => {
    consoleGuard.watch(page, "desktop");
    await use(page);
  },

  phone: async ({ browser, baseURL, consoleGuard }, use) => {
    const { context, page } = await newPhone(browser, baseURL);
    consoleGuard.watch(page, "phone");
    await use(page);
    await context.close();
  },

  signIn: async ({ page }, use) => {
    await use(async (target = page) => {
      await target.goto("/");
      await target.getByLabel("Token").fill(ADMIN_TOKEN);
      await target.getByRole("button", { name: "Sign in" }).click();
      await expect(target.getByRole("navigation", { name: "Admin console" })).toBeVisible();
    });
  },

  snap: async ({ page }, use, testInfo) => {
    await use(async (name, target = page) => {
      // Let fonts, bars and charts settle so the picture shows what a user sees.
      await target.evaluate(() => document.fonts.ready);
      // A full-page capture resizes the page under an open modal, which then draws where no user sees it.
      const modal = await target.locator("dialog[open]").count();
      await target.screenshot({
        path: testInfo.outputPath(`${name}.png`),
        fullPage: modal === 0,
        animations: "disabled",
      });
    });
  },
});

export { expect };
