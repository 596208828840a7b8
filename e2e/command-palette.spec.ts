import { type Page, expect, test } from "@playwright/test";
import { accessTokenOf, e2e, expectAccessible, signedIn, storeApi, unique } from "./support";

// The command palette and the keyboard shortcuts (components/shell/command-palette/,
// docs/design.md#command-palette): ⌘K / Ctrl+K on every page; pages, an order by
// number, products by name or SKU, coupons by name or code, users by email; the
// commands; "g" then a letter, "/" and "?"; what a person without a permission is
// offered; axe in both themes and at 390 px; and the same against the plain store.

const plainDashboardUrl = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
const plainStoreUrl = process.env.E2E_PLAIN_STORE_URL ?? "";

function palette(page: Page) {
  return page.getByRole("dialog", { name: "Search and commands" });
}
function paletteInput(page: Page) {
  return palette(page).getByRole("combobox", { name: /^Search pages/ });
}

async function openPalette(page: Page) {
  await page.keyboard.press("ControlOrMeta+k");
  await expect(paletteInput(page)).toBeFocused();
}

/** Types `query` and waits for the option `name` (the results may wait on the store or the catalogue). */
async function find(page: Page, query: string, name: string | RegExp) {
  await paletteInput(page).fill(query);
  const option = palette(page).getByRole("option", { name });
  await expect(option.first()).toBeVisible({ timeout: 20_000 });
  return option.first();
}

/** Moves the active option with the arrows until it is `name`, then opens it with Enter. */
async function choose(page: Page, name: string | RegExp) {
  const input = paletteInput(page);
  const options = palette(page).getByRole("option");
  const count = await options.count();
  for (let i = 0; i <= count; i++) {
    const activeId = await input.getAttribute("aria-activedescendant");
    const activeName = activeId ? await page.locator(`[id="${activeId}"]`).textContent() : "";
    if (activeName && (typeof name === "string" ? activeName.startsWith(name) : name.test(activeName))) {
      await page.keyboard.press("Enter");
      await expect(palette(page)).toBeHidden();
      return;
    }
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`no option ${name} among ${count}`);
}

