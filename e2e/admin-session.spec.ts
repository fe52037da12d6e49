// Signing in to the admin console, moving between its sections, and signing out.
import { ADMIN_TOKEN } from "./admin-token";
import { expect, test } from "./fixtures";
import { tabTo } from "./page-checks";

test("signs in with the admin token, keeps it out of the URL and localStorage, and signs out", async ({
  page,
  consoleGuard,
  snap,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sign in to the admin console" })).toBeVisible();
  // Where the first token comes from, and where the next ones are made.
  const main = page.getByRole("main");
  await expect(main).toContainText("the value of the ADMIN_TOKEN environment variable this server was started with");
  await expect(main).toContainText(
    "service tokens for your backends to call the check with, on the console's Tokens page",
  );
  await snap("sign-in");

  consoleGuard.allowStatus(401);
  await page.getByLabel("Token").fill("not-a-token");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("This token is not valid.");
  await snap("sign-in-wrong-token");

  await page.getByLabel("Token").fill(ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  const nav = page.getByRole("navigation", { name: "Admin console" });
  await expect(nav).toBeVisible();
  await expect(page.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();

  expect(page.url()).not.toContain(ADMIN_TOKEN);
  const stored = await page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
  expect(stored.local).not.toContain(ADMIN_TOKEN);
  expect(stored.session).toContain(ADMIN_TOKEN);

  for (const [link, heading] of [
    ["Customers", "Customers"],
    ["Live", "Live"],
    ["Audit", "Audit log"],
    ["Plans", "Plans"],
  ] as const) {
    await nav.getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
    await snap(`section-${link.toLowerCase()}`);
  }

  // The session survives a reload of the tab.
  await page.reload();
  await expect(nav).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("Token")).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(ADMIN_TOKEN);
});

test("signs in and out by keyboard alone, the focus never left on the page's body", async ({ page, consoleGuard }) => {
  const focused = () => page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? "none");
  await page.goto("/");
  const token = page.getByLabel("Token");
  await tabTo(page, token, 8);

  consoleGuard.allowStatus(401);
  await page.keyboard.type("not-a-token");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("This token is not valid.");
  expect(await focused()).not.toBe("body");

  await token.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(ADMIN_TOKEN);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();
  expect(await focused()).not.toBe("body");

  const signOut = page.getByRole("button", { name: "Sign out" });
  await tabTo(page, signOut, 15);
  await page.keyboard.press("Enter");
  await expect(token).toBeVisible();
  expect(await focused()).not.toBe("body");
});
