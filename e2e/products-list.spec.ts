import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { accessTokenOf, e2e, expectAccessible, signedIn, storeApi, unique } from "./support";

/*
 * The product list (components/products/list) against the real store. The
 * products are made through the store's API, as another client would, each
 * test in a category of its own: other specs add products to the same store.
 */

interface ApiProduct {
  key: string;
  name: string;
  status: string;
}

/** The slug the bundled store gives a new category (docs/contract.md#catalogue-and-settings). */
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

// An 8×8 orange PNG: enough for the store to make its five sizes.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4EaCBFTEMLQkAaplQAc/OcKAAAAAASUVORK5CYII=",
  "base64",
);

async function createProduct(token: string, fields: Record<string, string>): Promise<ApiProduct> {
  const { status, body } = await storeApi(token, "POST", "/api/v1/products", fields);
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body as ApiProduct;
}

async function uploadImage(token: string, key: string) {
  const form = new FormData();
  form.append("image", new Blob([png], { type: "image/png" }), "tee.png");
  const response = await fetch(`${e2e.storeUrl}/api/v1/products/${encodeURIComponent(key)}/images`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

async function readStatus(token: string, key: string): Promise<number | string> {
  const { status, body } = await storeApi(token, "GET", `/api/v1/products/${encodeURIComponent(key)}`);
  return status === 200 ? (body as ApiProduct).status : status;
}

/** The table of the list: "Products", or "Products in <slug>" while filtered. */
const table = (page: Page) => page.getByRole("table", { name: /^Products/ });
/** One product's row (a card on phones), by the link of its name. */
const row = (page: Page, name: string): Locator =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

async function tokenFor(page: Page, context: BrowserContext, path = "/products") {
  await signedIn(page, e2e.owner, path);
  return accessTokenOf(context);
}

/** Three products in a new category: on sale with unlimited stock and an image, sold out, and plain. */
async function threeProducts(token: string) {
  const category = unique("E2E list");
  const tee = await createProduct(token, {
    name: unique("Tee"),
    price: "25.00",
    sale_price: "19.99",
    quantity: "-1",
    sku: "LIST-TEE",
    status: "on sale",
    categories: category,
  });
  await uploadImage(token, tee.key);
  const mug = await createProduct(token, {
    name: unique("Mug"),
    price: "12.50",
    quantity: "0",
    sku: "LIST-MUG",
    status: "sold out",
    categories: category,
  });
  const cap = await createProduct(token, { name: unique("Cap"), price: "8", quantity: "7", categories: category });
  return { category, slug: slugOf(category), tee, mug, cap };
}

test("filters by a category typed or suggested, and shows thumbnails, prices, stock and SKUs", async ({
  page,
  context,
}) => {
  const token = await tokenFor(page, context);
  const { category, slug, tee, mug, cap } = await threeProducts(token);

  await page.reload();
  const filter = page.getByRole("search", { name: "Filter products by category" });
  const field = filter.getByLabel("Category");
  await field.focus();
  // The suggestions come from reading the whole catalogue in the background; the hint says so.
  await expect(filter.getByRole("status")).toContainText(/categor(y|ies) found in your \d+ products?\./);
  await expect(filter.locator(`datalist option[value="${category}"]`)).toHaveCount(1);
  // Typed by name in another case: the list shows the category's slug in the URL.
  await field.fill(category.toUpperCase());
  await filter.getByRole("button", { name: "Show category" }).click();
  await page.waitForURL((url) => url.searchParams.get("category") === slug);

  await expect(table(page).getByRole("row")).toHaveCount(4); // the header and three products
  // The heading names the category as its products do, not by its slug.
  await expect(page.getByRole("heading", { name: `Category “${category}” · 3 products` })).toBeVisible();
  const teeRow = row(page, tee.name);
  await expect(teeRow.getByRole("img", { name: tee.name })).toHaveAttribute("src", /-small\.\w+$/);
  // Loaded from the store's origin (the CSP's img-src allows it): a blocked image has no width.
  await expect
    .poll(() => teeRow.getByRole("img", { name: tee.name }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // Shown at its size: a table cell must not squeeze it to a sliver (img's max-width: 100%).
  const box = await teeRow.getByRole("img", { name: tee.name }).boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(40);
  await expect(teeRow).toContainText("On sale");
  await expect(teeRow).toContainText("$19.99");
  await expect(teeRow.locator("s")).toHaveText(/\$25\.00/);
  await expect(teeRow).toContainText("Unlimited");
  await expect(teeRow).toContainText("LIST-TEE");

  const mugRow = row(page, mug.name);
  await expect(mugRow).toContainText("Sold out");
  await expect(mugRow).toContainText("$12.50");
  await expect(mugRow.locator("s")).toHaveCount(0);
  await expect(mugRow).toContainText("Out of stock");
  await expect(mugRow.getByText("No image")).toHaveCount(1);

  const capRow = row(page, cap.name);
  await expect(capRow).toContainText("$8.00");
  await expect(capRow.getByRole("cell").nth(4)).toHaveText(/(^|\D)7$/);

  await expectAccessible(page, "products list, filtered");

  // The name opens the editor.
  await expect(teeRow.getByRole("link", { name: tee.name })).toHaveAttribute(
    "href",
    `/products/${encodeURIComponent(tee.key)}`,
  );

  // Back to everything.
  await page.getByRole("link", { name: "Show all products" }).click();
  await page.waitForURL((url) => url.pathname === "/products" && !url.searchParams.has("category"));
  await expect(page.getByRole("heading", { name: /^All products/ })).toBeVisible();
});

test("searches every product by name or SKU, whatever the case and accents, in the URL; Escape clears", async ({
  page,
  context,
}) => {
  const token = await tokenFor(page, context);
  const id = unique("", "").toUpperCase();
  const lamp = await createProduct(token, { name: `Desk Lámp ${id}`, price: "30", sku: `LMP-${id}` });
  const other = await createProduct(token, { name: `Desk tidy ${id}`, price: "9" });
  await page.reload();

  const search = page.getByRole("search", { name: "Search products" });
  const box = search.getByRole("searchbox", { name: "Search by name or SKU" });
  // By name, in other case and without the accent, as it is typed: no Enter needed, and the box keeps
  // focus and every letter typed while the results come.
  await box.pressSequentially(`lamp ${id.toLowerCase()}`, { delay: 30 });
  await page.waitForURL((url) => url.searchParams.get("q") === `lamp ${id.toLowerCase()}`);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(`lamp ${id.toLowerCase()}`);
  await expect(
    page.getByRole("heading", { name: `Search “lamp ${id.toLowerCase()}” · 1 product found` }),
  ).toBeVisible();
  await expect(table(page).getByRole("row")).toHaveCount(2);
  await expect(row(page, lamp.name)).toContainText(`LMP-${id}`);
  await expect(row(page, lamp.name)).toContainText("$30.00");

  // By SKU; both products by the word they share.
  await box.fill(`lmp-${id.toLowerCase()}`);
  await box.press("Enter");
  await page.waitForURL((url) => url.searchParams.get("q") === `lmp-${id.toLowerCase()}`);
  await expect(row(page, lamp.name)).toBeVisible();
  await expect(table(page).getByRole("row")).toHaveCount(2);
  await box.fill(`desk ${id}`);
  await box.press("Enter");
  await expect(row(page, other.name)).toBeVisible();
  await expect(table(page).getByRole("row")).toHaveCount(3);

  // Nothing matches: the empty state says what the search looks at.
  await box.fill(`no such thing ${id}`);
  await box.press("Enter");
  await expect(page.getByText(`No product matches “no such thing ${id}”`)).toBeVisible();

  // Escape clears the box and the search.
  await box.press("Escape");
  await page.waitForURL((url) => url.pathname === "/products" && !url.searchParams.has("q"));
  await expect(box).toHaveValue("");
  await expect(page.getByRole("heading", { name: /^All products/ })).toBeVisible();
});

test("finds a product by an option's SKU and by its slug: the dashboard's server searches its catalogue copy", async ({
  page,
  context,
}) => {
  const token = await tokenFor(page, context);
  const id = unique("", "").toUpperCase();
  const tee = (await createProduct(token, {
    name: `Crew tee ${id}`,
    price: "28",
    sku: `TEE-${id}`,
    options: JSON.stringify(
      ["M", "L"].map((size) => ({
        metadata: { Size: size },
        quantity: 3,
        surcharge: "0",
        fetch_sku: `TEE-${id}-${size}-NAV`,
      })),
    ),
  })) as ApiProduct & { slug: string };
  // An option's SKU, as the inventory and the pick list show it (made elsewhere: the search may revalidate first).
  const q = `tee-${id.toLowerCase()}-l-nav`;
  await page.goto(`/products?q=${q}`);
  await expect(page.getByRole("heading", { name: `Search “${q}” · 1 product found` })).toBeVisible();
  await expect(row(page, tee.name)).toBeVisible();
  await page.goto(`/products?q=${tee.slug}`);
  await expect(row(page, tee.name)).toBeVisible();
  // The copy serves a window: a page of the results, not the catalogue.
  const answer = await page.request.get(`/api/catalogue?q=${encodeURIComponent(`TEE-${id}-M-NAV`)}&limit=1`);
  expect(answer.status()).toBe(200);
  const window = (await answer.json()) as { total: number; rows: { name: string }[] };
  expect(window.rows.map((r) => r.name)).toEqual([tee.name]);
  expect(window.total).toBe(1);
});

test("pages through a category with next and previous, at the page size chosen", async ({ page, context }) => {
  const token = await tokenFor(page, context);
  const category = unique("E2E paging");
  const names: string[] = [];
  for (let i = 1; i <= 23; i++) {
    const name = `${category} item ${String(i).padStart(2, "0")}`;
    names.push(name);
    await createProduct(token, { name, price: "1", categories: category, reorder_products: "false" });
  }

  await page.goto(`/products?category=${slugOf(category)}`);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(table(page).getByRole("row")).toHaveCount(21);
  await expect(pagination).toContainText("Page 1");
  await pagination.getByRole("link", { name: "Next" }).click();
  await page.waitForURL((url) => url.searchParams.get("page") === "1");
  await expect(table(page).getByRole("row")).toHaveCount(4);
  await expect(pagination).toContainText(/Page 2.*21–23/);
  await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
  const second = await table(page).getByRole("link").allTextContents();

  await pagination.getByRole("link", { name: "Previous" }).click();
  await page.waitForURL((url) => !url.searchParams.has("page"));
  const first = await table(page).getByRole("link").allTextContents();
  // Every product once, over the two pages.
  expect([...first, ...second].sort()).toEqual(names);

  await page.getByLabel("Per page").selectOption("50");
  await page.waitForURL((url) => url.searchParams.get("count") === "50");
  await expect(table(page).getByRole("row")).toHaveCount(24);
  await expect(pagination).toHaveCount(0);
});

test("changes a product's status from its row at once; it stays changed after a reload", async ({ page, context }) => {
  const token = await tokenFor(page, context);
  const { slug, cap } = await threeProducts(token);
  await page.goto(`/products?category=${slug}`);

  await page.getByRole("button", { name: `Actions for ${cap.name}`, exact: true }).click();
  await expect(page.getByRole("menuitemradio", { name: "Available" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("menuitemradio", { name: "Hidden" }).click();
  await expect(row(page, cap.name)).toContainText("Hidden");
  await expect(toast(page, `“${cap.name}” is now hidden.`)).toBeVisible();
  expect(await readStatus(token, cap.key)).toBe("hidden");

  await page.reload();
  await expect(row(page, cap.name)).toContainText("Hidden");
});

test("an available product with a sale price reads 'On sale', as products marked on sale do", async ({
  page,
  context,
}) => {
  const token = await tokenFor(page, context);
  const category = unique("E2E sale");
  const reduced = await createProduct(token, {
    name: `${category} reduced`,
    price: "20",
    sale_price: "15",
    categories: category,
  });
  const marked = await createProduct(token, {
    name: `${category} marked`,
    price: "20",
    status: "on sale",
    categories: category,
  });
  const plain = await createProduct(token, { name: `${category} plain`, price: "20", categories: category });
  expect(reduced.status).toBe("available");
  await page.goto(`/products?category=${slugOf(category)}`);
  await expect(row(page, reduced.name)).toContainText("On sale");
  await expect(row(page, reduced.name)).not.toContainText("Available");
  await expect(row(page, marked.name)).toContainText("On sale");
  await expect(row(page, plain.name)).toContainText("Available");
});

test("deletes a product after a confirmation; cancelling keeps it", async ({ page, context }) => {
  const token = await tokenFor(page, context);
  const { slug, mug } = await threeProducts(token);
  await page.goto(`/products?category=${slug}`);
  const actions = page.getByRole("button", { name: `Actions for ${mug.name}`, exact: true });

  await actions.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete “${mug.name}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
  expect(await readStatus(token, mug.key)).toBe("sold out");

  await actions.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete product" }).click();
  await expect(row(page, mug.name)).toHaveCount(0);
  await expect(toast(page, `Deleted “${mug.name}”.`)).toBeVisible();
  expect(await readStatus(token, mug.key)).toBe(404);
  await page.reload();
  await expect(table(page).getByRole("row")).toHaveCount(3);
});

test("folds into cards on a phone, with each value named", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await tokenFor(page, context);
  const { slug, tee } = await threeProducts(token);
  await page.goto(`/products?category=${slug}`);
  const card = row(page, tee.name);
  await expect(card).toContainText("Price");
  await expect(card).toContainText("Stock");
  // Compact: three products take at most 160 px each, the gap between the cards included.
  const boxes = await table(page)
    .locator("tbody > tr")
    .evaluateAll((rows) =>
      rows.map((r) => {
        const box = r.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom };
      }),
    );
  expect(boxes).toHaveLength(3);
  expect((boxes[2]!.bottom - boxes[0]!.top) / 3, "px per product").toBeLessThanOrEqual(160);
  // The name and the menu are both on screen once the card is.
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole("link", { name: tee.name })).toBeInViewport();
  await expect(card.getByRole("button", { name: new RegExp(tee.name) })).toBeInViewport();
  // No sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("works against a store without the extensions: a list on update, 204 on delete", async ({
  page,
  context,
  browser,
}) => {
  const plainDashboard = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
  const plainStore = process.env.E2E_PLAIN_STORE_URL ?? "";
  test.skip(!plainDashboard || !plainStore, "run through npm run test:e2e");
  const token = await tokenFor(page, context);
  const { slug, tee, cap } = await threeProducts(token);

  // The same store behind the plain proxy (scripts/lib/plain-store.mjs), through the third
  // dashboard, in a browser of its own (session cookies do not tell ports apart).
  const plainContext = await browser.newContext();
  page = await plainContext.newPage();
  await signedIn(page, e2e.owner, `/products?category=${slug}`, { dashboardUrl: plainDashboard, storeUrl: plainStore });

  await expect(row(page, tee.name)).toContainText("$19.99");
  await page.getByRole("button", { name: `Actions for ${cap.name}`, exact: true }).click();
  await page.getByRole("menuitemradio", { name: "Coming soon" }).click();
  await expect(toast(page, `“${cap.name}” is now coming soon.`)).toBeVisible();
  expect(await readStatus(token, cap.key)).toBe("coming soon");

  await page.getByRole("button", { name: `Actions for ${tee.name}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete product" }).click();
  await expect(toast(page, `Deleted “${tee.name}”.`)).toBeVisible();
  expect(await readStatus(token, tee.key)).toBe(404);
  await plainContext.close();
});
