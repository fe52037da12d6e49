// The API reference at /docs renders in the browser from this server alone, with nothing blocked or broken.
import { expect, test } from "./fixtures";

test("shows every section of the API, offline and within the page's security policy", async ({ page, snap }) => {
  const outside: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(test.info().project.use.baseURL ?? "")) outside.push(request.url());
  });
  await page.goto("/docs");
  const sections = page.getByRole("navigation").first();
  for (const section of ["Check", "Usage", "Plans", "Customers", "API keys", "Tokens", "Audit"]) {
    await expect(page.getByText(section, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText("Check and count one request").first()).toBeVisible();
  await expect(sections).toBeVisible();
  expect(outside).toEqual([]);
  await snap("docs");
});
