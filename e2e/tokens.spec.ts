// The Tokens page: make a service token shown once in a modal dialog with a copy button, see it listed, revoke it
// after a confirmation, the same by keyboard alone, at a laptop's width and a phone's.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, expectNoPageScroll, tabTo } from "./page-checks";

/** The status of one check made with `token` as the bearer, for a customer's key. */
async function checkWith(request: APIRequestContext, token: string, key: string) {
  const response = await request.post("/v1/check", {
    headers: { Authorization: `Bearer ${token}` },
    data: { key, cost: 1 },
  });
  return response.status();
}

async function openTokens(page: Page) {
  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Tokens" }).click();
  await expect(page.getByRole("heading", { name: "Tokens", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/tokens$/);
}

/** A customer with a key, for checks made with the tokens under test. */
async function customerKey(api: import("./admin-api").AdminApi, uid: string) {
  await api.createPlan(`tok-${uid}`, { perMinute: 100, perHour: 1000 });
  const customer = await api.createCustomer(`Token Co ${uid}`, `tok-${uid}`);
  return (await api.createKey(customer.id)).key;
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 }, hasTouch: width === 390 });

    test("makes a service token shown once in a dialog, lists it, and revokes it", async ({
      page,
      context,
      request,
      api,
      uid,
      signIn,
      snap,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const key = await customerKey(api, uid);
      const name = `billing-${width}-${uid}`;
      await signIn();
      await openTokens(page);
      await expectNoPageScroll(page, "the Tokens page");

      const form = page.getByRole("form", { name: "New token" });
      await form.getByRole("button", { name: "Make token" }).click();
      await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Name must not be empty");
      await expect(form.getByLabel("Name")).toBeFocused();
      await form.getByLabel("Name").fill(name);
      await expect(form.getByLabel("Role")).toHaveValue("service");
      await form.getByLabel("Role").selectOption("service");
      await form.getByRole("button", { name: "Make token" }).click();

      const dialog = page.getByRole("dialog", { name: `New service token “${name}”` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("You will not see it again")).toBeVisible();
      const shown = dialog.getByLabel("New token");
      await expect(shown).toBeFocused();
      await expect(shown).toHaveValue(/^qt_/);
      const token = await shown.inputValue();
      await expectNoPageScroll(page, "the new token's dialog");
      await snap(`tokens-new-token-${width}`);
      await expectNoAxeViolations(page, "the new token's dialog");

      // The dialog is modal and stays until dismissed: Escape does not close it, and the page behind takes no clicks.
      expect(await page.locator("dialog[open]").evaluate((el) => el.matches(":modal"))).toBe(true);
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible();
      const plansLink = page.locator(".nav a", { hasText: "Plans" });
      const box = await plansLink.boundingBox();
      if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(page).toHaveURL(/\/tokens$/);
      // Back is held too: the console stays on Tokens with the token shown.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            addEventListener("popstate", () => setTimeout(resolve, 200), { once: true });
            history.back();
          }),
      );
      await expect(page).toHaveURL(/\/tokens$/);
      await expect(page.locator("h1")).toHaveText("Tokens");
      await expect(shown).toHaveValue(token);

      await dialog.getByRole("button", { name: "Copy token" }).click();
      await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

      // The token works as a service token while the dialog is up.
      expect(await checkWith(request, token, key)).toBe(200);

      await dialog.getByRole("button", { name: "I have saved the token" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(token)).toHaveCount(0);
      await expect(form.getByLabel("Name")).toBeFocused();

      const table = page.getByRole("table", { name: "Tokens" });
      const row = table.getByRole("row").filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Service");
      await expect(row).toContainText("Active");
      await expectNoPageScroll(page, "the Tokens page with the token listed");
      if (width === 1280) {
        // On a laptop the table fits its box: no Revoke button or time is cut off. A phone scrolls it in its box.
        const fits = await page
          .locator(".table-wrap", { has: table })
          .evaluate((el) => el.scrollWidth <= el.clientWidth);
        expect(fits, "the tokens table is clipped").toBe(true);
      }
      // The table scrolls, if it must, in its own named box that a keyboard can reach.
      const tableBox = page.locator(".table-wrap", { has: table });
      await expect(tableBox).toHaveAttribute("tabindex", "0");
      await expect(tableBox).toHaveAccessibleName("Tokens table");
      await expectNoAxeViolations(page, "the Tokens page");
      await snap(`tokens-list-${width}`);

      await row.getByRole("button", { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole("dialog", { name: `Revoke token “${name}”?` });
      await expect(confirm).toContainText("refused from now on");
      await expectNoPageScroll(page, "the revoke dialog");
      await confirm.getByRole("button", { name: "Revoke token" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(row).toContainText("Revoked");
      await expect(row.getByRole("button", { name: `Revoke ${name}` })).toHaveCount(0);
      await expect(page.getByText(`Token “${name}” was revoked.`)).toBeVisible();
      await expectNoPageScroll(page, "the Tokens page with the token revoked");

      expect(await checkWith(request, token, key)).toBe(401);
    });

    test("makes a token and revokes it by keyboard alone", async ({ page, context, request, api, uid, signIn }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const key = await customerKey(api, uid);
      const name = `keyboard-${width}-${uid}`;
      await signIn();
      await openTokens(page);

      const form = page.getByRole("form", { name: "New token" });
      const nameField = form.getByLabel("Name");
      await tabTo(page, nameField);
      await page.keyboard.type(name);
      await page.keyboard.press("Tab");
      await expect(form.getByLabel("Role")).toBeFocused();
      await expect(form.getByLabel("Role")).toHaveValue("service");
      await page.keyboard.press("Tab");
      await expect(form.getByRole("button", { name: "Make token" })).toBeFocused();
      await page.keyboard.press("Enter");

      // Focus moves into the dialog, onto the token; Tab reaches Copy, then the only way out.
      const dialog = page.getByRole("dialog", { name: `New service token “${name}”` });
      const shown = dialog.getByLabel("New token");
      await expect(shown).toBeFocused();
      const token = await shown.inputValue();
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: "Copy token" })).toBeFocused();
      await page.keyboard.press("Space");
      await expect(dialog.getByRole("button", { name: "Copied" })).toBeFocused();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      await page.keyboard.press("Tab");
      const saved = dialog.getByRole("button", { name: "I have saved the token" });
      await expect(saved).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible();
      await saved.focus();
      await expect(saved).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(dialog).toHaveCount(0);
      await expect(nameField).toBeFocused();
      expect(await checkWith(request, token, key)).toBe(200);

      // Revoke: Escape cancels and gives focus back to the button; the second time it is confirmed.
      const revoke = page.getByRole("button", { name: `Revoke ${name}` });
      await tabTo(page, revoke, 200);
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("dialog", { name: `Revoke token “${name}”?` });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(confirm).toHaveCount(0);
      await expect(revoke).toBeFocused();
      expect(await checkWith(request, token, key)).toBe(200);

      await page.keyboard.press("Space");
      await expect(confirm).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(confirm.getByRole("button", { name: "Revoke token" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(confirm).toHaveCount(0);
      const notice = page.getByText(`Token “${name}” was revoked.`);
      await expect(notice).toBeVisible();
      // Focus lands on the notice, not on <body>: the Revoke button it was on is gone.
      expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("was revoked");
      const row = page.getByRole("table", { name: "Tokens" }).getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("Revoked");
      expect(await checkWith(request, token, key)).toBe(401);
    });
  });
}
