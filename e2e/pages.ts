import { type Browser, type BrowserContext, type Page, type ViewportSize, expect } from "@playwright/test";
import { accessTokenOf, e2e, findUser, setPasswordLinkFor, signIn, storeApi, uniqueEmail } from "./support";

/**
 * The one list of pages that the accessibility, keyboard-focus and screenshot
 * tests walk: every page of the dashboard and every page of the store that a
 * person of Store Admin meets, each with who looks at it and how to get there.
 * A new page is added here once and every one of those tests covers it.
 */

export const themes = ["light", "dark"] as const;
export type Theme = (typeof themes)[number];

/**
 * Who looks at a page. `owner`: signed in to Store Admin (and on the store's
 * pages). `store-session`: signed in on the store's own pages only (its
 * consent and sign-out pages). `signed-out`: no session anywhere.
 */
export type Visitor = "owner" | "store-session" | "signed-out";

/** What some pages need to exist before they can be opened. */
export interface Fixtures {
  /** An existing user of the store, for /users/[id]. */
  userId: string;
  /** The set-password link of a fresh invitation, read from the store's outbox. */
  setPasswordLink: string;
  /** A product with options, extras and a category, for /products/[key]. */
  productKey: string;
  /** A coupon with generated single-use codes, for /coupons/[id] and its edit page. */
  couponId: string;
  /** A shipping group with range-priced options and destinations, for /shipping/[id] and its option pages. */
  shippingGroupId: string;
  shippingOptionId: string;
  /** A tax group with rules, for /tax/[id]. */
  taxGroupId: string;
  /** An API order of the product above (an option, an extra, two addresses), for /orders/[number]. */
  orderNumber: string;
}

export interface SitePage {
  /** A file-name-safe name: screenshots are `<name>-<width>-<theme>.png`. */
  name: string;
  /** Whose page it is: the dashboard follows its `theme` cookie, the store the system's colour scheme. */
  site: "dashboard" | "store";
  visitor: Visitor;
  /** Inside the dashboard's shell: the first Tab stop is the skip link. */
  shell: boolean;
  /** Opens the page and waits until it shows what it is for. */
  open(page: Page, fixtures: Fixtures): Promise<void>;
  /**
   * The status the page answers on purpose (an error page): the browser logs
   * that load as a console error, which the page walk then expects.
   */
  errorStatus?: number;
}

const storeOrigin = () => new URL(e2e.storeUrl).origin;

/** A page of the dashboard at `path`, ready once its main heading shows. */
function dashboardPage(name: string, visitor: Visitor, path: (f: Fixtures) => string, heading?: string | RegExp) {
  const shell = visitor === "owner";
  return {
    name,
    site: "dashboard",
    visitor,
    shell,
    async open(page: Page, fixtures: Fixtures) {
      const target = path(fixtures);
      const response = await page.goto(target);
      // A redirect (to sign-in, or away from /signin) would test another page than the one named.
      expect(new URL(page.url()).pathname, `${name}: opened ${target}`).toBe(target.split("?")[0]);
      // A streamed page (a loading boundary) answers 200 even when it then renders "not found".
      if (name !== "not-found") expect(response?.status(), `${name}: status of ${target}`).toBe(200);
      await expect(
        heading
          ? page.getByRole("heading", { level: 1, name: heading })
          : page.getByRole("heading", { level: 1 }).first(),
      ).toBeVisible();
      // Forms that load after the page (components/ui/after-hydration.tsx) and Home's streamed widgets
      // (components/home) are part of it: wait for them.
      await expect(
        page.getByText(/^Loading the (form|product editor|calculator|order counts|sales chart|latest orders)…$/),
      ).toHaveCount(0);
    },
  } satisfies SitePage;
}

/**
 * The order's page with its fulfilment asked about (`undo` false: the confirmation open), or
 * done (`undo` true: its toast offering the undo). Each load starts from the order unfulfilled,
 * through the store's API. Not `shell`: the first Tab stays in the dialog, or follows the
 * Fulfil button that went away, rather than the skip link.
 */