async function addProduct(token: string, name: string, sku: string) {
  const created = await storeApi(token, "POST", "/api/v1/products", {
    name,
    price: "12.00",
    sku,
    options: JSON.stringify(
      ["S", "M"].map((size) => ({
        metadata: { Size: size },
        quantity: 3,
        surcharge: "0",
        fetch_sku: `${sku}-${size}`,
      })),
    ),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { key: string; name: string };
}

async function addOrder(token: string, optionKey: string) {
  const address = (prefix: "bill" | "ship") => ({
    [`${prefix}_first_name`]: "Margaret",
    [`${prefix}_last_name`]: "Palette",
    [`${prefix}_street1`]: "1 Keyboard Lane",
    [`${prefix}_city`]: "Springfield",
    [`${prefix}_state`]: "IL",
    [`${prefix}_postal_code`]: "62701",
    [`${prefix}_country`]: "US",
    [`${prefix}_email`]: "margaret@example.com",
  });
  const created = await storeApi(token, "POST", "/api/v1/orders", {
    ...address("bill"),
    ...address("ship"),
    line_1_product_option: optionKey,
    line_1_quantity: "1",
    send_notifications: "false",
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return (Array.isArray(created.body) ? created.body[0] : created.body) as { order_number: number };
}

test("finds pages, an order, products, coupons and users, and runs commands, from the keyboard", async ({
  page,
  context,
}) => {
  await signedIn(page, e2e.owner, "/");
  const token = await accessTokenOf(context);
  const name = unique("Palette lantern");
  const sku = unique("PAL-LAN", "-").toUpperCase();
  const product = await addProduct(token, name, sku);
  const { body: full } = await storeApi(token, "GET", `/api/v1/products/${encodeURIComponent(product.key)}`);
  const optionKey = (full as { options: { key: string }[] }).options[0]!.key;
  const order = await addOrder(token, optionKey);
  const couponName = unique("Palette spring sale");
  const code = unique("PALCODE", "").toUpperCase();
  const coupon = await storeApi(token, "POST", "/api/v1/coupons", {
    name: couponName,
    type: "percentage_off",
    percentage: "10",
    code,
    limit: "0",
    start_date: String(Math.floor(Date.now() / 1000) - 86_400),
    end_date: String(Math.floor(Date.now() / 1000) + 86_400),
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);

  // Empty: the pages and the commands.
  await openPalette(page);
  await expect(palette(page).getByRole("group", { name: "Pages" })).toBeVisible();
  await expect(palette(page).getByRole("group", { name: "Commands" })).toBeVisible();
  await expect(palette(page).getByRole("option", { name: "New product" })).toBeVisible();

  // A page, by the arrows and Enter.
  await find(page, "tax", /^Tax/);
  await choose(page, "Tax");
  await expect(page).toHaveURL(/\/tax$/);
  await expect(page.getByRole("heading", { level: 1, name: /Tax/ })).toBeVisible();

  // A product by its SKU, then by a word of its name (the catalogue is warm the second time).
  await openPalette(page);
  await find(page, sku.toLowerCase(), new RegExp(`^${name}`));
  await choose(page, name);
  await expect(page).toHaveURL(new RegExp(`/products/${encodeURIComponent(product.key)}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await openPalette(page);
  await paletteInput(page).fill(name.split(" ").slice(-1)[0]!);
  await expect(palette(page).getByRole("option", { name: new RegExp(`^${name}`) })).toBeVisible();
  // By an option's SKU (the inventory's and the pick list's): the server's search of its catalogue copy.
  await find(page, `${sku}-M`, new RegExp(`^${name}`));
  await page.keyboard.press("Escape");
  await expect(palette(page)).toBeHidden();

  // An order by its number, with who placed it.
  await openPalette(page);
  const orderOption = await find(page, `#${order.order_number}`, `Order #${order.order_number}`);
  await expect(orderOption).toContainText("Margaret Palette");
  await choose(page, `Order #${order.order_number}`);
  await expect(page).toHaveURL(new RegExp(`/orders/${order.order_number}$`));

  // A coupon by its name, and by its code.
  await openPalette(page);
  await find(page, couponName.toLowerCase(), couponName);
  await paletteInput(page).fill(code.toLowerCase());
  await expect(palette(page).getByRole("option", { name: new RegExp(`^${couponName}`) })).toContainText(
    `Coupon with the code ${code}`,
    { timeout: 20_000 },
  );
  await choose(page, couponName);
  await expect(page.getByRole("heading", { level: 1, name: couponName })).toBeVisible();

  // A user by email.
  const casey = e2e.staff("casey");
  await openPalette(page);
  await find(page, casey.slice(0, 6), casey);
  await choose(page, casey);
  await expect(page).toHaveURL(/\/users\/[^/]+$/);
  await expect(page.getByRole("main")).toContainText(casey);

  // Commands: the theme, and a new product.
  await openPalette(page);
  await find(page, "dark", "Switch to the dark theme");
  await choose(page, "Switch to the dark theme");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await openPalette(page);
  await find(page, "new prod", "New product");
  await choose(page, "New product");
  await expect(page).toHaveURL(/\/products\/new$/);

  // Ctrl+K works from inside a field too, and closes the palette again.
  await page.getByRole("textbox").first().focus();
  await openPalette(page);
  await page.keyboard.press("ControlOrMeta+k");
  await expect(palette(page)).toBeHidden();
  await openPalette(page);
  await find(page, "light", "Switch to the light theme");
  await choose(page, "Switch to the light theme");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});

test("g then a letter goes to a section, / finds the list's search, ? lists the shortcuts, none while typing", async ({
  page,
}) => {
  await signedIn(page, e2e.owner, "/");
  for (const [key, path, heading] of [
    ["o", "/orders", "Orders"],
    ["p", "/products", "Products"],
    ["c", "/coupons", "Coupons"],
    ["s", "/shipping", "Shipping"],
    ["t", "/tax", /Tax/],
    ["u", "/users", "Users"],
  ] as const) {
    await page.locator("main").click({ position: { x: 2, y: 2 } });
    await page.keyboard.press("g");
    await page.keyboard.press(key);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }

  // "/" on the products list: its search takes the focus, and typing there is typing.
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  const search = page.getByRole("main").getByRole("searchbox").first();
  // A key before the page has hydrated does nothing (CI saw it once on a loaded machine): ask until it is heard.
  await expect(async () => {
    await page.locator("main").click({ position: { x: 2, y: 2 } });
    await page.keyboard.press("/");
    await expect(search).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await page.keyboard.type("go");
  await expect(search).toHaveValue("go");
  await expect(page).toHaveURL(/\/products(\?.*)?$/);
  await page.keyboard.type("?");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // "?" away from fields: the sheet lists every shortcut.
  await page.locator("main").click({ position: { x: 2, y: 2 } });
  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toBeVisible();
  for (const label of ["Go to Orders", "Go to Users", "Search the list on this page", "Show these shortcuts"]) {
    await expect(sheet.getByText(label, { exact: true })).toBeVisible();
  }
  // No shortcut runs behind an open dialog.
  await page.keyboard.press("g");
  await page.keyboard.press("o");
  await expect(page).toHaveURL(/\/products(\?.*)?$/);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
});

test("offers only what the person may do", async ({ page }) => {
  // manage_orders and view_stats only (scripts/e2e.mjs).
  await signedIn(page, e2e.limited, "/orders");
  await page.locator("main").click({ position: { x: 2, y: 2 } });
  await page.keyboard.press("g");
  await page.keyboard.press("u");
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/orders$/);

  await openPalette(page);
  const options = palette(page).getByRole("option");
  await expect(palette(page).getByRole("option", { name: "Orders" })).toBeVisible();
  await expect(palette(page).getByRole("option", { name: "New order" })).toBeVisible();
  for (const hidden of [
    "Users",
    "Products",
    "Coupons",
    "New product",
    "Invite user",
    "Bulk edit products",
    "Inventory",
  ]) {
    await expect(options.filter({ hasText: new RegExp(`^${hidden}$`) })).toHaveCount(0);
  }
  // Nothing of what is hidden matches: only the way to a customer's orders, which manage_orders allows.
  await paletteInput(page).fill("casey");
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText("Orders of “casey”");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/orders\?q=casey$/);
  await expect(page.getByRole("heading", { name: /^All orders of “casey”/ })).toBeVisible();
});

test("the palette and the shortcuts sheet are accessible in both themes and at 390 px", async ({ browser }) => {
  for (const [label, options] of [
    ["desktop", { viewport: { width: 1280, height: 800 } }],
    ["390 px", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const) {
    const context = await browser.newContext({ ...options, baseURL: e2e.dashboardUrl });
    try {
      const page = await context.newPage();
      await signedIn(page, e2e.owner, "/");
      for (const theme of ["light", "dark"] as const) {
        await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
        if (label === "390 px") {
          // Phones have no ⌘K: the top bar's button opens it.
          await page.getByRole("button", { name: "Search and commands" }).click();
          await expect(paletteInput(page)).toBeFocused();
        } else {
          await openPalette(page);
        }
        await expectAccessible(page, `palette, empty (${label}, ${theme})`);
        await paletteInput(page).fill("o");
        await expect(palette(page).getByRole("option").first()).toBeVisible();
        await expectAccessible(page, `palette with results (${label}, ${theme})`);
        // Nothing matches but the way to a customer's orders (manage_orders), offered for any words.
        await paletteInput(page).fill("zzqqxx nothing");
        await expect(palette(page).getByRole("option")).toHaveCount(1);
        await expect(palette(page).getByRole("option")).toContainText("Orders of “zzqqxx nothing”");
        await expectAccessible(page, `palette with only the customer search (${label}, ${theme})`);
        if (label === "390 px") {
          const box = await palette(page).boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= 390).toBeTruthy();
        }
        await page.keyboard.press("Escape");
        await page.locator("main").click({ position: { x: 2, y: 2 } });
        await page.keyboard.press("?");
        await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
        await expectAccessible(page, `shortcuts sheet (${label}, ${theme})`);
        await page.keyboard.press("Escape");
      }
    } finally {
      await context.close();
    }
  }
});

test("works against a store without the extensions", async ({ page, browser }) => {
  test.skip(!plainDashboardUrl || !plainStoreUrl, "run through npm run test:e2e");
  // The plain store proxies the bundled one: a product made there is the plain store's too. Its token
  // comes from a sign-in in a context of its own (both dashboards' session cookies are for localhost).
  const other = await browser.newContext({ baseURL: e2e.dashboardUrl });
  let main: string;
  try {
    const mainPage = await other.newPage();
    await signedIn(mainPage, e2e.owner, "/");
    main = await accessTokenOf(other);
  } finally {
    await other.close();
  }
  await signedIn(page, e2e.owner, "/", { dashboardUrl: plainDashboardUrl, storeUrl: plainStoreUrl });
  const name = unique("Plain palette kettle");
  const sku = unique("PLAIN-KET", "-").toUpperCase();
  const product = await addProduct(main, name, sku);

  await page.locator("main").click({ position: { x: 2, y: 2 } });
  await openPalette(page);
  // No permissions named: every page is offered, the store decides.
  await expect(palette(page).getByRole("option", { name: "Users" })).toBeVisible();
  await find(page, sku, new RegExp(`^${name}`));
  await choose(page, name);
  await expect(page).toHaveURL(new RegExp(`/products/${encodeURIComponent(product.key)}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await page.keyboard.press("g");
  await page.keyboard.press("o");
  await expect(page).toHaveURL(/\/orders$/);
});
