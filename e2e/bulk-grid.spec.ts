import fs from "node:fs";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { decode } from "next-auth/jwt";
import { e2e, expectAccessible, storeRequest } from "./support";

/*
 * The bulk grid (docs/bulk-editing.md, issue 19) against the big store that
 * scripts/e2e.mjs seeds with 2,000 products, through its own dashboard: the
 * saves and reorders here touch no other spec's products. The session is made
 * once (beforeAll) and every test starts from it. What the grid saved is read
 * back from the store's API, never only from the page. Nothing is mocked: a
 * slow connection (Chromium's network throttling) stretches the loading where
 * a test edits while pages arrive.
 */

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests with \`npm run test:e2e\`.`);
  return value;
}

const bulk = {
  get dashboardUrl() {
    return required("E2E_BULK_DASHBOARD_URL");
  },
  get storeUrl() {
    return required("E2E_BULK_STORE_URL");
  },
  get products() {
    return Number(required("E2E_BULK_PRODUCTS"));
  },
};

test.skip(!process.env.E2E_BULK_DASHBOARD_URL, "run through npm run test:e2e");
test.use({ baseURL: process.env.E2E_BULK_DASHBOARD_URL });

/* ---------- the session ---------- */

/** Signs in at the bulk dashboard through its store's pages (as support.ts's signIn does at the main one). */
async function signInAt(page: Page, dashboardUrl: string, storeUrl: string, path: string) {
  await page.goto(`${dashboardUrl}${path}`);
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await page.waitForURL((url) => url.origin === new URL(storeUrl).origin);
  const signIn = page.getByRole("heading", { name: "Sign in", exact: true });
  const consent = page.getByRole("heading", { name: /to access your store\?/ });
  await expect(signIn.or(consent)).toBeVisible();
  if (await signIn.isVisible()) {
    await page.getByLabel("Email").fill(e2e.owner.email);
    await page.getByLabel("Password").fill(e2e.owner.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }
  await page.getByRole("button", { name: "Allow", exact: true }).click();
  await page.waitForURL((url) => url.origin === new URL(dashboardUrl).origin && url.pathname === path);
}

/** The store access token in the session cookie (the test knows the secret). */
async function tokenIn(context: BrowserContext, dashboardUrl: string): Promise<string> {
  const session = (await context.cookies(dashboardUrl)).find((c) => c.name === "next-auth.session-token");
  if (!session) throw new Error("no session cookie");
  const jwt = await decode({ token: session.value, secret: required("E2E_NEXTAUTH_SECRET") });
  if (typeof jwt?.accessToken !== "string") throw new Error("the session holds no access token");
  return jwt.accessToken;
}

let sessionFile = "";
let token = "";

test.beforeAll(async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, bulk.dashboardUrl, bulk.storeUrl, "/products");
  token = await tokenIn(context, bulk.dashboardUrl);
  sessionFile = testInfo.outputPath("bulk-session.json");
  await context.storageState({ path: sessionFile });
  await context.close();
});

// Every test starts signed in (the file is written by beforeAll, before the test's context is made).
test.use({
  storageState: async ({}, provide) => provide(sessionFile),
  permissions: ["clipboard-read", "clipboard-write"],
});

/* ---------- the store, read and written directly ---------- */

interface ApiProduct {
  key: string;
  name: string;
  name_short: string;
  slug: string;
  sku: string;
  status: string;
  price: string;
  price_raw: number;
  sale_price: string | null;
  order: number;
  modified: number;
  categories: string[];
  quantity: number;
  options: unknown[];
  shipping_group: { id: number; name: string } | null;
}

/** Talks to the big store's API directly, as a second client would (`at`: another store, with its token). */
async function storeCall(
  method: "GET" | "PUT" | "POST" | "DELETE",
  path: string,
  form?: Record<string, string>,
  at: { url: string; token: string } = { url: bulk.storeUrl, token },
): Promise<{ status: number; body: unknown; total: string | null }> {
  const { status, body, headers } = await storeRequest(at.url, at.token, method, path, form);
  return { status, body, total: headers.get("x-total-count") };
}

/** A slow connection for `page` (downloads at `bytesPerSecond`), so that the catalogue's pages arrive over seconds; returns the CDP session that sets it back. */
async function slowNetwork(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: 1024 * 1024,
  });
  return cdp;
}

/** Every product of the store, in its order, read 250 at a time. */
async function storeProducts(): Promise<ApiProduct[]> {
  const all: ApiProduct[] = [];
  for (let page = 0; ; page++) {
    const { status, body } = await storeCall("GET", `/api/v1/products?page=${page}&count=250`);
    expect(status).toBe(200);
    const items = body as ApiProduct[];
    all.push(...items);
    if (items.length < 250) return all;
  }
}

async function storeProduct(key: string): Promise<ApiProduct> {
  const { status, body } = await storeCall("GET", `/api/v1/products/${encodeURIComponent(key)}`);
  expect(status).toBe(200);
  return body as ApiProduct;
}

/** Keys of the products whose `modified` or any of `fields` differ between two reads of the store. */
function changedKeys(before: readonly ApiProduct[], after: readonly ApiProduct[], fields: (keyof ApiProduct)[]) {
  const then = new Map(before.map((p) => [p.key, p]));
  return after
    .filter((p) => {
      const was = then.get(p.key);
      return !was || was.modified !== p.modified || fields.some((f) => JSON.stringify(was[f]) !== JSON.stringify(p[f]));
    })
    .map((p) => p.key)
    .sort();
}

