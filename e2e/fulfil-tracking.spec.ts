import { type Page, expect, test } from "@playwright/test";
import {
  accessTokenOf,
  e2e,
  readOutbox,
  signedIn,
  storeApi,
  storeRequest,
  toastSaying,
  unique,
  uniqueEmail,
} from "./support";

// Fulfilling an order with its tracking (issue 39, major 7): where the store takes a shipment and the
// choice to e-mail with the fulfilment (an extension, X-Order-Fulfilment: docs/contract.md#extensions),
// the order page's Fulfil dialog asks for a carrier, service and tracking number and whether to notify
// the customer; the shipment then shows in the order's Shipments, and the customer's e-mail (when sent)
// names it. Against a store without the extension (the plain store) the dialog offers none of it.

const plainDashboardUrl = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
const plainStoreUrl = process.env.E2E_PLAIN_STORE_URL ?? "";

interface ApiShipment {
  carrier: string;
  service: string;
  tracking_number: string;
  ship_date: string;
}
interface ApiOrder {
  order_number: number;
  fulfilled: boolean;
  shipments: ApiShipment[];
}

/** A paid, unfulfilled API order of a new product, its notifications on, billed to `email`. */
async function paidOrder(token: string, email: string): Promise<number> {
  const product = await storeApi(token, "POST", "/api/v1/products", {
    name: unique("Tracked lamp"),
    price: "20.00",
    options: JSON.stringify([{ metadata: { Size: "S" }, quantity: 5, surcharge: "0" }]),
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const option = (product.body as { options: { key: string }[] }).options[0]!.key;
  const created = await storeApi(token, "POST", "/api/v1/orders", {
    bill_first_name: "Mia",
    bill_last_name: "Okafor",
    bill_street1: "4 Harbour St",
    bill_city: "Portland",
    bill_state: "OR",
    bill_postal_code: "97201",
    bill_country: "US",
    bill_email: email,
    shipping: "7.50",
    tax: "0",
    line_1_product_option: option,
    line_1_quantity: "1",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body as ApiOrder[])[0]!.order_number;
}

async function openFulfil(page: Page, n: number) {
  await page.goto(`/orders/${n}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order #${n}` })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: `Fulfil order #${n}?` });
  // A click before the page has hydrated does nothing: ask until the dialog opens.
  await expect(async () => {
    await page.getByRole("button", { name: "Fulfil", exact: true }).click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return dialog;
}

const shippedMailTo = async (token: string, email: string, n: number) =>
  (await readOutbox(token)).filter((m) => m.to === email && m.subject === `Your order ${n} is on its way`);

test("fulfils with a carrier, service and tracking number, without e-mailing the customer, and shows the shipment", async ({
  page,
  context,
}) => {
  await signedIn(page, e2e.owner, "/orders");
  const token = await accessTokenOf(context);
  const email = uniqueEmail("tracked-quiet");
  const n = await paidOrder(token, email);
  const tracking = unique("1Z", "").toUpperCase();

  const dialog = await openFulfil(page, n);
  await expect(dialog).toContainText(`Your store may e-mail the customer (${email}) that the order is on its way.`);
  const notify = dialog.getByRole("checkbox", { name: "Notify the customer" });
  await expect(notify).toBeChecked();
  await dialog.getByRole("textbox", { name: "Carrier" }).fill("UPS");
  await dialog.getByRole("textbox", { name: "Service" }).fill("Ground");
  // A pasted tab inside it is refused beside its field, and the dialog stays (one at the end is trimmed).
  const trackingField = dialog.getByRole("textbox", { name: "Tracking number" });
  await trackingField.fill(`1Z\t${tracking}`);
  await dialog.getByRole("button", { name: "Fulfil order" }).click();
  await expect(dialog).toContainText("Use letters, digits and punctuation only in the tracking number.");
  await expect(trackingField).toHaveAttribute("aria-invalid", "true");
  await trackingField.fill(tracking);
  await notify.uncheck();
  // The sentence follows the choice.
  await expect(dialog).toContainText(`Your store will not e-mail the customer (${email}) about it.`);
  await dialog.getByRole("button", { name: "Fulfil order" }).click();
  await expect(toastSaying(page, `Fulfilled order #${n}.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Status" })).toContainText("Fulfilled");

  // The shipment, in the page and in the store.
  const shipments = page.getByRole("table", { name: `Shipments of order #${n}` });
  const row = shipments.getByRole("row").filter({ hasText: tracking });
  // Each cell also holds its column's name, shown on a phone (the table stacks: components/ui/table.tsx).
  await expect(row.getByRole("cell")).toContainText(["UPS", "Ground", tracking, /\d{4}/, "$7.50"]);
  const stored = (await storeApi(token, "GET", `/api/v1/orders/${n}`)).body as ApiOrder;
  expect(stored.shipments).toEqual([
    expect.objectContaining({
      carrier: "UPS",
      service: "Ground",
      tracking_number: tracking,
      ship_date: new Date().toISOString().slice(0, 10),
    }),
  ]);
  // On a phone the shipment reads as a card, each value named, and nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toContainText("Tracking number");
  await expect(row.getByText(tracking, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // No "on its way" e-mail went (the confirmation of the order did).
  expect(await shippedMailTo(token, email, n)).toEqual([]);
  expect((await readOutbox(token)).some((m) => m.to === email)).toBe(true);
});

test("with Notify the customer ticked, the customer's e-mail names the carrier and the tracking number", async ({
  page,
  context,
}) => {
  await signedIn(page, e2e.owner, "/orders");
  const token = await accessTokenOf(context);
  const email = uniqueEmail("tracked-told");
  const n = await paidOrder(token, email);
  const tracking = unique("94001", "").toUpperCase();

  const dialog = await openFulfil(page, n);
  await dialog.getByRole("textbox", { name: "Carrier" }).fill("USPS");
  await dialog.getByRole("textbox", { name: "Tracking number" }).fill(tracking);
  await expect(dialog.getByRole("checkbox", { name: "Notify the customer" })).toBeChecked();
  await dialog.getByRole("button", { name: "Fulfil order" }).click();
  await expect(toastSaying(page, `Fulfilled order #${n}.`)).toBeVisible();
  // No service given: the page says so.
  const row = page
    .getByRole("table", { name: `Shipments of order #${n}` })
    .getByRole("row")
    .filter({ hasText: tracking });
  await expect(row.getByRole("cell").nth(1)).toHaveText(/Not given$/);

  await expect(async () => expect(await shippedMailTo(token, email, n)).toHaveLength(1)).toPass();
  const [mail] = await shippedMailTo(token, email, n);
  expect(mail!.text).toContain("Carrier: USPS");
  expect(mail!.text).toContain(`Tracking number: ${tracking}`);
  expect(mail!.text).not.toContain("Service:");
});

test("against a store without the extension, the Fulfil dialog offers no tracking and no choice, and fulfils as before", async ({
  browser,
  page,
  context,
}) => {
  test.skip(!plainDashboardUrl || !plainStoreUrl, "run through npm run test:e2e");
  await signedIn(page, e2e.owner, "/orders");
  const token = await accessTokenOf(context);
  const email = uniqueEmail("plain-fulfil");
  const n = await paidOrder(token, email);
  // The plain store says nothing of the extension, and refuses its fields as any other field.
  const read = await storeRequest(plainStoreUrl, token, "GET", `/api/v1/orders/${n}`);
  expect(read.status).toBe(200);
  expect(read.headers.get("x-order-fulfilment")).toBeNull();
  const refused = await storeRequest(plainStoreUrl, token, "PUT", `/api/v1/orders/${n}`, {
    fulfilled: "true",
    tracking_number: "X1",
  });
  expect(refused.status).toBe(422);

  const plain = await browser.newContext({ baseURL: plainDashboardUrl });
  try {
    const p = await plain.newPage();
    await signedIn(p, e2e.owner, "/orders", { dashboardUrl: plainDashboardUrl, storeUrl: plainStoreUrl });
    const dialog = await openFulfil(p, n);
    await expect(dialog.getByRole("textbox")).toHaveCount(0);
    await expect(dialog.getByRole("checkbox")).toHaveCount(0);
    await expect(dialog).toContainText(
      `Your store may e-mail the customer (${email}) that the order is on its way. Undoing the fulfilment does not take that e-mail back.`,
    );
    await dialog.getByRole("button", { name: "Fulfil order" }).click();
    await expect(toastSaying(p, `Fulfilled order #${n}.`)).toBeVisible();
    await expect(p.getByText("No shipments yet.")).toBeVisible();
  } finally {
    await plain.close();
  }
  const stored = (await storeApi(token, "GET", `/api/v1/orders/${n}`)).body as ApiOrder;
  expect(stored.fulfilled).toBe(true);
  expect(stored.shipments).toEqual([]);
  // The plain fulfilment mails as the store always has.
  await expect(async () => expect(await shippedMailTo(token, email, n)).toHaveLength(1)).toPass();
});
