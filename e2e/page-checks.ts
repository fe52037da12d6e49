// Checks the specs make of any page: nothing scrolls the page sideways, axe (WCAG 2 A and AA) finds no violation,
// and an element is reached by Tab alone.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** The page is no wider than the viewport: nothing scrolls the whole page sideways. */
export async function expectNoPageScroll(page: Page, where: string) {
  const { scrollWidth, width, widest } = await page.evaluate(() => {
    // The deepest elements reaching past the right edge, so a failure says what is too wide.
    const past = [...document.body.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const widest = past
      .filter((el) => !past.some((other) => other !== el && el.contains(other)))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, widest };
  });
  expect(scrollWidth, `${where} at ${width} px scrolls sideways: ${widest.join("; ")}`).toBeLessThanOrEqual(width);
}

export async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(", ")}`);
  expect(found, `axe on ${where}`).toEqual([]);
}

/** Both checks above, once the fonts have loaded and the page's widths are final. */
export async function expectSound(page: Page, where: string) {
  await page.evaluate(() => document.fonts.ready);
  await expectNoPageScroll(page, where);
  await expectNoAxeViolations(page, where);
}

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `most` presses. */
export async function tabTo(page: Page, target: Locator, most = 40) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}