/** The grid's filter as a clerk means it: every word in the name, short name, SKU, key or slug; case ignored. */
function matching(
  products: readonly ApiProduct[],
  f: { text?: string; status?: string; category?: string; min?: number; max?: number },
) {
  const words = (f.text ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return products.filter((p) => {
    const hay = [p.name, p.name_short, p.sku, p.key, p.slug].join("\n").toLowerCase();
    return (
      words.every((w) => hay.includes(w)) &&
      (f.status === undefined || p.status === f.status) &&
      (f.category === undefined || p.categories.includes(f.category)) &&
      (f.min === undefined || p.price_raw >= f.min) &&
      (f.max === undefined || p.price_raw <= f.max)
    );
  });
}

/** "$68.00" as the grid shows it: "68.00". */
const amount = (price: string | null) => (price ?? "").replace(/^\$/, "");

/* ---------- the grid ---------- */

const gridOf = (page: Page) => page.getByRole("grid", { name: "Products" });
/** One product's row (rendered only while in view: filter or scroll to it first). */
const rowOf = (page: Page, key: string) => gridOf(page).locator(`[role="row"][data-key="${key}"]`);
const cellOf = (row: Locator, column: string) => row.locator(`[role="gridcell"][data-column="${column}"]`);
/** The keys of the rows in the DOM, in the grid's order. */
const shownKeys = async (page: Page) =>
  (
    await gridOf(page)
      .locator('[role="row"][data-key]')
      .evaluateAll((rows) =>
        rows
          .map((r) => ({ key: r.getAttribute("data-key")!, index: Number(r.getAttribute("aria-rowindex")) }))
          .sort((a, b) => a.index - b.index),
      )
  ).map((r) => r.key);

/** Opens the bulk page and waits until every product is in the grid. */
async function openGrid(page: Page) {
  await page.goto("/products/bulk");
  await loaded(page);
}

async function loaded(page: Page, count = bulk.products) {
  const grid = gridOf(page);
  // Budgets for a busy two-core machine, not timing checks.
  await expect(grid).toHaveAttribute("aria-busy", "false", { timeout: 45_000 });
  await expect(grid).toHaveAttribute("aria-rowcount", String(count + 1));
  await expect(page.getByRole("progressbar", { name: "Loading products" })).toHaveCount(0);
}

async function filterGrid(
  page: Page,
  f: { text?: string; status?: string; category?: string; min?: string; max?: string },
) {
  if (f.text !== undefined) await page.getByRole("searchbox", { name: "Search" }).fill(f.text);
  if (f.status !== undefined) await page.getByRole("combobox", { name: "Status" }).selectOption({ label: f.status });
  if (f.category !== undefined) await page.getByRole("combobox", { name: "Category" }).selectOption(f.category);
  if (f.min !== undefined) await page.getByRole("textbox", { name: "Price from" }).fill(f.min);
  if (f.max !== undefined) await page.getByRole("textbox", { name: "Price to" }).fill(f.max);
}

/** Clicks a cell (the grid takes focus and selects it). */
async function selectCell(page: Page, key: string, column: string) {
  const cell = cellOf(rowOf(page, key), column);
  await cell.click();
  await expect(cell).toHaveAttribute("aria-selected", "true");
  await expect(gridOf(page)).toBeFocused();
}

/** Types a value into a cell as a person does: select it, type, Enter. */
async function typeInto(page: Page, key: string, column: string, text: string) {
  await selectCell(page, key, column);
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

/** Puts `text` on the clipboard, selects the cell and pastes with Ctrl+V (a real paste event). */
async function pasteAt(page: Page, key: string, column: string, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await selectCell(page, key, column);
  await page.keyboard.press("ControlOrMeta+V");
}

const reviewDialog = (page: Page) => page.getByRole("dialog", { name: /^(Review changes|Saving|Changed since)/ });

/** The review panel's rows: product, field, "old → new". */
async function reviewRows(page: Page): Promise<string[][]> {
  const table = page.getByRole("table", { name: "Changes to save" });
  await expect(table).toBeVisible();
  return table
    .getByRole("row")
    .filter({ has: page.getByRole("cell") })
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.innerText.replace(/\s+/g, " ").trim())),
    );
}

/* ---------- the tests ---------- */