function orderFulfilPage(name: string, undo: boolean): SitePage {
  const base = dashboardPage(name, "owner", (f) => `/orders/${f.orderNumber}`, /^Order #\d+$/);
  return {
    ...base,
    shell: false,
    async open(page, fixtures) {
      const token = await accessTokenOf(page.context());
      const reset = await storeApi(token, "PUT", `/api/v1/orders/${fixtures.orderNumber}`, { fulfilled: "false" });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      await base.open(page, fixtures);
      const dialog = page.getByRole("dialog", { name: /^Fulfil order #\d+\?$/ });
      // By keyboard, as the walk goes on (focus moved by the page then shows its style). A key
      // pressed before the page has hydrated does nothing: ask until the dialog opens.
      await expect(async () => {
        await page.getByRole("button", { name: "Fulfil", exact: true }).focus();
        await page.keyboard.press("Enter");
        await expect(dialog).toBeVisible({ timeout: 1_000 });
      }).toPass();
      if (!undo) return;
      await dialog.getByRole("button", { name: "Fulfil order" }).focus();
      await page.keyboard.press("Enter");
      await expect(
        page.getByRole("region", { name: /^Notifications/ }).getByRole("button", { name: "Undo" }),
      ).toBeVisible();
      await expect(page.getByRole("list", { name: "Status" })).toContainText("Fulfilled");
    },
  };
}

/**
 * The Fulfil dialog with a shipment entered (a store that takes one: X-Order-Fulfilment,
 * docs/contract.md#extensions): carrier and service filled, "Notify the customer" unticked, and a
 * tracking number refused beside its field (a pasted tab inside it), so the walk sees the fields, their error
 * and the sentence that follows the choice.
 */
function orderFulfilTrackingPage(name: string): SitePage {
  const base = orderFulfilPage(name, false);
  return {
    ...base,
    async open(page, fixtures) {
      await base.open(page, fixtures);
      const dialog = page.getByRole("dialog", { name: /^Fulfil order #\d+\?$/ });
      await dialog.getByRole("textbox", { name: "Carrier" }).fill("UPS");
      await dialog.getByRole("textbox", { name: "Service" }).fill("Ground");
      await dialog.getByRole("textbox", { name: "Tracking number" }).fill("1Z999\tAA1");
      await dialog.getByRole("checkbox", { name: "Notify the customer" }).uncheck();
      await dialog.getByRole("button", { name: "Fulfil order" }).click();
      await expect(dialog.getByRole("textbox", { name: "Tracking number" })).toHaveAttribute("aria-invalid", "true");
      await expect(dialog).toContainText("Your store will not e-mail the customer");
    },
  };
}

/**
 * The order's page once fulfilled with a shipment (carrier, service, tracking number, ship date) in its
 * Shipments: recorded through the store's API the first time (notify=false), and the order fulfilled again
 * on later loads (the fulfil pages above take it back to unfulfilled; its shipment stays).
 */
function orderShippedPage(name: string): SitePage {
  const base = dashboardPage(name, "owner", (f) => `/orders/${f.orderNumber}`, /^Order #\d+$/);
  return {
    ...base,
    async open(page, fixtures) {
      const token = await accessTokenOf(page.context());
      const path = `/api/v1/orders/${fixtures.orderNumber}`;
      const order = (await storeApi(token, "GET", path)).body as { fulfilled: boolean; shipments: unknown[] };
      if (order.fulfilled && !order.shipments.length) {
        expect((await storeApi(token, "PUT", path, { fulfilled: "false" })).status).toBe(200);
      }
      if (!order.shipments.length) {
        const shipped = await storeApi(token, "PUT", path, {
          fulfilled: "true",
          carrier: "UPS",
          service: "Ground",
          tracking_number: "1Z999AA10123456784",
          notify: "false",
        });
        expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
      } else if (!order.fulfilled) {
        expect((await storeApi(token, "PUT", path, { fulfilled: "true" })).status).toBe(200);
      }
      await base.open(page, fixtures);
      await expect(page.getByRole("table", { name: /^Shipments of order/ })).toContainText("1Z999AA10123456784");
    },
  };
}

/**
 * The products list searching by name (components/products/list/products-manager.tsx): the whole
 * catalogue loaded in the browser, and the results shown in the list's rows.
 */
function productsSearchPage(name: string): SitePage {
  const base = dashboardPage(name, "owner", () => "/products?q=pages+product");
  return {
    ...base,
    async open(page, fixtures) {
      await base.open(page, fixtures);
      await expect(page.getByRole("progressbar", { name: "Loading products to search" })).toHaveCount(0);
      await expect(page.getByRole("table", { name: "Products found for pages product" })).toBeVisible();
    },
  };
}

/** The inventory (docs/bulk-editing.md#inventory), once every option is in its grid. */
function inventoryPage(name: string): SitePage {
  const base = dashboardPage(name, "owner", () => "/products/inventory?low=5", "Inventory");
  return {
    ...base,
    async open(page, fixtures) {
      await base.open(page, fixtures);
      await expect(page.getByRole("grid", { name: "Options" }).or(page.getByText("No options match"))).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "Loading products" })).toHaveCount(0, { timeout: 45_000 });
    },
  };
}

/** Images by file name (docs/design.md#images-by-file-name) with its table: a miss and a refusal. */
function imagesByNamePage(name: string): SitePage {
  const base = dashboardPage(name, "owner", () => "/products/images", "Images by file name");
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  return {
    ...base,
    async open(page, fixtures) {
      await base.open(page, fixtures);
      await expect(page.getByRole("progressbar", { name: "Loading products to match" })).toHaveCount(0);
      await page.getByLabel("Images to match", { exact: true }).setInputFiles([
        { name: "pages-photo.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") },
        { name: "pages-notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") },
      ]);
      await expect(page.getByRole("table", { name: "Files and their products" })).toBeVisible();
    },
  };
}

/** The product of productImportFailedPage, made by its first load: the second sees the same import. */
let importProductKey: string | null = null;

/**
 * A product's editor with an "Add images by URL" request that failed: the address named with the
 * store's reason (components/products/media/add-by-url.tsx). The first load sends it; the import's
 * status is kept for the session, so the next load (the other theme) finds it there.
 */
function productImportFailedPage(name: string): SitePage {
  const base = dashboardPage(name, "owner", () => `/products/${encodeURIComponent(importProductKey ?? "")}`);
  return {
    ...base,
    async open(page, fixtures) {
      if (!importProductKey) {
        const token = await accessTokenOf(page.context());
        const created = await storeApi(token, "POST", "/api/v1/products", {
          name: uniqueEmail("Pages import").replace(/@.*/, ""),
          price: "5.00",
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        importProductKey = String((created.body as { key: string }).key);
      }
      await base.open(page, fixtures);
      const media = page.locator("#product-media");
      await expect(media.locator("[data-imports-read]")).toBeAttached();
      const failed = media.locator('[data-import-address="failed"]');
      if (!(await failed.count())) {
        await media.getByLabel("Image addresses").fill("https://example.invalid/one.jpg\nnot a url");
        await media.getByRole("button", { name: "Add images" }).click();
        await expect(media.getByText(/^Line 1, “not a url”: /)).toBeVisible();
        await expect(failed).toContainText("The store could not add it:", { timeout: 60_000 });
        // Loaded again, as a person comes back to it: the status is kept, and Tab starts at the top.
        await base.open(page, fixtures);
      }
      await expect(failed).toContainText("The store could not add it:");
    },
  };
}

/**
 * The new order form with its totals estimated (components/orders/new/totals-preview.tsx): the
 * pages' product, given the pages' shipping and tax groups, on a line to a Californian address,
 * with a code of the pages' coupon (free shipping). Not `shell`: the first Tab follows the coupon
 * field, where the code was typed, rather than the skip link.
 */
function orderEstimatePage(name: string): SitePage {
  const base = dashboardPage(name, "owner", () => "/orders/new", "Create order");
  return {
    ...base,
    shell: false,
    async open(page, fixtures) {
      const token = await accessTokenOf(page.context());
      const updated = await storeApi(token, "PUT", `/api/v1/products/${encodeURIComponent(fixtures.productKey)}`, {
        shipping_group: fixtures.shippingGroupId,
        tax_group: fixtures.taxGroupId,
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      const product = (Array.isArray(updated.body) ? updated.body[0] : updated.body) as { name: string };
      const coupon = await storeApi(token, "GET", `/api/v1/coupons/${encodeURIComponent(fixtures.couponId)}`);
      const code = (coupon.body as { codes: { code: string; active: boolean }[] }).codes.find((c) => c.active)!.code;
      await base.open(page, fixtures);
      await page.getByRole("searchbox", { name: "Find a product" }).fill(product.name);
      await page.getByRole("button", { name: `Add ${product.name}`, exact: true }).click();
      const billing = page.getByRole("region", { name: "Billing address" });
      await billing.getByRole("combobox", { name: "Country" }).selectOption("US");
      await billing.getByRole("combobox", { name: "State" }).selectOption("CA");
      await page.getByRole("textbox", { name: "Coupon code" }).fill(code);
      await expect(page.getByRole("region", { name: "Totals" })).toContainText(/Estimated total\$\d/);
    },
  };
}

/** From the dashboard's sign-in page to the store's (the OAuth redirect), as a person gets there. */
async function throughSignIn(page: Page) {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await page.waitForURL((url) => url.origin === storeOrigin());
}

/**
 * A shipping group's page with its delete confirmation open, once it has counted the group's
 * products (components/shipping/delete-group-words.tsx). Cancelled only by the next load: the
 * group stays. Not `shell`: the first Tab stays in the dialog.
 */
function shippingGroupDeletePage(): SitePage {
  const base = dashboardPage(
    "shipping-group-delete",
    "owner",
    (f) => `/shipping/${encodeURIComponent(f.shippingGroupId)}`,
  );
  return {
    ...base,
    shell: false,
    async open(page, fixtures) {
      await base.open(page, fixtures);
      const dialog = page.getByRole("dialog", { name: /^Delete .*\?$/ });
      // Opened from the keyboard, as the walk then goes on (focus styles show after keys, not clicks).
      // A key before the page has hydrated does nothing: ask until the dialog opens.
      await expect(async () => {
        await page.getByRole("button", { name: "Delete group" }).focus();
        await page.keyboard.press("Enter");
        await expect(dialog).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await expect(dialog.getByRole("status")).toHaveText(/(in this group|No product is)/);
    },
  };
}

export const sitePages: readonly SitePage[] = [
  dashboardPage("home", "owner", () => "/"),
  dashboardPage("users", "owner", () => "/users", "Users"),
  dashboardPage("users-invite", "owner", () => "/users/invite"),
  dashboardPage("user", "owner", (f) => `/users/${encodeURIComponent(f.userId)}`),
  dashboardPage("orders", "owner", () => "/orders"),
  dashboardPage("orders-unfulfilled", "owner", () => "/orders?view=unfulfilled&count=50", "Orders"),
  // A customer search: its field filled, the matches, the heading that names it.
  dashboardPage("orders-search", "owner", () => "/orders?q=liam", "Orders"),
  dashboardPage("order-new", "owner", () => "/orders/new", "Create order"),
  orderEstimatePage("order-new-estimate"),
  dashboardPage("order", "owner", (f) => `/orders/${f.orderNumber}`, /^Order #\d+$/),
  // The print view has no shell (app/(print)/layout.tsx): its first Tab is its back link.
  {
    ...dashboardPage("orders-print", "owner", (f) => `/orders/print?orders=${f.orderNumber}&show=all`, "Packing slips"),
    shell: false,
  },
  orderFulfilPage("order-fulfil-confirm", false),
  orderFulfilPage("order-fulfil-undo", true),
  orderFulfilTrackingPage("order-fulfil-tracking"),
  orderShippedPage("order-shipped"),
  dashboardPage("products", "owner", () => "/products"),
  productsSearchPage("products-search"),
  inventoryPage("products-inventory"),
  imagesByNamePage("products-images"),
  dashboardPage("product-new", "owner", () => "/products/new"),
  dashboardPage("product", "owner", (f) => `/products/${encodeURIComponent(f.productKey)}`),
  productImportFailedPage("product-import-failed"),
  dashboardPage("coupons", "owner", () => "/coupons"),
  dashboardPage("coupon-new", "owner", () => "/coupons/new"),
  // Its heading is the coupon's name (prepare() below), not the loading page's "Coupon".
  dashboardPage("coupon", "owner", (f) => `/coupons/${encodeURIComponent(f.couponId)}`, /^Pages coupon-/),
  dashboardPage("coupon-edit", "owner", (f) => `/coupons/${encodeURIComponent(f.couponId)}/edit`),
  dashboardPage("shipping", "owner", () => "/shipping"),
  dashboardPage("shipping-group", "owner", (f) => `/shipping/${encodeURIComponent(f.shippingGroupId)}`),
  shippingGroupDeletePage(),
  dashboardPage(
    "shipping-option-new",
    "owner",
    (f) => `/shipping/${encodeURIComponent(f.shippingGroupId)}/options/new`,
  ),
  dashboardPage(
    "shipping-option",
    "owner",
    (f) => `/shipping/${encodeURIComponent(f.shippingGroupId)}/options/${encodeURIComponent(f.shippingOptionId)}`,
  ),
  dashboardPage("tax", "owner", () => "/tax"),
  dashboardPage("tax-group", "owner", (f) => `/tax/${encodeURIComponent(f.taxGroupId)}`),
  dashboardPage("dev-mail", "owner", () => "/dev/mail"),
  dashboardPage("dev-ui", "owner", () => "/dev/ui"),
  dashboardPage("not-found", "owner", () => "/no-such-page", "Page not found"),
  dashboardPage("signin", "signed-out", () => "/signin"),
  dashboardPage("signed-out", "signed-out", () => "/signed-out"),
  {
    name: "store-sign-in",
    site: "store",
    visitor: "signed-out",
    shell: false,
    async open(page) {
      await throughSignIn(page);
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    },
  },
  {
    name: "store-consent",
    site: "store",
    visitor: "store-session",
    shell: false,
    async open(page) {
      await throughSignIn(page);
      await expect(page.getByRole("heading", { level: 1, name: /to access your store\?/ })).toBeVisible();
    },
  },
  {
    name: "store-set-password",
    site: "store",
    visitor: "signed-out",
    shell: false,
    async open(page, fixtures) {
      expect((await page.goto(fixtures.setPasswordLink))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
    },
  },
  {
    name: "store-sign-out",
    site: "store",
    visitor: "store-session",
    shell: false,
    async open(page) {
      await page.goto(`${e2e.storeUrl}/oauth2/logout`);
      await expect(page.getByRole("heading", { level: 1, name: /^Sign out of / })).toBeVisible();
    },
  },
  {
    name: "store-error",
    site: "store",
    visitor: "signed-out",
    shell: false,
    errorStatus: 400,
    async open(page) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: "no-such-application",
        redirect_uri: `${e2e.dashboardUrl}/api/auth/callback/store`,
        scope: "admin",
        state: "e2e",
      });
      expect((await page.goto(`${e2e.storeUrl}/oauth2/authorize?${query}`))?.status()).toBe(400);
      await expect(page.getByRole("heading", { level: 1, name: "This sign-in link is not valid" })).toBeVisible();
    },
  },
];

/** Everything the pages need, prepared once per spec file: one sign-in, one invitation. */
export interface Prepared {
  fixtures: Fixtures;
  /** The owner signed in to the dashboard and on the store's pages. */
  ownerState: StorageState;
  /** The same browser signed out of the dashboard: signed in on the store's pages only. */
  storeSessionState: StorageState;
  /** Removes what prepare() made in the store (the invited user). */
  cleanUp(): Promise<void>;
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export async function prepare(browser: Browser): Promise<Prepared> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, e2e.owner, "/");
    const token = await accessTokenOf(context);
    const casey = await findUser(token, e2e.staff("casey"));
    if (!casey) throw new Error("the casey fixture is missing");
    // An invited user (no password: the store mails them a set-password link).
    const invitee = uniqueEmail("pages");
    const created = await storeApi(token, "POST", "/api/v1/users", {
      email: invitee,
      permissions: JSON.stringify(["manage_orders"]),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const setPasswordLink = await setPasswordLinkFor(token, invitee);
    // A product with a bit of everything the editor shows.
    const product = await storeApi(token, "POST", "/api/v1/products", {
      name: uniqueEmail("Pages product").replace(/@.*/, ""),
      price: "24.00",
      sale_price: "19.50",
      cost: "9.00",
      categories: "Pages",
      options: JSON.stringify([
        { metadata: { Size: "S", Color: "Red" }, quantity: 3, surcharge: "0" },
        { metadata: { Size: "M", Color: "Blue" }, quantity: 5, surcharge: "2.00" },
      ]),
      extras: JSON.stringify([{ metadata: { "Gift wrap": "Yes" }, quantity: -1, surcharge: "3.00" }]),
      form: JSON.stringify({
        name: "Engraving",
        fields: [{ label: "Text", placeholder: "Up to 20 letters", type: "text" }],
      }),
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const productKey = String((product.body as { key: string }).key);
    // An API order of it: a line with an option and an extra, separate billing and shipping addresses.
    const productOptions = (product.body as { options: { key: string }[] }).options;
    const productExtras = (product.body as { extras: { key: string }[] }).extras;
    const address = (prefix: "bill" | "ship", first: string, city: string) => ({
      [`${prefix}_first_name`]: first,
      [`${prefix}_last_name`]: "Pages",
      [`${prefix}_street1`]: "1 Main Street",
      [`${prefix}_city`]: city,
      [`${prefix}_state`]: "CA",
      [`${prefix}_postal_code`]: "94105",
      [`${prefix}_country`]: "US",
      [`${prefix}_email`]: `${first.toLowerCase()}@example.com`,
    });
    const order = await storeApi(token, "POST", "/api/v1/orders", {
      line_1_product_option: productOptions[1]!.key,
      line_1_quantity: "2",
      line_1_product_extras: productExtras[0]!.key,
      ...address("bill", "Ada", "San Francisco"),
      ...address("ship", "Grace", "Oakland"),
      shipping: "4.00",
      tax: "0",
      send_notifications: "false",
    });
    expect(order.status, JSON.stringify(order.body)).toBeLessThan(300);
    const orderNumber = String(
      ((Array.isArray(order.body) ? order.body[0] : order.body) as { order_number: number }).order_number,
    );
    // A coupon with a dozen generated single-use codes: its page (the codes list) and its edit form.
    const now = Math.floor(Date.now() / 1000);
    const coupon = await storeApi(token, "POST", "/api/v1/coupons", {
      name: uniqueEmail("Pages coupon").replace(/@.*/, ""),
      type: "flat_discount",
      flat_rate: "5.00",
      threshold: "25.00",
      free_ship: "true",
      start_date: String(now - 86_400),
      end_date: String(now + 30 * 86_400),
      limit: "12",
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    const couponId = String((coupon.body as { id: number | string }).id);
    // A shipping group whose options show ranges, places and an exclusion; a tax group with rules.
    const shipping = await storeApi(token, "POST", "/api/v1/shipping_groups", {
      name: uniqueEmail("Pages shipping").replace(/@.*/, ""),
      options: JSON.stringify([
        {
          name: "Standard",
          per_cart_type: "flat_fee",
          per_cart_rate_raw: 4,
          quantity_range_rates: [
            { range_max: 3, rate_raw: 2 },
            { range_max: null, rate_raw: 5 },
          ],
          destinations: [
            { country: "US", allowed: true },
            { country: "US", region: "HI", allowed: false },
          ],
        },
        { name: "Anywhere", per_cart_type: "percentage", per_cart_rate_raw: 10, per_item_rate_raw: 1 },
      ]),
    });
    expect(shipping.status, JSON.stringify(shipping.body)).toBeLessThan(300);
    const shippingGroup = (Array.isArray(shipping.body) ? shipping.body[0] : shipping.body) as {
      id: number | string;
      options: { id: number | string }[];
    };
    const shippingGroupId = String(shippingGroup.id);
    const shippingOptionId = String(shippingGroup.options[0]!.id);
    // A tax group cannot be deleted through the contract: every run reuses one, its rules set afresh.
    const taxGroups = await storeApi(token, "GET", "/api/v1/tax_groups");
    let taxGroupId = String(
      (taxGroups.body as { id: number | string; name: string }[]).find((g) => g.name === "Pages tax group")?.id ?? "",
    );
    if (!taxGroupId) {
      const tax = await storeApi(token, "POST", "/api/v1/tax_groups", { name: "Pages tax group" });
      expect(tax.status, JSON.stringify(tax.body)).toBeLessThan(300);
      taxGroupId = String(((Array.isArray(tax.body) ? tax.body[0] : tax.body) as { id: number | string }).id);
    }
    const rules = await storeApi(token, "POST", `/api/v1/tax_groups/${taxGroupId}/rules`, {
      rules: JSON.stringify([
        { country: "US", rate: 5 },
        { country: "US", region: "CA", rate: 8.25, on_shipping: true },
        { country: "AU", region: "NewSouthWales", rate: 10 },
      ]),
    });
    expect(rules.status, JSON.stringify(rules.body)).toBeLessThan(300);
    const ownerState = await context.storageState();
    const storeSessionState = {
      ...ownerState,
      cookies: ownerState.cookies.filter((c) => !c.name.includes("next-auth")),
    };
    const inviteeId = (created.body as { id: number | string }).id;
    return {
      fixtures: {
        userId: String(casey.id),
        setPasswordLink,
        productKey,
        couponId,
        shippingGroupId,
        shippingOptionId,
        taxGroupId,
        orderNumber,
      },
      ownerState,
      storeSessionState,
      async cleanUp() {
        // Orders cannot be deleted through the contract: cancelled, its items go back into stock.
        await storeApi(token, "PUT", `/api/v1/orders/${orderNumber}`, { cancelled: "true" });
        const deleted = await storeApi(token, "DELETE", `/api/v1/users/${inviteeId}`);
        expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
        const gone = await storeApi(token, "DELETE", `/api/v1/products/${encodeURIComponent(productKey)}`);
        const couponGone = await storeApi(token, "DELETE", `/api/v1/coupons/${encodeURIComponent(couponId)}`);
        expect(couponGone.status, JSON.stringify(couponGone.body)).toBeLessThan(300);
        const shippingGone = await storeApi(token, "DELETE", `/api/v1/shipping_groups/${shippingGroupId}`);
        expect(shippingGone.status, JSON.stringify(shippingGone.body)).toBeLessThan(300);
        // A tax group cannot be deleted through the contract: it stays for the next run, with no rules.
        await storeApi(token, "POST", `/api/v1/tax_groups/${taxGroupId}/rules`, { rules: "[]" });
        expect(gone.status, JSON.stringify(gone.body)).toBeLessThan(300);
      },
    };
  } finally {
    await context.close();
  }
}

/**
 * A browser context for one visitor in one theme: the dashboard's `theme`
 * cookie and the system's colour scheme (which the store's pages follow) both
 * set to it.
 */
export async function openContext(
  browser: Browser,
  prepared: Prepared,
  visitor: Visitor,
  theme: Theme,
  viewport: ViewportSize = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  const storageState =
    visitor === "owner" ? prepared.ownerState : visitor === "store-session" ? prepared.storeSessionState : undefined;
  const context = await browser.newContext({
    baseURL: e2e.dashboardUrl,
    storageState,
    colorScheme: theme,
    viewport,
    reducedMotion: "reduce",
  });
  await context.addCookies([{ name: "theme", value: theme, url: e2e.dashboardUrl, sameSite: "Lax" }]);
  return context;
}

/** Opens `sitePage` and checks that it is shown in `theme` (a dashboard page renders the cookie's choice). */
export async function openPage(page: Page, sitePage: SitePage, fixtures: Fixtures, theme: Theme) {
  await sitePage.open(page, fixtures);
  if (sitePage.site === "dashboard") await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}
