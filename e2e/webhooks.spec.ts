// The Webhooks page against the real server: an endpoint added with an http://127.0.0.1 receiver's URL, its secret
// shown once, a test event delivered to the receiver (signed with that secret, as Standard Webhooks say) and shown
// among its deliveries, sent again with Redeliver, and the endpoint deleted.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { ADMIN_TOKEN } from "./admin-token";
import { expect, test } from "./fixtures";
import { expectSound } from "./page-checks";

type Received = { headers: IncomingHttpHeaders; body: string };

/** A receiver on a free loopback port that answers 200 and keeps what it was sent. */
async function startReceiver(path: string) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The signature Standard Webhooks define: HMAC-SHA256 of id.timestamp.body with the secret's bytes after whsec_. */
const signatureOf = (secret: string, { headers, body }: Received) =>
  `v1,${createHmac("sha256", Buffer.from(secret.replace(/^whsec_/, ""), "base64"))
    .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
    .digest("base64")}`;

test("adds an endpoint, shows its secret once, sends a test that arrives signed, redelivers it and deletes the endpoint", async ({
  page,
  uid,
  signIn,
}) => {
  const receiver = await startReceiver(`hooks-${uid}`);
  try {
    await signIn();
    await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    const form = page.getByRole("form", { name: "New webhook endpoint" });
    await form.getByLabel("Webhook URL").fill(`http://billing.example.com/hooks-${uid}`);
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.getByLabel("Webhook URL")).toHaveAccessibleDescription(/^Use https:\/\//);
    await form.getByLabel("Webhook URL").fill(receiver.url);
    await form.getByRole("button", { name: "Add endpoint" }).click();

    const dialog = page.getByRole("dialog", { name: "New webhook endpoint" });
    const secret = await dialog.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectSound(page, "the new endpoint's secret");
    await dialog.getByRole("button", { name: "I have saved the secret" }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByLabel("Webhook URL")).toBeFocused();
    // Shown once: neither the page nor the API's list has it again.
    await expect(page.locator(`input[value="${secret}"]`)).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
    const listed = await page.request.get("/v1/webhooks", { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    const { webhooks } = (await listed.json()) as { webhooks: { url: string; secret?: string }[] };
    expect(webhooks.find((w) => w.url === receiver.url)).toMatchObject({ events: ["usage.threshold"] });
    expect(JSON.stringify(webhooks)).not.toContain(secret);

    await page.getByRole("button", { name: `Send test to ${receiver.url}` }).click();
    const deliveries = page.getByRole("table", { name: `Deliveries to ${receiver.url}` });
    const row = deliveries.getByRole("row").filter({ hasText: "webhook.test" });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(0)).toHaveText("Delivered", { timeout: 20_000 });
    await expect(row.getByRole("cell").nth(1)).toHaveText("1");
    await expect(row.getByRole("cell").nth(2)).toHaveText("200");
    expect(receiver.received).toHaveLength(1);
    const [test] = receiver.received;
    if (!test) throw new Error("nothing received");
    await expect(row.getByRole("rowheader")).toContainText(String(test.headers["webhook-id"]));
    expect(test.headers["webhook-signature"]).toBe(signatureOf(secret, test));
    expect(JSON.parse(test.body)).toMatchObject({ type: "webhook.test" });
    await expectSound(page, "an endpoint's deliveries");

    // Sent again with the same webhook-id, and delivered again.
    await row.getByRole("button", { name: /^Redeliver webhook\.test/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.received[1]?.headers["webhook-id"]).toBe(test.headers["webhook-id"]);
    await expect(row.getByRole("cell").nth(0)).toHaveText("Delivered");

    await page.getByRole("button", { name: `Delete ${receiver.url}` }).click();
    await page
      .getByRole("dialog", { name: "Delete this endpoint?" })
      .getByRole("button", { name: "Delete endpoint" })
      .click();
    await expect(page.locator(":focus")).toContainText(`Endpoint ${receiver.url} was deleted.`);
    await expect(page.getByRole("button", { name: `Delete ${receiver.url}` })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test("an endpoint another admin deleted leaves the list once a test or a delete of it finds it gone", async ({
  page,
  api,
  uid,
  signIn,
  consoleGuard,
}) => {
  // The test and the delete are answered 404, on purpose.
  consoleGuard.allowStatus(404);
  const urls = [`https://billing.example.com/gone-${uid}`, `https://billing.example.com/gone-too-${uid}`];
  const made = [await api.createWebhook(urls[0] as string), await api.createWebhook(urls[1] as string)];
  await signIn();
  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Webhooks" }).click();
  for (const url of urls) await expect(page.getByRole("button", { name: `Delete ${url}` })).toHaveCount(1);
  const gone = async (id: string) => {
    const deleted = await page.request.delete(`/v1/webhooks/${id}`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(deleted.status()).toBe(204);
  };
  await gone(made[0]?.id as string);
  await page.getByRole("button", { name: `Send test to ${urls[0]}` }).click();
  await expect(page.getByText("The test was not sent.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Delete ${urls[0]}` })).toHaveCount(0);
  await gone(made[1]?.id as string);
  await page.getByRole("button", { name: `Delete ${urls[1]}` }).click();
  await page
    .getByRole("dialog", { name: "Delete this endpoint?" })
    .getByRole("button", { name: "Delete endpoint" })
    .click();
  await expect(page.getByRole("button", { name: `Delete ${urls[1]}` })).toHaveCount(0);
});