test("opens from the Products page and the navigation, and loads 2,000 products while the grid is usable", async ({
  page,
}) => {
  await page.goto("/products");
  await page.getByRole("main").getByRole("link", { name: "Bulk edit", exact: true }).click();
  await expect(page).toHaveURL(/\/products\/bulk$/);
  await expect(page.getByRole("heading", { name: "Bulk edit", level: 1 })).toBeVisible();
  // From the navigation, on a slow connection, so that the catalogue arrives over seconds: the grid
  // is edited before it is all in.
  await page.goto("/");
  const cdp = await slowNetwork(page, 100 * 1024);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Bulk edit" }).click();
  await expect(page).toHaveURL(/\/products\/bulk$/);
  const grid = gridOf(page);
  const progress = page.getByRole("progressbar", { name: "Loading products" });
  // The store sends X-Total-Count: the whole is known from the first page on, and the bar is determinate.
  await expect(grid).toHaveAttribute("aria-rowcount", String(bulk.products + 1));
  await expect(grid).toHaveAttribute("aria-busy", "true");
  await expect(progress).toHaveAttribute("aria-valuemax", String(bulk.products));
  // The first page is in. Sorted by SKU, last first, the top product's price is being typed while later
  // pages bring products above it (every page holds a later SKU of the same series): what was typed
  // goes to the product it was typed into.
  await expect.poll(async () => (await shownKeys(page)).length).toBeGreaterThan(0);
  const skuHeader = grid.getByRole("columnheader", { name: "SKU", exact: true });
  await skuHeader.getByRole("button").click();
  await skuHeader.getByRole("button").click();
  await expect(skuHeader).toHaveAttribute("aria-sort", "descending");
  const top = (await shownKeys(page))[0]!;
  await selectCell(page, top, "price");
  await page.keyboard.type("123.45");
  await expect(grid).toHaveAttribute("aria-busy", "true");
  const loadedCount = () =>
    page.evaluate(
      (all) =>
        Number(
          document
            .querySelector('[role="progressbar"][aria-label="Loading products"]')
            ?.getAttribute("aria-valuenow") ?? all,
        ),
      bulk.products,
    );
  const typedAt = await loadedCount();
  await expect.poll(loadedCount).toBeGreaterThanOrEqual(Math.min(bulk.products, typedAt + 200));
  expect((await shownKeys(page))[0], "a product came above the one being edited").not.toBe(top);
  await page.keyboard.press("Enter");
  const edited = cellOf(rowOf(page, top), "price");
  await expect(edited).toHaveText("123.45");
  await expect(edited).toHaveAttribute("data-changed", "");
  // Products came above it, and it kept its place on the screen (the grid's scroll anchoring).
  await expect(edited).toBeInViewport();
  await expect(page.getByText("1 change in 1 product")).toBeVisible();

  await loaded(page);
  // Enter moved the selection to the row below the edited product, and it stayed on that product.
  const editedRow = Number(await rowOf(page, top).getAttribute("aria-rowindex"));
  const below = gridOf(page).locator(`[role="row"][aria-rowindex="${editedRow + 1}"]`);
  await expect(cellOf(below, "price")).toHaveAttribute("aria-selected", "true");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // The edit survived the pages that came after it; undo takes it back.
  await expect(edited).toHaveText("123.45");
  await gridOf(page).press("ControlOrMeta+Z");
  await expect(edited).not.toHaveAttribute("data-changed");
  await expect(page.getByText("No changes yet")).toBeVisible();
});

test("filters, pastes a range, undoes a later edit, reviews, saves, and the store holds exactly that", async ({
  page,
}) => {
  const [before] = await Promise.all([storeProducts(), openGrid(page)]);
  expect(before).toHaveLength(bulk.products);

  // Text, status, category and price range: the grid keeps what the store's data says it should.
  const filter = { text: "fountain", status: "available", category: "Stationery", min: 60, max: 80 };
  const expected = matching(before, filter);
  expect(expected.length).toBeGreaterThanOrEqual(4);
  await filterGrid(page, { text: "fountain", status: "Available", category: "Stationery", min: "60", max: "80" });
  await expect(
    page.getByText(`${expected.length} products of ${bulk.products.toLocaleString("en")} match`),
  ).toBeVisible();
  await expect.poll(() => shownKeys(page)).toEqual(expected.map((p) => p.key));
  // The grid's rows are now the filter's: so is its row count (and the header).
  await expect(gridOf(page)).toHaveAttribute("aria-rowcount", String(expected.length + 1));

  // A 2-column × 3-row range from a spreadsheet: price and sale price of the first three rows.
  const [a, b, c, d] = expected as [ApiProduct, ApiProduct, ApiProduct, ApiProduct];
  const pasted = [
    { product: a, price: "61.50", sale: "55.00" },
    { product: b, price: "62.50", sale: "56.00" },
    { product: c, price: "63.50", sale: "57.00" },
  ];
  await pasteAt(page, a.key, "price", pasted.map((p) => `${p.price}\t${p.sale}`).join("\r\n") + "\r\n");
  for (const p of pasted) {
    const row = rowOf(page, p.product.key);
    await expect(cellOf(row, "price")).toHaveText(p.price);
    await expect(cellOf(row, "salePrice")).toHaveText(p.sale);
    await expect(cellOf(row, "price")).toHaveAttribute("data-changed", "");
    await expect(cellOf(row, "salePrice")).toHaveAttribute("data-changed", "");
  }
  // The cells beside the range did not move.
  await expect(cellOf(rowOf(page, d.key), "price")).not.toHaveAttribute("data-changed");
  await expect(cellOf(rowOf(page, a.key), "quantity")).not.toHaveAttribute("data-changed");

  // A later single edit, then Ctrl+Z: only that edit goes; the paste stays.
  await typeInto(page, d.key, "price", "64.25");
  await expect(cellOf(rowOf(page, d.key), "price")).toHaveText("64.25");
  await expect(page.getByText("7 changes in 4 products")).toBeVisible();
  await gridOf(page).press("ControlOrMeta+Z");
  await expect(cellOf(rowOf(page, d.key), "price")).toHaveText(amount(d.price));
  await expect(cellOf(rowOf(page, d.key), "price")).not.toHaveAttribute("data-changed");
  await expect(cellOf(rowOf(page, c.key), "salePrice")).toHaveText("57.00");
  await expect(page.getByText("6 changes in 3 products")).toBeVisible();

  // The review lists product, field and old → new for each change.
  await page.getByRole("button", { name: "Review and save" }).click();
  const dialog = reviewDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("6 changes in 3 products");
  expect(await reviewRows(page)).toEqual(
    pasted.flatMap((p) => [
      [p.product.name, "Price", `${amount(p.product.price)} → ${p.price}`],
      [p.product.name, "Sale price", `${amount(p.product.sale_price) || "empty"} → ${p.sale}`],
    ]),
  );
  await dialog.getByRole("button", { name: "Save 3 products" }).click();
  await expect(page.getByRole("region", { name: /^Notifications/ }).getByText("Saved 3 products.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No changes yet")).toBeVisible();

  // At the store: exactly those three changed, to exactly those values. Reloaded, the grid shows them.
  const [after] = await Promise.all([storeProducts(), page.reload().then(() => loaded(page))]);
  expect(changedKeys(before, after, ["price", "sale_price"])).toEqual(pasted.map((p) => p.product.key).sort());
  for (const p of pasted) {
    const stored = after.find((s) => s.key === p.product.key)!;
    expect([stored.price, stored.sale_price]).toEqual([`$${p.price}`, `$${p.sale}`]);
  }

  await filterGrid(page, { text: "fountain", category: "Stationery" });
  for (const p of pasted) {
    await expect(cellOf(rowOf(page, p.product.key), "price")).toHaveText(p.price);
    await expect(cellOf(rowOf(page, p.product.key), "salePrice")).toHaveText(p.sale);
  }
  await expect(cellOf(rowOf(page, d.key), "price")).toHaveText(amount(d.price));
});

