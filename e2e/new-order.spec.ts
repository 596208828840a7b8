import { type Page, expect, test } from "@playwright/test";
import { accessTokenOf, e2e, signedIn, storeApi, toastSaying, unique } from "./support";

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
  await signedIn(page, e2e.owner, "/orders/new");
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
  // A product without a tax group: no tax.
  await expect(totals).toContainText("Tax$0.00");
  await expect(totals).toContainText("Estimated total$52.00");

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
  // Before sending, the estimate says so where the code is typed, not under the totals.
  await expect(coupon).toHaveAccessibleDescription(/No coupon has the code “.+”: the store will refuse it\./);
  await expect(page.locator("#order-totals")).not.toContainText("No coupon has the code");

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

/* ---------- the totals' estimate (docs/contract.md#pricing) ---------- */

interface ApiOrderTotals {
  subtotal_raw: number;
  shipping_raw: number;
  tax_raw: number;
  total_raw: number;
}

/** A tax group for these tests: the contract cannot delete one, so every run sets its rules afresh. */
async function estimateTaxGroup(token: string): Promise<string> {
  const name = "New order estimate tax";
  const groups = await storeApi(token, "GET", "/api/v1/tax_groups");
  let id = String((groups.body as { id: number | string; name: string }[]).find((g) => g.name === name)?.id ?? "");
  if (!id) {
    const created = await storeApi(token, "POST", "/api/v1/tax_groups", { name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = String(((Array.isArray(created.body) ? created.body[0] : created.body) as { id: number | string }).id);
  }
  const rules = await storeApi(token, "POST", `/api/v1/tax_groups/${id}/rules`, {
    rules: JSON.stringify([
      { country: "US", rate: 5 },
      { country: "US", region: "CA", rate: 8.25, on_shipping: true },
    ]),
  });
  expect(rules.status, JSON.stringify(rules.body)).toBeLessThan(300);
  return id;
}

/** $5 a parcel and $1 an item, anywhere in the US but Hawaii. */
const parcelOption = (perCart: number) => ({
  name: "Standard",
  per_cart_type: "flat_fee",
  per_cart_rate_raw: perCart,
  per_item_rate_raw: 1,
  destinations: [{ country: "US" }, { country: "US", region: "HI", allowed: false }],
});

async function addShippingGroup(token: string, name: string): Promise<{ id: string; name: string }> {
  const created = await storeApi(token, "POST", "/api/v1/shipping_groups", {
    name,
    options: JSON.stringify([parcelOption(5)]),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const group = (Array.isArray(created.body) ? created.body[0] : created.body) as { id: number | string };
  return { id: String(group.id), name };
}

async function createdNumber(page: Page): Promise<number> {
  await page.waitForURL(/\/orders\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

test("estimates subtotal, discount, shipping and tax from the store's groups and coupon, as the store then prices the order", async ({
  page,
  context,
}) => {
  const token = await accessTokenOf(context);
  const taxGroup = await estimateTaxGroup(token);
  const group = await addShippingGroup(token, unique("Estimate parcels"));
  const product = await addProduct(token, {
    name: unique("Estimate kettle"),
    price: "20.00",
    quantity: "10",
    shipping_group: group.id,
    tax_group: taxGroup,
  });
  const code = unique("EST", "").toUpperCase();
  const now = Math.floor(Date.now() / 1000);
  const coupon = await storeApi(token, "POST", "/api/v1/coupons", {
    name: unique("Estimate coupon"),
    type: "percentage_off",
    percentage: "10",
    code,
    limit: "0",
    start_date: String(now - 86_400),
    end_date: String(now + 86_400),
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);

  await openForm(page);
  const totals = page.getByRole("region", { name: "Totals" });
  await expect(totals).toContainText("An estimate. The store prices the order when it is created");
  await pickProduct(page, product.name);
  await fillBilling(page);
  // Codes match without case, as the store matches them.
  await page.getByRole("textbox", { name: "Coupon code" }).fill(code.toLowerCase());
  // 1 × $20, 10% off: $2; shipping $5 + $1 an item; Virginia: the US rule, 5% of $18, shipping untaxed.
  await expect(totals).toContainText("Estimated total$24.90");
  await expect(totals).toContainText("Subtotal (with extras)$20.00");
  await expect(totals).toContainText("Discount−$2.00");
  await expect(totals).toContainText("Shipping$6.00");
  await expect(totals).toContainText("Tax$0.90");
  await expect(totals).toContainText(`Shipping: Standard, of ${group.name}.`);

  // A line changes, and so does the estimate.
  const line = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `1. ${product.name}` }) });
  await line.getByRole("textbox", { name: "Quantity" }).fill("2");
  await expect(totals).toContainText("Shipping$7.00");
  await expect(totals).toContainText("Estimated total$44.80");

  // The group ships nowhere in Hawaii: said before the store refuses the order.
  const state = page.getByRole("region", { name: "Billing address" }).getByRole("combobox", { name: "State" });
  await state.selectOption("HI");
  await expect(totals.getByRole("status")).toContainText(
    `The shipping group “${group.name}” (of ${product.name}) has no option for Hawaii: the store will refuse the order.`,
  );
  await expect(totals).toContainText("ShippingNo shipping option for Hawaii.");

  // California taxes the goods and the shipping at 8.25%: $36 → $2.97, $7 → $0.58.
  await state.selectOption("CA");
  await expect(totals.getByRole("status")).toBeEmpty();
  await expect(totals).toContainText("Tax$3.55");
  await expect(totals).toContainText("Estimated total$46.55");

  await page.getByRole("button", { name: "Create order" }).click();
  const n = await createdNumber(page);
  await expect(toastSaying(page, `Created order #${n}.`)).toBeVisible();
  await expect(toastSaying(page, "The store's total, $46.55, matches the estimate.")).toBeVisible();
  // The saved order reads as the preview did: the same rows in the same order, the discount as an amount.
  const saved = page.locator("#order-totals");
  await expect(saved.locator("dt")).toHaveText(["Subtotal", "Discount", "Shipping", "Tax", "Total"]);
  await expect(saved).toContainText("Discount−$4.00");
  const stored = await storeApi(token, "GET", `/api/v1/orders/${n}`);
  const order = stored.body as ApiOrderTotals;
  expect({
    subtotal: order.subtotal_raw,
    shipping: order.shipping_raw,
    tax: order.tax_raw,
    total: order.total_raw,
  }).toEqual({ subtotal: 40, shipping: 7, tax: 3.55, total: 46.55 });

  await storeApi(token, "PUT", `/api/v1/orders/${n}`, { cancelled: "true" });
  await storeApi(token, "DELETE", `/api/v1/products/${encodeURIComponent(product.key)}`);
  await storeApi(token, "DELETE", `/api/v1/coupons/${(coupon.body as { id: number }).id}`);
  await storeApi(token, "DELETE", `/api/v1/shipping_groups/${group.id}`);
});

test("says plainly where the store's answer differs from the estimate", async ({ page, context }) => {
  const token = await accessTokenOf(context);
  const group = await addShippingGroup(token, unique("Estimate boxes"));
  const product = await addProduct(token, {
    name: unique("Estimate lamp"),
    price: "10.00",
    quantity: "5",
    shipping_group: group.id,
  });

  await openForm(page);
  await pickProduct(page, product.name);
  await fillBilling(page);
  const totals = page.getByRole("region", { name: "Totals" });
  await expect(totals).toContainText("Estimated total$16.00");

  // The store's shipping changes after the estimate was made: its answer is what counts.
  const changed = await storeApi(token, "POST", `/api/v1/shipping_groups/${group.id}/options`, {
    options: JSON.stringify([parcelOption(9)]),
  });
  expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
  await page.getByRole("button", { name: "Create order" }).click();
  const n = await createdNumber(page);
  await expect(toastSaying(page, `Created order #${n}.`)).toBeVisible();
  await expect(
    toastSaying(
      page,
      "The store's figures differ from the estimate: Shipping $10.00 (estimated $6.00); Total $20.00 (estimated $16.00).",
    ),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Totals" })).toContainText("Total$20.00");

  await storeApi(token, "PUT", `/api/v1/orders/${n}`, { cancelled: "true" });
  await storeApi(token, "DELETE", `/api/v1/products/${encodeURIComponent(product.key)}`);
  await storeApi(token, "DELETE", `/api/v1/shipping_groups/${group.id}`);
});

/**
 * An init script: every status region (a loading state says what loads in one, "Loading orders…")
 * that enters the page once `loadingStates.arm()` was called, or from the first byte of a page
 * opened at /orders/new. Read back with loadingStatesSeen; each is recorded as it arrives, however
 * briefly it stays.
 */
function recordLoadingStates() {
  let armed = location.pathname === "/orders/new";
  const seen = new Set<Element>();
  Object.assign(window, {
    loadingStates: {
      arm() {
        armed = true;
        seen.clear();
      },
      // Read at the end: the text of a region streamed in part by part is whole by then, and a
      // region taken out of the page keeps its text.
      texts: () => [...seen].map((status) => status.textContent?.trim() ?? ""),
    },
  });
  new MutationObserver((records) => {
    if (!armed) return;
    for (const record of records) {
      for (const node of record.addedNodes) {
        const element = node instanceof Element ? node : node.parentElement;
        const status = element?.closest("[role=status]");
        if (status) seen.add(status);
        if (node instanceof Element) node.querySelectorAll("[role=status]").forEach((s) => seen.add(s));
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The loading states recorded by recordLoadingStates, each once, in the order they came. */
async function loadingStatesSeen(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() =>
    (window as unknown as { loadingStates: { texts(): string[] } }).loadingStates.texts(),
  );
  return [...new Set(texts.filter((text) => text.startsWith("Loading")))];
}

test("a new order's page shows the form's own loading state, never the orders list's, however it is reached", async ({
  page,
}) => {
  await page.addInitScript(recordLoadingStates);
  const form = page.getByRole("searchbox", { name: "Find a product" });

  // Directly: the list's skeleton has no part in it.
  await page.goto("/orders/new");
  await expect(form).toBeVisible();
  expect(await loadingStatesSeen(page)).not.toContain("Loading orders…");

  // From the list's "New order", before the router prefetched the page (a click before its prefetch,
  // or a prefetch that failed: turned away here), then once it has: in both, the page's own loading
  // state (app/(dashboard)/orders/new/loading.tsx, then the form's) and nothing else, not even for a moment.
  const isNewOrderPrefetch = (url: URL, headers: Record<string, string>) =>
    url.pathname === "/orders/new" && Boolean(headers["next-router-prefetch"]);
  await page.route(
    (url) => url.pathname === "/orders/new",
    (route) =>
      isNewOrderPrefetch(new URL(route.request().url()), route.request().headers()) ? route.abort() : route.fallback(),
  );
  for (const prefetched of [false, true]) {
    if (prefetched) await page.unrouteAll();
    // The router's prefetch of the page itself (not only its route tree), made when the link shows.
    const prefetch = prefetched
      ? page.waitForResponse(
          (response) =>
            isNewOrderPrefetch(new URL(response.url()), response.request().headers()) &&
            !response.request().headers()["next-router-segment-prefetch"],
        )
      : null;
    await page.goto("/orders");
    const link = page.getByRole("main").getByRole("link", { name: "New order", exact: true });
    await expect(link).toBeVisible();
    await expect(page.getByText("Loading orders…")).toHaveCount(0);
    await prefetch;
    await page.evaluate(() => (window as unknown as { loadingStates: { arm(): void } }).loadingStates.arm());
    await link.click();
    await expect(form).toBeVisible();
    const seen = await loadingStatesSeen(page);
    if (prefetched) {
      // Prefetched, the page is already here, and the form's code may be too (the first round read it, and
      // the browser keeps it): then the form shows at once, with no loading state, which is as right as its
      // own. Any other (the list's skeleton) never is. Seen in CI under load, where the first round's chunk
      // had long arrived; and, on a busier machine, the product picker's own skeleton after the form, as in
      // the first round.
      expect(
        seen.filter((text) => text !== "Loading the form…" && text !== "Loading products…"),
        "prefetched",
      ).toEqual([]);
    } else {
      // The form's own state first; its product picker's own skeleton may follow on a busy machine (seen in CI).
      expect(seen[0], "not prefetched").toBe("Loading the form…");
      expect(seen.filter((text) => text !== "Loading products…").slice(1), "not prefetched").toEqual([]);
    }
  }
});

test("the product picker finds by the starts of words: 'tee' finds a tee, not steel", async ({ page, context }) => {
  const token = await accessTokenOf(context);
  const id = unique("", "").toLowerCase();
  const tee = await addProduct(token, { name: `Organic crew tee ${id}`, price: "20", sku: `APP-TEE-${id}` });
  const steel = await addProduct(token, { name: `Steel bottle ${id}`, price: "25" });
  await openForm(page);
  const list = page.getByRole("list", { name: "Products to add" });
  await page.getByRole("searchbox", { name: "Find a product" }).fill(`tee ${id}`);
  await expect(list.getByRole("button", { name: `Add ${tee.name}` })).toBeVisible();
  await expect(list.getByRole("button", { name: `Add ${steel.name}` })).toHaveCount(0);
  // A word of the SKU after its punctuation, and a word's start.
  await page.getByRole("searchbox", { name: "Find a product" }).fill(`app-tee ${id}`);
  await expect(list.getByRole("button", { name: `Add ${tee.name}` })).toBeVisible();
  await page.getByRole("searchbox", { name: "Find a product" }).fill(`ste ${id}`);
  await expect(list.getByRole("button", { name: `Add ${steel.name}` })).toBeVisible();
  await expect(list.getByRole("button", { name: `Add ${tee.name}` })).toHaveCount(0);
});

test("the picker searches the whole catalogue on the server, by an option's SKU too, and adds the product read whole", async ({
  page,
  context,
}) => {
  const token = await accessTokenOf(context);
  const sku = unique("PICK", "-").toUpperCase();
  const product = await addProduct(token, {
    name: unique("Picker mug"),
    price: "9.00",
    options: JSON.stringify(
      ["S", "L"].map((size) => ({
        metadata: { Size: size },
        quantity: 4,
        surcharge: "0",
        fetch_sku: `${sku}-${size}`,
      })),
    ),
  });
  await openForm(page);
  const search = page.getByRole("searchbox", { name: "Find a product" });
  // The server's copy of the catalogue, all of it (the browser held a hundred products at a time before).
  await expect(page.getByText(/Searches all [\d,]+ products\./)).toBeVisible();
  await search.fill(`${sku}-L`);
  const list = page.getByRole("list", { name: "Products to add" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await list.getByRole("button", { name: `Add ${product.name}` }).click();
  const line = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `1. ${product.name}` }) });
  // Read whole from the store: its options are there to choose from.
  const options = line.getByRole("combobox", { name: "Option" });
  await expect(options.locator("option", { hasText: "Size: S" })).toHaveCount(1);
  await expect(options.locator("option", { hasText: "Size: L" })).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: `Added ${product.name} to the order.` })).toHaveCount(1);
  // Nothing that matches: said, with the words searched.
  await search.fill(`${sku}-XL`);
  await expect(page.getByText(`No product matches “${sku}-XL”.`)).toBeVisible();
});

test("a product the store no longer has when it is picked is said beside the picker, and no line is added", async ({
  page,
  context,
}) => {
  const token = await accessTokenOf(context);
  const product = await addProduct(token, { name: unique("Picker gone vase"), price: "7.00" });
  await openForm(page);
  // Found in the server's copy; the shown matches stay for a few seconds (the next window is asked 5 s on).
  await page.getByRole("searchbox", { name: "Find a product" }).fill(product.name);
  const add = page.getByRole("list", { name: "Products to add" }).getByRole("button", { name: `Add ${product.name}` });
  await expect(add).toBeVisible();
  // Deleted at the store (another app) before the click: the product is read when it is added, and is not there.
  expect((await storeApi(token, "DELETE", `/api/v1/products/${product.key}`)).status).toBeLessThan(300);
  await add.click();
  await expect(page.getByRole("alert").filter({ hasText: `Could not add ${product.name}.` })).toBeVisible();
  await expect(page.getByRole("heading", { name: `1. ${product.name}` })).toHaveCount(0);
  await expect(add).toBeEnabled();
});
