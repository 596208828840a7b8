import { type Page, expect, test } from "@playwright/test";
import { accessTokenOf, e2e, signIn, storeApi, toastSaying, unique } from "./support";

// The new order form (app/(dashboard)/orders/new): an API order made from
// products picked in the catalogue, and the store's refusals under the
// fields they name, with nothing typed lost.

interface ApiItem {
  key: string;
  metadata: Record<string, string>;
  quantity: number;
}
interface ApiProduct {
  key: string;
  name: string;
  options: ApiItem[];
  extras: ApiItem[];
}
interface ApiAddress {
  first_name: string;
  city: string;
  state: string;
  country: string;
}
interface ApiOrder {
  order_number: number;
  custom_id: string;
  billing_address: ApiAddress;
  shipping_address: ApiAddress;
  line_items: { quantity: number; price_raw: number; extras: ApiItem[]; product_option: ApiItem }[];
  total_raw: number;
}

async function addProduct(token: string, fields: Record<string, string>): Promise<ApiProduct> {
  const created = await storeApi(token, "POST", "/api/v1/products", fields);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as ApiProduct;
}

async function pickProduct(page: Page, name: string) {
  await page.getByRole("searchbox", { name: "Find a product" }).fill(name);
  await page.getByRole("button", { name: `Add ${name}`, exact: true }).click();
}

async function fillBilling(page: Page) {
  const billing = page.getByRole("region", { name: "Billing address" });
  await billing.getByRole("textbox", { name: "First name" }).fill("Grace");
  await billing.getByRole("textbox", { name: "Last name" }).fill("Hopper");
  await billing.getByRole("textbox", { name: "Street and number" }).fill("1 Navy Yard");
  await billing.getByRole("textbox", { name: "City" }).fill("Arlington");
  await billing.getByRole("combobox", { name: "Country" }).selectOption("US");
  await billing.getByRole("combobox", { name: "State" }).selectOption("VA");
  await billing.getByRole("textbox", { name: "Postal code" }).fill("22201");
  await billing.getByRole("textbox", { name: "Email" }).fill("grace@example.com");
  await billing.getByRole("textbox", { name: "Phone" }).fill("+1 555 0199");
}

test.beforeEach(async ({ page }) => {
  await signIn(page, e2e.owner, "/orders/new");
  await expect(page.getByRole("heading", { level: 1, name: "Create order" })).toBeVisible();
});

/** The form afresh, once the test's product exists (the picker reads the catalogue when it opens). */
async function openForm(page: Page) {
  await page.goto("/orders/new");
  await expect(page.getByRole("searchbox", { name: "Find a product" })).toBeVisible();
}