test("an invalid value is marked in its cell with its reason and blocks the save until it is fixed", async ({
  page,
}) => {
  await openGrid(page);
  await filterGrid(page, { text: "wall shelf" });
  const [k0, k1, k2] = (await shownKeys(page)) as [string, string, string];
  const [p0, p1, p2] = await Promise.all([k0, k1, k2].map(storeProduct));

  await typeInto(page, k0, "price", "-5");
  await typeInto(page, k1, "salePrice", "twelve");
  await typeInto(page, k2, "sku", "SHELF-BULK-1");
  for (const [key, column, text] of [
    [k0, "price", "-5"],
    [k1, "salePrice", "twelve"],
  ] as const) {
    const cell = cellOf(rowOf(page, key), column);
    await expect(cell).toHaveText(text);
    await expect(cell).toHaveAttribute("aria-invalid", "true");
    await expect(cell).not.toHaveAttribute("data-changed");
  }
  await expect(cellOf(rowOf(page, k2), "sku")).toHaveAttribute("data-changed", "");
  await expect(page.getByText("3 changes in 3 products, 2 values to fix")).toBeVisible();
  // The line under the grid says why, for the selected cell.
  await selectCell(page, k0, "price");
  await expect(page.getByText(`Price of ${p0!.name}: Enter an amount of 0 or more.`)).toBeVisible();
  await selectCell(page, k1, "salePrice");
  await expect(page.getByText(`Sale price of ${p1!.name}: Enter an amount such as 12.50.`)).toBeVisible();

  // The review lists them first, with their reasons, and the save cannot start.
  await page.getByRole("button", { name: "Review and save" }).click();
  const dialog = reviewDialog(page);
  await expect(dialog.getByText("2 values cannot be saved as typed")).toBeVisible();
  expect(await reviewRows(page)).toEqual([
    [p0!.name, "Price", `${amount(p0!.price)} → -5 Enter an amount of 0 or more.`],
    [p1!.name, "Sale price", `${amount(p1!.sale_price) || "empty"} → twelve Enter an amount such as 12.50.`],
    [p2!.name, "SKU", `${p2!.sku} → SHELF-BULK-1`],
  ]);
  await expect(dialog.getByRole("button", { name: "Save 3 products" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Keep editing" }).click();
  await expect(dialog).toBeHidden();
  for (const was of [p0, p1, p2]) expect((await storeProduct(was!.key)).modified).toBe(was!.modified);

  // Fixed, the save goes: the corrected price, the SKU, and the sale price put back as it was.
  await typeInto(page, k0, "price", "12");
  await expect(cellOf(rowOf(page, k0), "price")).toHaveText("12.00");
  await expect(cellOf(rowOf(page, k0), "price")).not.toHaveAttribute("aria-invalid");
  await selectCell(page, k1, "salePrice");
  await page.keyboard.press("Delete");
  await expect(cellOf(rowOf(page, k1), "salePrice")).not.toHaveAttribute("aria-invalid");
  await page.getByRole("button", { name: "Review and save" }).click();
  await dialog.getByRole("button", { name: "Save 2 products" }).click();
  await expect(dialog).toBeHidden();
  expect((await storeProduct(k0)).price).toBe("$12.00");
  expect((await storeProduct(k2)).sku).toBe("SHELF-BULK-1");
  expect((await storeProduct(k1)).modified).toBe(p1!.modified);
});

test("a product changed at the store after the grid loaded it: keep mine, or take theirs", async ({ page }) => {
  await openGrid(page);
  await filterGrid(page, { text: "stoneware mug archive" });
  const [mineKey, theirsKey] = (await shownKeys(page)) as [string, string];
  const [mine, theirs] = [await storeProduct(mineKey), await storeProduct(theirsKey)];

  // Someone else changes both prices, after the grid read them.
  for (const key of [mineKey, theirsKey]) {
    const { status } = await storeCall("PUT", `/api/v1/products/${key}`, { price: "88.00" });
    expect(status).toBe(200);
  }
  await typeInto(page, mineKey, "price", "33");
  await typeInto(page, theirsKey, "price", "34");
  await page.getByRole("button", { name: "Review and save" }).click();
  const dialog = reviewDialog(page);
  await dialog.getByRole("button", { name: "Save 2 products" }).click();

  await expect(dialog).toHaveAccessibleName("Changed since you loaded them");
  const conflicts = dialog.getByRole("list", { name: "Conflicts" });
  const conflictOf = (name: string) => conflicts.getByRole("listitem").filter({ hasText: name }).first();
  await expect(conflictOf(mine.name)).toContainText(`Price: theirs 88.00, yours 33.00 (was ${amount(mine.price)})`);
  await expect(conflictOf(theirs.name)).toContainText(`Price: theirs 88.00, yours 34.00 (was ${amount(theirs.price)})`);
  await expect(dialog.getByRole("button", { name: "Apply choices" })).toBeDisabled();
  await dialog
    .getByRole("group", { name: `Keep whose values for ${mine.name}` })
    .getByRole("button", { name: "Keep mine" })
    .click();
  await dialog
    .getByRole("group", { name: `Keep whose values for ${theirs.name}` })
    .getByRole("button", { name: "Take theirs" })
    .click();
  await dialog.getByRole("button", { name: "Apply choices" }).click();

  // Back at the review: only mine is left, over their value.
  await expect(dialog).toHaveAccessibleName("Review changes");
  // 88.00 → 33.00 is a cut of more than half: the review says so.
  expect(await reviewRows(page)).toEqual([[mine.name, "Price", "88.00 → 33.00 Cut by 63 %: check that it is meant."]]);
  await dialog.getByRole("button", { name: "Save 1 product" }).click();
  await expect(dialog).toBeHidden();

  expect((await storeProduct(mineKey)).price).toBe("$33.00");
  expect((await storeProduct(theirsKey)).price).toBe("$88.00");
  await expect(cellOf(rowOf(page, mineKey), "price")).toHaveText("33.00");
  await expect(cellOf(rowOf(page, theirsKey), "price")).toHaveText("88.00");
  await expect(page.getByText("No changes yet")).toBeVisible();
});

test("reorders the store: one product dragged by its handle, one moved with Alt+Up, others keep their order", async ({
  page,
}) => {
  const [before] = await Promise.all([storeProducts(), openGrid(page)]);
  await page.getByRole("button", { name: "Reorder" }).click();
  await expect(page.getByRole("button", { name: "Reorder" })).toHaveAttribute("aria-pressed", "true");

  // The grid shows every product by its order: the first ten are the store's first ten.
  const byOrder = [...before].sort((a, b) => a.order - b.order);
  const first = byOrder.slice(0, 10);
  await expect.poll(async () => (await shownKeys(page)).slice(0, 10)).toEqual(first.map((p) => p.key));
  const [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10] = first as [
    ApiProduct,
    ApiProduct,
    ApiProduct,
    ApiProduct,
    ApiProduct,
    ApiProduct,
    ApiProduct,
    ApiProduct,
    ApiProduct,
    ApiProduct,
  ];

  // The fifth, dragged by its handle to just above the second.
  const handle = rowOf(page, p5.key).getByRole("gridcell", { name: `Drag to move ${p5.name}` });
  const from = (await handle.boundingBox())!;
  const to = (await rowOf(page, p2.key).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 8 });
  await page.mouse.up();
  // The tenth, with the keyboard: two places up.
  await selectCell(page, p10.key, "name");
  await page.keyboard.press("Alt+ArrowUp");
  await page.keyboard.press("Alt+ArrowUp");

  const shown = [p1, p5, p2, p3, p4, p6, p7, p10, p8, p9];
  await expect.poll(async () => (await shownKeys(page)).slice(0, 10)).toEqual(shown.map((p) => p.key));
  for (const [index, product] of shown.entries()) {
    await expect(cellOf(rowOf(page, product.key), "order")).toHaveText(String(index + 1));
  }
  const moved = shown.filter((p, index) => p.order !== index + 1);
  expect(moved.map((p) => p.name)).toEqual([p5, p2, p3, p4, p10, p8, p9].map((p) => p.name));
  // Told as moves: two products moved, five renumbered around them (not "7 changes in 7 products").
  await expect(page.getByText("2 products moved (5 renumbered)", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Review and save" }).click();
  const dialog = reviewDialog(page);
  await expect(dialog).toContainText("2 products moved (5 renumbered). Nothing is saved until you save.");
  expect((await reviewRows(page)).sort()).toEqual(
    moved.map((p) => [p.name, "Order", `${p.order} → ${shown.indexOf(p) + 1}`]).sort(),
  );
  await dialog.getByRole("button", { name: "Save 7 products" }).click();
  await expect(dialog).toBeHidden();

  // At the store: the seven hold the orders the grid showed; every other product kept its own.
  const after = await storeProducts();
  expect(changedKeys(before, after, ["order"])).toEqual(moved.map((p) => p.key).sort());
  const stored = new Map(after.map((p) => [p.key, p.order]));
  expect(shown.map((p) => stored.get(p.key))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  for (const [index, product] of shown.entries()) {
    await expect(cellOf(rowOf(page, product.key), "order")).toHaveText(String(index + 1));
    await expect(cellOf(rowOf(page, product.key), "order")).not.toHaveAttribute("data-changed");
  }
});

test("a save the store refuses in part: the saved products are saved, the others stay marked and editable", async ({
  page,
}) => {
  // A shipping group the grid offers, deleted at the store after the grid read the groups.
  const { status, body } = await storeCall("POST", "/api/v1/shipping_groups", {
    name: `Bulk gone ${Date.now().toString(36)}`,
    options: "[]",
  });
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  const group = (Array.isArray(body) ? body[0] : body) as { id: number; name: string };
  await openGrid(page);
  expect((await storeCall("DELETE", `/api/v1/shipping_groups/${group.id}`)).status).toBeLessThan(300);

  await filterGrid(page, { text: "cast iron skillet" });
  const [refusedKey, savedKey] = (await shownKeys(page)) as [string, string];
  const [refused, saved] = [await storeProduct(refusedKey), await storeProduct(savedKey)];
  await typeInto(page, refusedKey, "shippingGroup", group.name);
  await typeInto(page, savedKey, "sku", "SKILLET-BULK-1");
  await page.getByRole("button", { name: "Review and save" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Save 2 products" }).click();

  await expect(dialog).toHaveAccessibleName("Some products did not save");
  await expect(dialog).toContainText("Saved 1 product; 1 product did not save.");
  await expect(dialog.getByRole("list", { name: "Not saved" })).toHaveText(
    `${refused.name}: The store did not accept this shipping group.`,
  );
  expect((await storeProduct(savedKey)).sku).toBe("SKILLET-BULK-1");
  expect((await storeProduct(refusedKey)).modified).toBe(refused.modified);
  await dialog.getByRole("button", { name: "Back to the grid" }).click();

  // The refused product keeps its edit and says why; the saved one is clean.
  const refusedRow = rowOf(page, refusedKey);
  await expect(cellOf(refusedRow, "shippingGroup")).toHaveAttribute("data-changed", "");
  await expect(cellOf(refusedRow, "name")).toContainText("Not saved: The store did not accept this shipping group.");
  await expect(cellOf(rowOf(page, savedKey), "sku")).not.toHaveAttribute("data-changed");
  await expect(page.getByText("1 change in 1 product")).toBeVisible();
  await expect(page.getByText("1 product did not save", { exact: true })).toBeVisible();
  await selectCell(page, refusedKey, "shippingGroup");
  await expect(
    page.getByText(`${refused.name} did not save: The store did not accept this shipping group.`),
  ).toBeVisible();

  // Corrected, it saves, and the marks go.
  await page.keyboard.press("Delete");
  await page.getByRole("button", { name: "Review and save" }).click();
  await dialog.getByRole("button", { name: "Save 1 product" }).click();
  await expect(dialog).toBeHidden();
  await expect(cellOf(refusedRow, "name")).toHaveText(refused.name);
  await expect(page.getByText("1 product did not save", { exact: true })).toBeHidden();
  expect((await storeProduct(refusedKey)).shipping_group).toBeNull();
  expect(saved.key).toBe(savedKey);
});

/** A CSV file's rows (RFC 4180: quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted || (ch !== "," && ch !== "\n" && ch !== "\r")) {
      cell += ch;
    } else if (ch === ",") {
      endCell();
    } else if (ch === "\n") {
      endRow();
    }
  }
  if (cell || row.length) endRow();
  return rows;
}

test("exports the filtered rows to CSV, and imports a CSV as a dry run that saves only when asked", async ({
  page,
}) => {
  await openGrid(page);
  await filterGrid(page, { text: "trekking poles", status: "Coming soon" });
  const keys = await shownKeys(page);
  expect(keys.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByText(`${keys.length} products of ${bulk.products.toLocaleString("en")} match`)).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), "utf8");
  const [header, ...lines] = parseCsv(csv.replace(/^\uFEFF/, ""));
  expect(header).toEqual([
    "Key",
    "Name",
    "SKU",
    "Status",
    "Price",
    "Sale price",
    "Quantity",
    "Type",
    "Shipping group",
    "Tax group",
  ]);
  // A cell a spreadsheet would run as a formula (a key may start with "-") is written with a "'" first.
  const unguarded = (cell: string) => cell.replace(/^'(?=[=+\-@])/, "");
  expect(lines.map((line) => unguarded(line[0]!))).toEqual(keys);
  const [a, b] = [await storeProduct(keys[0]!), await storeProduct(keys[1]!)];
  for (const [line, product] of [
    [lines[0]!, a],
    [lines[1]!, b],
  ] as const) {
    expect(line.slice(0, 6).map(unguarded)).toEqual([
      product.key,
      product.name,
      product.sku,
      "Coming soon",
      amount(product.price),
      amount(product.sale_price),
    ]);
  }

  // A CSV of two new prices and a third as stored, over a grid where that third was edited: a dry run,
  // reviewed against the grid's values (the third edit is taken back), nothing saved until Save.
  const c = await storeProduct(keys[2]!);
  await typeInto(page, c.key, "price", "77");
  await expect(cellOf(rowOf(page, c.key), "price")).toHaveAttribute("data-changed", "");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import CSV" }).click();
  await (
    await chooser
  ).setFiles({
    name: "new-prices.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Key,Price\r\n${a.key},101.00\r\n${b.key},"102.50"\r\n${c.key},${amount(c.price)}\r\n`),
  });
  const dialog = reviewDialog(page);
  await expect(dialog).toContainText(
    "A dry run of new-prices.csv: 3 values in 3 rows would change. Nothing is saved until you save",
  );
  expect(await reviewRows(page)).toEqual([
    [a.name, "Price", `${amount(a.price)} → 101.00`],
    [b.name, "Price", `${amount(b.price)} → 102.50`],
  ]);
  await dialog.getByRole("button", { name: "Keep editing" }).click();
  expect((await storeProduct(a.key)).modified).toBe(a.modified);
  expect((await storeProduct(b.key)).modified).toBe(b.modified);
  await expect(cellOf(rowOf(page, a.key), "price")).toHaveText("101.00");
  await expect(cellOf(rowOf(page, c.key), "price")).toHaveText(amount(c.price));
  await expect(cellOf(rowOf(page, c.key), "price")).not.toHaveAttribute("data-changed");

  await page.getByRole("button", { name: "Review and save" }).click();
  await dialog.getByRole("button", { name: "Save 2 products" }).click();
  await expect(dialog).toBeHidden();
  expect((await storeProduct(a.key)).price).toBe("$101.00");
  expect((await storeProduct(b.key)).price).toBe("$102.50");
  expect((await storeProduct(c.key)).modified).toBe(c.modified);

  // A CSV none of which can be taken is turned away whole, and says so (not "parts were left out").
  const refused = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import CSV" }).click();
  await (
    await refused
  ).setFiles({ name: "no-key.csv", mimeType: "text/csv", buffer: Buffer.from(`Name,Price\r\n${a.name},5\r\n`) });
  await expect(page.getByText("The CSV was not imported: nothing in the grid changed")).toBeVisible();
  await expect(page.getByText("Parts of the CSV were left out")).toHaveCount(0);
  await expect(page.getByText("No changes yet")).toBeVisible();
});

test("on a phone the grid scrolls inside the page, and the page and its review have no serious axe violations", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGrid(page);
  // The grid starts high on the screen: the toolbar is compact, its other filters behind "Filters".
  const firstRow = (await gridOf(page).locator('[role="row"][aria-rowindex="2"]').boundingBox())!;
  expect(firstRow.y, "the grid's first row, px from the top of a 390 × 844 screen").toBeLessThan(480);
  await expect(page.getByRole("combobox", { name: "Status" })).toBeHidden();
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.getByRole("combobox", { name: "Status" })).toBeVisible();
  await page.getByRole("button", { name: "Filters" }).click();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  const grid = gridOf(page);
  const gridWidths = await grid.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(gridWidths.scroll).toBeGreaterThan(gridWidths.client);
  // A search box wide enough to read; beside the frozen name, the column a person comes to edit: Price, whole.
  expect((await page.getByRole("searchbox", { name: "Search" }).boundingBox())!.width).toBeGreaterThan(200);
  const [key, second, third] = (await shownKeys(page)) as [string, string, string];
  const [gridBox, priceBox] = [(await grid.boundingBox())!, (await cellOf(rowOf(page, key), "price").boundingBox())!];
  expect((await grid.getByRole("columnheader").allInnerTexts()).slice(0, 2)).toEqual(["Name", "Price"]);
  expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
  // A range shows, in both themes: its cells look unlike the cells outside it.
  await selectCell(page, key, "price");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(cellOf(rowOf(page, second), "price")).toHaveAttribute("aria-selected", "true");
  const look = (row: string) =>
    cellOf(rowOf(page, row), "price").evaluate((el) => {
      const style = getComputedStyle(el);
      return `${style.backgroundColor} ${style.boxShadow}`;
    });
  for (const theme of ["dark", "light"]) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    expect(await look(key), `the range in the ${theme} theme`).not.toBe(await look(third));
  }
  await expectAccessible(page, "bulk edit (390 px)");

  await typeInto(page, key, "sku", "PHONE-SKU");
  // A price cut by more than half: the review warns before anything reaches a customer.
  await typeInto(page, key, "price", "0.01");
  await page.getByRole("button", { name: "Review and save" }).click();
  await expect(reviewDialog(page).getByText("Check these prices before saving")).toBeVisible();
  await expect(reviewDialog(page)).toContainText(/Cut by \d+ %: check that it is meant\./);
  await expectAccessible(page, "bulk edit review (390 px)");
});

test("against a store without X-Total-Count: the products come a page at a time, counted, and a save works", async ({
  browser,
}) => {
  const plainDashboard = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
  const plainStore = process.env.E2E_PLAIN_STORE_URL ?? "";
  test.skip(!plainDashboard || !plainStore, "run through npm run test:e2e");
  // The main store behind the plain proxy (scripts/lib/plain-store.mjs), through its dashboard, in a
  // browser of its own (session cookies do not tell ports apart).
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, plainDashboard, plainStore, "/products");
  // Its token, at the main store itself (which sends X-Total-Count).
  const main = { url: e2e.storeUrl, token: await tokenIn(context, plainDashboard) };
  const mainStore = async (method: "GET" | "POST", path: string, form?: Record<string, string>) => {
    const answer = await storeCall(method, path, form, main);
    expect(answer.status, `${method} ${path}`).toBeLessThan(300);
    return answer;
  };

  // More than one page of the grid's reading (250 products): some made here, the other specs' too.
  const tag = `Bulk plain ${Date.now().toString(36)}`;
  const existing = Number((await mainStore("GET", "/api/v1/products?count=1")).total);
  const made: ApiProduct[] = [];
  for (let i = 0; i < Math.max(1, 280 - existing); i++) {
    const { body } = await mainStore("POST", "/api/v1/products", {
      name: `${tag} ${String(i + 1).padStart(3, "0")}`,
      price: "10.00",
      reorder_products: "false",
    });
    made.push(body as ApiProduct);
  }
  const total = Number((await mainStore("GET", "/api/v1/products?count=1")).total);
  expect(total).toBeGreaterThan(250);

  // The products loaded so far, from the grid's first render on (the page stays: a move within the app).
  // The grid's scripts are loaded first: opened afresh on a slow connection, the catalogue (asked for
  // with the page) can be all in before those scripts are, and the grid's first render shows it whole.
  await page.goto(`${plainDashboard}/products/bulk`);
  await loaded(page, total);
  await page.goto(`${plainDashboard}/products`);
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { rowCounts: number[] }).rowCounts = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Loading products"]');
      const value = Number(bar?.getAttribute("aria-valuenow") ?? NaN);
      if (Number.isFinite(value) && seen.at(-1) !== value) seen.push(value);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  });
  // A slow connection, so that the pages arrive one by one.
  const cdp = await slowNetwork(page, 24 * 1024);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Bulk edit" }).click();
  await expect(page).toHaveURL(/\/products\/bulk$/);
  const progress = page.getByRole("progressbar", { name: "Loading products" });
  // The store says no total, but the dashboard's copy of its catalogue counts it
  // (docs/architecture.md#the-catalogue-copy): the bar counts against that while the rows come.
  await expect(progress).toHaveAttribute("aria-valuetext", new RegExp(`of ${total.toLocaleString("en")}$`));
  await loaded(page, total);
  await expect(page.getByRole("grid")).toHaveAttribute("aria-rowcount", String(total + 1));
  const fast = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  await cdp.send("Network.emulateNetworkConditions", fast);
  const counts = await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts);
  expect(
    counts.some((n) => n > 0 && n < total),
    `in pages: ${counts.join(", ")}`,
  ).toBe(true);
  expect([...counts].sort((a, b) => a - b)).toEqual(counts);

  // A save through the plain store.
  const target = made[0]!;
  await filterGrid(page, { text: target.key });
  await expect.poll(() => shownKeys(page)).toEqual([target.key]);
  await typeInto(page, target.key, "price", "12.34");
  await page.getByRole("button", { name: "Review and save" }).click();
  const dialog = reviewDialog(page);
  await dialog.getByRole("button", { name: "Save 1 product" }).click();
  await expect(dialog).toBeHidden();
  await expect(cellOf(rowOf(page, target.key), "price")).toHaveText("12.34");
  await expect(cellOf(rowOf(page, target.key), "price")).not.toHaveAttribute("data-changed");
  const { body } = await mainStore("GET", `/api/v1/products/${target.key}`);
  expect((body as ApiProduct).price).toBe("$12.34");
  await context.close();
});

test("scrolling reuses the row elements, the rows keep their order for assistive technology, and the name column stays frozen sideways", async ({
  page,
}) => {
  await openGrid(page);
  const grid = gridOf(page);
  // Twenty screens down, a screen a frame (a fling): no row element is added or removed, each takes
  // another product in its place (docs/bulk-editing.md#the-grid).
  const rowsAddedAndRemoved = await grid.evaluate(async (el) => {
    const counts = { added: 0, removed: 0 };
    const isRow = (node: Node) => node instanceof Element && node.getAttribute("role") === "row";
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        counts.added += [...record.addedNodes].filter(isRow).length;
        counts.removed += [...record.removedNodes].filter(isRow).length;
      }
    });
    observer.observe(el, { childList: true, subtree: true });
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let screen = 1; screen <= 20; screen++) {
      el.scrollTop = screen * el.clientHeight;
      await frame();
    }
    observer.disconnect();
    return counts;
  });
  expect(rowsAddedAndRemoved).toEqual({ added: 0, removed: 0 });
  // The row elements are in the order of their slots, not of the rows: the rowgroup's aria-owns gives
  // assistive technology every rendered row, in the rows' order.
  const owned = await grid.evaluate((el) => {
    const group = el.querySelector('[role="rowgroup"][aria-owns]');
    const rows = [...el.querySelectorAll('[role="row"][data-key]')];
    const ids = group?.getAttribute("aria-owns")?.split(" ") ?? [];
    return {
      indexes: ids.map((id) => Number(document.getElementById(id)?.getAttribute("aria-rowindex"))),
      rendered: rows.length,
      inGroup: ids.every((id) => document.getElementById(id)?.parentElement === group),
    };
  });
  expect(owned.indexes).toHaveLength(owned.rendered);
  expect(owned.inGroup).toBe(true);
  expect(owned.indexes).toEqual([...owned.indexes].sort((a, b) => a - b));
  expect(new Set(owned.indexes).size).toBe(owned.rendered);
  // Scrolled sideways right after a scroll down (its frozen cells are not sticky while it scrolls
  // straight down): the name column stays at the grid's left edge.
  const edges = await grid.evaluate(async (el) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    el.scrollTop += 5 * 36;
    await frame();
    el.scrollLeft = 300;
    await frame();
    const names = [...el.querySelectorAll('[role="row"][data-key] [data-column="name"]')];
    return {
      grid: el.getBoundingClientRect().left + el.clientLeft,
      names: names.map((n) => n.getBoundingClientRect().left),
    };
  });
  expect(edges.names.length).toBeGreaterThan(0);
  for (const left of edges.names) expect(left).toBeCloseTo(edges.grid, 0);
});
