// Checks run through the API move the Live page and the customer page without a reload; a revoked key is refused.
// The Live page reads every customer in one request per refresh, searches and sorts, names the limit that denies,
// marks overridden limits, lists the most denied, and fits a laptop and a phone.
import type { Page, Request } from "@playwright/test";
import { LIVE_REFRESH_MS } from "../web/src/lib/quota";
import { ADMIN_TOKEN } from "./admin-token";
import { expect, test } from "./fixtures";
import { expectNoPageScroll, expectSound } from "./page-checks";

/** The customers the Live list shows, in its order. */
const rowNames = (page: Page) =>
  page
    .getByRole("article", { name: /^Usage of / })
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-label")?.replace("Usage of ", "")));

async function openLive(page: Page) {
  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Live" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Live" })).toBeVisible();
}

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
  await openLive(page);
  // Other tests' customers share this server: search for this one.
  await page.getByLabel("Search customers").fill(`Initech ${uid}`);
  const card = page.getByRole("article", { name: `Usage of Initech ${uid}` });
  const adminBurst = card.getByRole("meter", { name: "Burst used" });
  await expect(adminBurst).toHaveAttribute("aria-valuetext", "0 of 5 used");
  await expect(card).not.toContainText("Denied now");

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

  // No reload: the pages read again on their own; the Live row says in words which limit denies.
  await expect(adminBurst).toHaveAttribute("aria-valuetext", "5 of 5 used");
  await expect(card).toContainText("Denied now by Burst");
  await expect(card.getByText("Denying", { exact: true })).toBeVisible();
  await expect(phoneBurst).toHaveAttribute("aria-valuetext", "5 of 5 used");
  await expect(phone.getByText(/Full again in/)).toBeVisible();
  await expect(phone.getByRole("figure", { name: "Your checks per minute" })).toContainText("5 allowed");
  await expect(phone.getByRole("figure", { name: "Your checks per minute" })).toContainText("2 denied");
  // The chart follows the search: this customer's checks alone.
  const chart = page.getByRole("figure", { name: `Checks of customers matching “Initech ${uid}”` });
  await expect(chart).toContainText("5 allowed");
  await expect(chart).toContainText("2 denied");
  await expect(page.getByRole("region", { name: "Most denied in the last hour" })).toContainText(`Initech ${uid}`);
  await snap("live-after-checks");
  await snap("usage-after-checks", phone);
  // Nothing on the customer page is wider than the phone.
  await expectNoPageScroll(phone, "the customer page on a phone");

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