test("creates an order from picked products, with an option, an extra, an edited price and its own shipping address", async ({
  page,
  context,
}) => {
  const token = await accessTokenOf(context);
  const product = await addProduct(token, {
    name: unique("New order kettle"),
    price: "20.00",
    options: JSON.stringify([
      { metadata: { Size: "S" }, quantity: 10, surcharge: "0" },
      { metadata: { Size: "M" }, quantity: 3, surcharge: "2.50" },
    ]),
    extras: JSON.stringify([{ metadata: { "Gift wrap": "Yes" }, quantity: -1, surcharge: "3.00" }]),
  });
  const medium = product.options.find((o) => o.metadata.Size === "M")!;

  await openForm(page);
  await pickProduct(page, product.name);
  const line = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `1. ${product.name}` }) });
  const price = line.getByRole("textbox", { name: /^Unit price/ });
  await expect(price).toHaveValue("20.00");
  // The price follows the option while it is the prefilled one.
  await line.getByRole("combobox", { name: "Option" }).selectOption(medium.key);
  await expect(price).toHaveValue("22.50");
  await line.getByRole("checkbox", { name: "Gift wrap: Yes" }).check();
  await line.getByRole("textbox", { name: "Quantity" }).fill("2");
  await price.fill("21.00");
  await expect(line.getByText("$48.00", { exact: true })).toBeVisible();

  await fillBilling(page);
  // Shipping elsewhere: the billing address is copied in to start from.
  const shipTo = page.getByRole("checkbox", { name: "Ship to the billing address" });
  await expect(shipTo).toBeChecked();
  await shipTo.uncheck();
  const shipping = page.getByRole("region", { name: "Shipping address" });
  await expect(shipping.getByRole("textbox", { name: "First name" })).toHaveValue("Grace");
  await expect(shipping.getByRole("combobox", { name: "State" })).toHaveValue("VA");
  await shipping.getByRole("textbox", { name: "City" }).fill("Alexandria");
  await shipping.getByRole("textbox", { name: "Postal code" }).fill("22314");

  await page.getByRole("checkbox", { name: "Email the customer about this order" }).uncheck();
  const customId = unique("PO").replace(" ", "-");
  await page.getByRole("textbox", { name: "Custom id" }).fill(customId);
  await page.getByRole("checkbox", { name: "Set the shipping charge myself" }).check();
  await page.getByRole("textbox", { name: /^Shipping \(/ }).fill("4");
  const totals = page.getByRole("region", { name: "Totals" });
  await expect(totals).toContainText("Subtotal (with extras)$48.00");
  await expect(totals).toContainText("Shipping$4.00");
  await expect(totals).toContainText("TaxComputed by the store");

  await page.getByRole("button", { name: "Create order" }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  const n = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(toastSaying(page, `Created order #${n}.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${n}` })).toBeVisible();
  const orderTotals = page.getByRole("region", { name: "Totals" });
  await expect(orderTotals).toContainText("Subtotal$48.00");
  await expect(orderTotals).toContainText("Shipping$4.00");
  await expect(orderTotals).toContainText("Tax$0.00");
  await expect(orderTotals).toContainText("Total$52.00");
  await expect(page.getByRole("table", { name: `Items of order #${n}` })).toContainText("Size: M");

  const stored = await storeApi(token, "GET", `/api/v1/orders/${n}`);
  expect(stored.status).toBe(200);
  const order = stored.body as ApiOrder;
  expect(order.custom_id).toBe(customId);
  expect(order.billing_address).toMatchObject({ first_name: "Grace", city: "Arlington", state: "VA", country: "US" });
  expect(order.shipping_address).toMatchObject({ first_name: "Grace", city: "Alexandria", state: "VA", country: "US" });
  expect(order.line_items).toHaveLength(1);
  expect(order.line_items[0]).toMatchObject({ quantity: 2, price_raw: 21 });
  expect(order.line_items[0]!.product_option.key).toBe(medium.key);
  expect(order.line_items[0]!.extras.map((e) => e.key)).toEqual([product.extras[0]!.key]);
  expect(order.total_raw).toBe(52);

  await storeApi(token, "PUT", `/api/v1/orders/${n}`, { cancelled: "true" });
  await storeApi(token, "DELETE", `/api/v1/products/${encodeURIComponent(product.key)}`);
});

test("puts the store's refusals under the coupon and the line they name, losing nothing typed", async ({
  page,
  context,
}) => {
  const token = await accessTokenOf(context);
  const product = await addProduct(token, { name: unique("New order vase"), price: "12.00", quantity: "1" });

  await openForm(page);
  await pickProduct(page, product.name);
  const line = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `1. ${product.name}` }) });
  const quantity = line.getByRole("textbox", { name: "Quantity" });
  await quantity.fill("3");
  await fillBilling(page);
  const coupon = page.getByRole("textbox", { name: "Coupon code" });
  const code = `NOSUCH${Date.now().toString(36).toUpperCase()}`;
  await coupon.fill(code);

  // An unknown coupon: the store's 422 names `coupon`.
  await page.getByRole("button", { name: "Create order" }).click();
  await expect(
    page.getByText("The store did not accept this coupon code: it may be unknown, expired, inactive or used up."),
  ).toBeVisible();
  await expect(coupon).toHaveAttribute("aria-invalid", "true");
  await expect(coupon).toBeFocused();
  await expect(page).toHaveURL(/\/orders\/new$/);
  await expect(coupon).toHaveValue(code);
  await expect(quantity).toHaveValue("3");
  await expect(
    page.getByRole("region", { name: "Billing address" }).getByRole("textbox", { name: "City" }),
  ).toHaveValue("Arlington");

  // More than is in stock: the 422 names `line_1_quantity`, shown on that line.
  await coupon.fill("");
  await page.getByRole("button", { name: "Create order" }).click();
  await expect(
    line.getByText("The store did not accept this quantity: there may not be enough in stock.", { exact: false }),
  ).toBeVisible();
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toHaveValue("3");
  await expect(
    page.getByRole("region", { name: "Billing address" }).getByRole("textbox", { name: "Email" }),
  ).toHaveValue("grace@example.com");

  // Fixed, it goes through.
  await quantity.fill("1");
  await page.getByRole("button", { name: "Create order" }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  const n = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { level: 1, name: `Order #${n}` })).toBeVisible();

  await storeApi(token, "PUT", `/api/v1/orders/${n}`, { cancelled: "true" });
  await storeApi(token, "DELETE", `/api/v1/products/${encodeURIComponent(product.key)}`);
});