test("Live makes one API request per refresh, however many customers", async ({ page, api, uid, signIn }) => {
  await api.createPlan(`many-${uid}`, { perMinute: 60 });
  await Promise.all(Array.from({ length: 30 }, (_, i) => api.createCustomer(`Many ${i} ${uid}`, `many-${uid}`)));

  // The page's clock is the test's: a refresh comes when the test moves it, however slow the machine, and the
  // calls of one refresh are all in before the next.
  await page.clock.install();
  const calls: string[] = [];
  let inFlight = 0;
  const apiPath = (request: Request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith("/v1/") ? pathname : undefined;
  };
  page.on("request", (request) => {
    const path = apiPath(request);
    if (path === undefined) return;
    calls.push(path);
    inFlight++;
  });
  const ended = (request: Request) => {
    if (apiPath(request) !== undefined) inFlight--;
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  await signIn();
  await openLive(page);
  await expect(page.getByRole("article", { name: /^Usage of / }).first()).toBeVisible();
  // Paused a minute on (a jump fires each timer due by then once): from here only runFor fires the page's timers.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  await expect.poll(() => inFlight).toBe(0);
  calls.length = 0;
  for (let refresh = 0; refresh < 3; refresh++) {
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/v1/usage");
    await page.clock.runFor(LIVE_REFRESH_MS);
    await answered;
    await expect.poll(() => inFlight).toBe(0);
  }
  // One read per refresh, each of them the one route.
  expect(calls).toEqual(["/v1/usage", "/v1/usage", "/v1/usage"]);
});

for (const width of [1280, 390] as const) {
  test(`search and sort, the denying limit and custom limits at ${width} px`, async ({
    page,
    api,
    uid,
    signIn,
    snap,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // A bucket of 5 refilled one a minute, so what the checks leave stays put while the test looks.
    await api.createPlan(`sorted-${uid}`, { burst: 5, perMinute: 1, perHour: 100, perDay: 1000 });
    const service = await api.serviceToken(`svc-${uid}`);
    const made = await page.request.post("/v1/customers", {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      data: { name: `Alpha ${uid}`, planId: `sorted-${uid}`, overrides: { perDay: 5000 } },
    });
    expect(made.status()).toBe(201);
    const mid = await api.createCustomer(`Mid ${uid}`, `sorted-${uid}`);
    const zeta = await api.createCustomer(`Zeta ${uid}`, `sorted-${uid}`);
    // Mid: its bucket emptied and one check denied. Zeta: one check, and three that ask more than any limit holds.
    expect(await api.check(service, (await api.createKey(mid.id)).key, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    const zetaKey = (await api.createKey(zeta.id)).key;
    expect(await api.check(service, zetaKey, 1)).toEqual([200]);
    for (let i = 0; i < 3; i++) {
      const res = await page.request.post("/v1/check", {
        headers: { Authorization: `Bearer ${service}` },
        data: { key: zetaKey, cost: 6 },
      });
      expect(res.status()).toBe(429);
    }

    await signIn();
    await openLive(page);
    await page.getByLabel("Search customers").fill(uid);
    // Nearest to a limit first (the default): Mid's bucket is empty, Zeta's has 4 of 5, Alpha's is full.
    await expect.poll(() => rowNames(page)).toEqual([`Mid ${uid}`, `Zeta ${uid}`, `Alpha ${uid}`]);
    await page.getByLabel("Sort by").selectOption({ label: "Most denied" });
    await expect.poll(() => rowNames(page)).toEqual([`Zeta ${uid}`, `Mid ${uid}`, `Alpha ${uid}`]);
    await page.getByLabel("Sort by").selectOption({ label: "Name" });
    await expect.poll(() => rowNames(page)).toEqual([`Alpha ${uid}`, `Mid ${uid}`, `Zeta ${uid}`]);
    await page.getByLabel("Search customers").fill(`zeta ${uid}`);
    await expect.poll(() => rowNames(page)).toEqual([`Zeta ${uid}`]);
    await page.getByLabel("Search customers").fill(uid);
    await expect.poll(() => rowNames(page)).toHaveLength(3);

    const midRow = page.getByRole("article", { name: `Usage of Mid ${uid}` });
    await expect(midRow).toContainText("Denied now by Burst");
    await expect(midRow.getByRole("listitem").filter({ hasText: "Burst" })).toContainText("Denying");
    const alphaRow = page.getByRole("article", { name: `Usage of Alpha ${uid}` });
    await expect(alphaRow.getByRole("listitem").filter({ hasText: "Per day" })).toContainText("custom");
    await expect(alphaRow.getByRole("listitem").filter({ hasText: "Per hour" })).not.toContainText("custom");
    await expect(alphaRow).not.toContainText("Denied now");
    const throttled = page.getByRole("region", { name: "Most denied in the last hour" }).getByRole("listitem");
    await expect(throttled).toHaveText([/^Zeta .*3 denied, 1 allowed$/, /^Mid .*1 denied, 5 allowed$/]);

    // The search box and the order are reached by keyboard, in that order.
    await page.getByLabel("Search customers").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Sort by")).toBeFocused();

    await expectSound(page, "Live, searched and sorted");
    await snap(`live-sorted-${width}`);
  });
}
