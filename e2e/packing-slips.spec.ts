import { type Locator, type Page, expect, test } from "@playwright/test";
import { readPdf } from "./pdf";
import {
  ownerTokenFrom,
  accessTokenOf,
  e2e,
  expectAccessible,
  seededOpenOrder,
  signedIn,
  signIn,
  storeApi,
  unique,
  watchConsole,
} from "./support";

/*
 * Packing slips and the pick list (issue 31; app/(print)/orders/print,
 * components/orders/print, docs/architecture.md#printing) against the real
 * store: from a selection in the orders list and from an order's page, what
 * each slip and the pick list say, one order per printed page (page.pdf),
 * and the same against the plain store.
 */

interface ApiItem {
  key: string;
  metadata: Record<string, string>;
}
interface ApiProduct {
  key: string;
  options: ApiItem[];
  extras: ApiItem[];
}

const plainDashboardUrl = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
const plainStoreUrl = process.env.E2E_PLAIN_STORE_URL ?? "";

let token = "";
let teeName = "";
let mugName = "";
let sku = "";
let smallOption = "";
/** Three orders: A (M ×2 with gift wrap), B (M ×1 and the mug ×3), C (S ×1). */
let orders: { a: number; b: number; c: number; customer: string };

async function addOrder(customer: string, lines: Record<string, string>): Promise<number> {
  const address = (prefix: "bill" | "ship") => ({
    [`${prefix}_first_name`]: customer,
    [`${prefix}_last_name`]: "Slips",
    [`${prefix}_street1`]: "42 Shelf Row",
    [`${prefix}_city`]: "Portland",
    [`${prefix}_state`]: "OR",
    [`${prefix}_postal_code`]: "97201",
    [`${prefix}_country`]: "US",
    [`${prefix}_email`]: `${customer.toLowerCase()}@example.com`,
  });
  const created = await storeApi(token, "POST", "/api/v1/orders", {
    ...address("bill"),
    ...address("ship"),
    ...lines,
    shipping: "0",
    tax: "0",
    send_notifications: "false",
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return ((Array.isArray(created.body) ? created.body[0] : created.body) as { order_number: number }).order_number;
}

test.beforeAll(async ({ browser }) => {
  token = await ownerTokenFrom(browser);
  sku = unique("SLIP", "-")
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, "");
  teeName = unique("Slips tee");
  mugName = unique("Slips mug");
  const tee = await storeApi(token, "POST", "/api/v1/products", {
    name: teeName,
    sku,
    price: "20.00",
    options: JSON.stringify([
      { metadata: { Size: "S", Color: "Red" }, quantity: 1_000, surcharge: "0", fetch_sku: `${sku}-S` },
      { metadata: { Size: "M", Color: "Red" }, quantity: 1_000, surcharge: "0", fetch_sku: `${sku}-M` },
    ]),
    extras: JSON.stringify([{ metadata: { "Gift wrap": "Yes" }, quantity: -1, surcharge: "3.00" }]),
  });
  expect(tee.status, JSON.stringify(tee.body)).toBe(201);
  const mug = await storeApi(token, "POST", "/api/v1/products", {
    name: mugName,
    sku: `${sku}-MUG`,
    price: "9.00",
    quantity: "1000",
  });
  expect(mug.status, JSON.stringify(mug.body)).toBe(201);
  const [small, medium] = (tee.body as ApiProduct).options;
  const gift = (tee.body as ApiProduct).extras[0]!;
  const mugOption = (mug.body as ApiProduct).options[0]!;
  const customer = unique("Slips", "");
  smallOption = small!.key;
  orders = {
    customer,
    a: await addOrder(customer, {
      line_1_product_option: medium!.key,
      line_1_quantity: "2",
      line_1_product_extras: gift.key,
    }),
    b: await addOrder(customer, {
      line_1_product_option: medium!.key,
      line_1_quantity: "1",
      line_2_product_option: mugOption.key,
      line_2_quantity: "3",
    }),
    c: await addOrder(customer, { line_1_product_option: small!.key, line_1_quantity: "1" }),
  };
});

const slip = (page: Page, number: number): Locator =>
  page.getByRole("article", { name: `Packing slip · Order #${number}` });
const pickList = (page: Page) => page.getByRole("table", { name: "Items to pick, by SKU" });
const pickRow = (page: Page, rowSku: string) =>
  pickList(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: rowSku, exact: true }) });

/** What a slip of the test's orders shows: the store, the number, the address, each line. */
async function expectSlip(page: Page, number: number, storeName: string, lines: [string, string, string, number][]) {
  const one = slip(page, number);
  await expect(one).toBeVisible();
  await expect(one.locator("[data-slip-store]")).toHaveText(storeName);
  await expect(one.getByRole("heading", { level: 2 })).toHaveText(`Packing slip · Order #${number}`);
  await expect(one.locator("time").first()).toBeVisible();
  await expect(one.locator("[data-slip-address]")).toContainText(`${orders.customer} Slips`);
  await expect(one.locator("[data-slip-address]")).toContainText("42 Shelf Row");
  await expect(one.locator("[data-slip-address]")).toContainText("Portland, OR 97201");
  const rows = one.locator("[data-slip-line]");
  await expect(rows).toHaveCount(lines.length);
  for (const [index, [name, details, lineSku, quantity]] of lines.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(name);
    if (details) await expect(row).toContainText(details);
    await expect(row.locator("[data-slip-sku]")).toHaveText(lineSku);
    await expect(row.locator("[data-slip-quantity]")).toHaveText(String(quantity));
  }
}

/**
 * The page as Chromium prints it (print CSS, A4): its number of pages, and on which page each
 * slip's heading and the pick list's heading land (the PDF's outline: e2e/pdf.ts).
 */
async function printed(page: Page): Promise<{ pages: number; on: string[] }> {
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4", printBackground: true, outline: true, tagged: true });
  await page.emulateMedia({ media: null });
  const { pages, headings } = readPdf(pdf);
  // Page by page, the pick list and the slips on it: "pick list", "#1001"… (the slips' "Ship to" headings left out).
  const on = Array.from({ length: pages }, (_, index) =>
    headings
      .filter((h) => h.page === index)
      .flatMap((h) =>
        h.title.startsWith("Pick list") ? ["pick list"] : (/^Packing slip · Order (#\d+)$/.exec(h.title)?.[1] ?? []),
      )
      .join(" + "),
  );
  return { pages, on };
}

test("from a selection in the list: the pick list sums the orders, a slip per order, one order per printed page", async ({
  page,
}) => {
  const console = watchConsole(page);
  await signedIn(page, e2e.owner, "/orders?view=unfulfilled&count=100");
  for (const n of [orders.c, orders.a, orders.b]) {
    await page.getByRole("checkbox", { name: `Select order #${n}` }).check();
  }
  const bar = page.getByRole("region", { name: "Bulk fulfil", exact: true });
  await expect(bar).toContainText("3 selected");
  await bar.getByRole("link", { name: "Print packing slips" }).click();
  await expect(page).toHaveURL(/\/orders\/print\?orders=/);
  await expect(page.getByRole("heading", { level: 1, name: "Packing slips" })).toBeVisible();
  // Oldest first, as orders are packed; the pick list before the slips.
  const url = new URL(page.url());
  const consecutive = orders.b === orders.a + 1 && orders.c === orders.b + 1;
  expect(url.searchParams.get("orders")).toBe(
    consecutive ? `${orders.a}-${orders.c}` : `${orders.a},${orders.b},${orders.c}`,
  );
  await expect(page.locator("[data-slip]")).toHaveCount(3);
  expect(
    await page.locator("[data-slip]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-slip")))),
  ).toEqual([orders.a, orders.b, orders.c]);

  // The pick list: each option once, summed across the orders, by SKU; the extra after the SKUs.
  await expect(page.getByRole("heading", { name: /^Pick list · 9 items for 3 orders$/ })).toBeVisible();
  const skus = await pickList(page).locator("[data-pick-sku]").allTextContents();
  expect(skus).toEqual([`${sku}-M`, `${sku}-MUG`, `${sku}-S`, "No SKU"]);
  await expect(pickRow(page, `${sku}-M`).locator("[data-pick-quantity]")).toHaveText("3");
  await expect(pickRow(page, `${sku}-M`).locator("[data-pick-name]")).toHaveText(teeName);
  await expect(pickRow(page, `${sku}-M`).locator("[data-pick-values]")).toHaveText("Size: M · Color: Red");
  await expect(pickRow(page, `${sku}-M`)).toContainText(`#${orders.a} ×2, #${orders.b}`);
  await expect(pickRow(page, `${sku}-MUG`).locator("[data-pick-quantity]")).toHaveText("3");
  await expect(pickRow(page, `${sku}-S`).locator("[data-pick-quantity]")).toHaveText("1");
  const extra = pickList(page).locator("[data-pick-row]").last();
  await expect(extra.locator("[data-pick-name]")).toHaveText("Extra: Gift wrap: Yes");
  await expect(extra.locator("[data-pick-quantity]")).toHaveText("2");

  // Each slip: the store, the number, the address, each line with its option, extras, SKU and quantity.
  await expectSlip(page, orders.a, "Demo Store", [[teeName, "+ Gift wrap: Yes", `${sku}-M`, 2]]);
  await expect(slip(page, orders.a)).toContainText("Size: M · Color: Red");
  await expectSlip(page, orders.b, "Demo Store", [
    [teeName, "Size: M · Color: Red", `${sku}-M`, 1],
    [mugName, "", `${sku}-MUG`, 3],
  ]);
  await expectSlip(page, orders.c, "Demo Store", [[teeName, "Size: S · Color: Red", `${sku}-S`, 1]]);
  // No prices unless asked for.
  await expect(slip(page, orders.a)).not.toContainText("$");

  // Printed: the pick list on a page of its own, then one order a page; the toolbar is not on paper.
  expect(await printed(page)).toEqual({
    pages: 4,
    on: ["pick list", `#${orders.a}`, `#${orders.b}`, `#${orders.c}`],
  });
  await page
    .getByRole("navigation", { name: "What to print" })
    .getByRole("link", { name: "Packing slips", exact: true })
    .click();
  await expect(page).toHaveURL(/show=slips/);
  await expect(pickList(page)).toHaveCount(0);
  await expect(page.locator("[data-slip]")).toHaveCount(3);
  expect(await printed(page)).toEqual({ pages: 3, on: [`#${orders.a}`, `#${orders.b}`, `#${orders.c}`] });
  await page
    .getByRole("navigation", { name: "What to print" })
    .getByRole("link", { name: "Pick list", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Pick list" })).toBeVisible();
  await expect(page.locator("[data-slip]")).toHaveCount(0);
  expect(await printed(page)).toEqual({ pages: 1, on: ["pick list"] });
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
  await page.emulateMedia({ media: null });

  // Back to the list as it was.
  await page.getByRole("link", { name: "Back to orders" }).click();
  await expect(page).toHaveURL(/\/orders\?view=unfulfilled&count=100$/);
  expect(console.problems()).toEqual([]);
});

test("paper has a margin and a white page in the dark theme; a cancelled order offers no slip to print", async ({
  page,
}) => {
  await signedIn(page, e2e.owner, `/orders/${orders.a}`);
  await expect(page.getByRole("link", { name: "Print packing slip" })).toBeVisible();
  await page.getByRole("link", { name: "Print packing slip" }).click();
  await expect(slip(page, orders.a)).toBeVisible();
  await page.evaluate(() => (document.documentElement.dataset.theme = "dark"));
  await page.emulateMedia({ media: "print" });
  const paper = await page.evaluate(() => {
    const margins = [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules]
        .filter((rule) => rule instanceof CSSPageRule)
        .map((rule) => (rule as CSSPageRule).style.margin),
    );
    return {
      html: getComputedStyle(document.documentElement).backgroundColor,
      body: getComputedStyle(document.body).backgroundColor,
      margins,
    };
  });
  expect(paper).toEqual({ html: "rgb(255, 255, 255)", body: "rgb(255, 255, 255)", margins: ["12mm"] });
  await page.emulateMedia({ media: null });

  const cancelled = await addOrder(unique("Cancelled", ""), {
    line_1_product_option: smallOption,
    line_1_quantity: "1",
  });
  const answer = await storeApi(token, "PUT", `/api/v1/orders/${cancelled}`, { cancelled: "true" });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  await page.goto(`/orders/${cancelled}`);
  await expect(page.getByText("This order is cancelled")).toBeVisible();
  await expect(page.getByRole("link", { name: "Print packing slip" })).toHaveCount(0);
});

test("the order page's print link is the same element from the first paint on, so a click while the page loads is not lost", async ({
  page,
}) => {
  await signedIn(page, e2e.owner, "/");
  // Every print link element the page ever held, from its first paint on (the order page's other actions
  // come after it has hydrated: they must not make the link anew, or a press and a release can meet two
  // links). Moved is fine (streaming puts a part in its place): the same element, still in the page.
  await page.addInitScript(() => {
    const links = new Set<Element>();
    (window as unknown as { printLinks: Set<Element> }).printLinks = links;
    new MutationObserver(() => {
      for (const a of document.querySelectorAll("a")) if (a.textContent?.includes("Print packing slip")) links.add(a);
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(`/orders/${orders.a}`);
  // The lazy actions have come (Fulfil), after the link.
  await expect(page.getByRole("button", { name: "Fulfil" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Print packing slip" })).toBeVisible();
  const links = await page.evaluate(() => {
    const all = [...(window as unknown as { printLinks: Set<Element> }).printLinks];
    return { made: all.length, inThePage: all.filter((a) => a.isConnected).length };
  });
  expect(links).toEqual({ made: 1, inThePage: 1 });
  await page.getByRole("link", { name: "Print packing slip" }).click();
  await expect(slip(page, orders.a)).toBeVisible();
});

const bulkDashboardUrl = process.env.E2E_BULK_DASHBOARD_URL ?? "";
const bulkStoreUrl = process.env.E2E_BULK_STORE_URL ?? "";

test("unpaid orders are marked on their slips and left out of the pick list unless counted on purpose", async ({
  browser,
}) => {
  // The seeded store: its storefront orders include pending and failed ones.
  test.skip(!bulkDashboardUrl || !bulkStoreUrl, "run through npm run test:e2e");
  const context = await browser.newContext({ baseURL: bulkDashboardUrl });
  const page = await context.newPage();
  await signedIn(page, e2e.owner, "/", { dashboardUrl: bulkDashboardUrl, storeUrl: bulkStoreUrl });
  const bulkToken = await accessTokenOf(context);
  const paid = await seededOpenOrder(bulkStoreUrl, bulkToken, "paid");
  const pending = await seededOpenOrder(bulkStoreUrl, bulkToken, "pending");
  const failed = await seededOpenOrder(bulkStoreUrl, bulkToken, "failed");
  await page.goto(`/orders/print?orders=${paid},${pending},${failed}`);
  await expect(page.locator("[data-slip]")).toHaveCount(3);
  await expect(slip(page, pending).locator("[data-slip-unpaid]")).toHaveText(
    "Not paid: Payment pending. Check before packing.",
  );
  await expect(slip(page, failed).locator("[data-slip-unpaid]")).toHaveText(
    "Not paid: Payment failed. Check before packing.",
  );
  await expect(slip(page, paid).locator("[data-slip-unpaid]")).toHaveCount(0);

  // The pick list: the paid order only, and it says which are left out and why.
  await expect(page.getByRole("heading", { name: /^Pick list · [\d,]+ items? for 1 order$/ })).toBeVisible();
  const note = page.locator("[data-pick-unpaid]");
  await expect(note).toContainText("2 orders are not paid and left out:");
  await expect(note).toContainText(`#${pending} (Payment pending)`);
  await expect(note).toContainText(`#${failed} (Payment failed)`);
  await expect(pickList(page)).toContainText(`#${paid}`);
  await expect(pickList(page)).not.toContainText(`#${pending}`);
  await expect(pickList(page)).not.toContainText(`#${failed}`);
  // The slips' marks print, one order a page.
  const sorted = [paid, pending, failed].map((n) => `#${n}`);
  expect(await printed(page)).toEqual({ pages: 4, on: ["pick list", ...sorted] });

  // Counted on purpose, by keyboard: their items join the pick list, and it says so.
  await page.getByRole("link", { name: "Count their items too" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/unpaid=1/);
  await expect(page.getByRole("heading", { name: /^Pick list · [\d,]+ items for 3 orders$/ })).toBeVisible();
  await expect(note).toContainText("2 orders are not paid, and their items are counted:");
  await expect(pickList(page)).toContainText(`#${pending}`);
  await page.getByRole("link", { name: "Leave the unpaid orders out" }).click();
  await expect(page.getByRole("heading", { name: /^Pick list · [\d,]+ items? for 1 order$/ })).toBeVisible();
  await context.close();
});

test("an order that does not exist is listed as missing and the rest still print; prices on asking", async ({
  page,
}) => {
  // Five numbers: they are looked for in the orders list first (lib/store/orders/api-slips.ts), the missing ones alone.
  await signIn(
    page,
    e2e.owner,
    `/orders/print?orders=${orders.a},999999999,nope,${orders.c},${orders.b},999999998&show=slips&prices=1`,
  );
  const notice = page.getByRole("alert").filter({ hasText: "cannot be printed" });
  await expect(notice).toContainText("3 of what you chose cannot be printed; the other 3 orders print.");
  await expect(notice.getByRole("list", { name: "Not printed" })).toContainText(
    "#999999999: missing. Your store has no order #999999999.",
  );
  await expect(notice).toContainText("#999999998: missing.");
  await expect(notice).toContainText("“nope” is not an order number.");
  await expect(page.locator("[data-slip]")).toHaveCount(3);
  await expect(slip(page, orders.a).getByRole("columnheader", { name: "Price" })).toBeVisible();
  await expect(slip(page, orders.a)).toContainText("$20.00");
  // In the order given.
  expect(await printed(page)).toEqual({ pages: 3, on: [`#${orders.a}`, `#${orders.c}`, `#${orders.b}`] });

  // Nothing to print at all: a way back.
  await page.goto("/orders/print?orders=");
  await expect(page.getByRole("heading", { level: 1, name: "No orders to print" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose orders" })).toHaveAttribute("href", "/orders");
});

test("from an order's page: its slip alone, Print opens the browser's dialog, back to the order", async ({ page }) => {
  await signedIn(page, e2e.owner, `/orders/${orders.b}`);
  await page.getByRole("link", { name: "Print packing slip" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/print\\?orders=${orders.b}&show=slips`));
  await expectSlip(page, orders.b, "Demo Store", [
    [teeName, "Size: M · Color: Red", `${sku}-M`, 1],
    [mugName, "", `${sku}-MUG`, 3],
  ]);
  await expect(pickList(page)).toHaveCount(0);
  expect(await printed(page)).toEqual({ pages: 1, on: [`#${orders.b}`] });

  // The Print button calls the browser's own print dialog (stubbed here: headless has none to show).
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.getByRole("button", { name: "Print" }).focus();
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.getByRole("link", { name: `Back to order #${orders.b}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${orders.b}` })).toBeVisible();
});

test("fits a phone and is accessible in both themes", async ({ browser }) => {
  for (const theme of ["light", "dark"] as const) {
    const context = await browser.newContext({
      baseURL: e2e.dashboardUrl,
      viewport: { width: 390, height: 844 },
      colorScheme: theme,
    });
    await context.addCookies([{ name: "theme", value: theme, url: e2e.dashboardUrl, sameSite: "Lax" }]);
    const page = await context.newPage();
    await signedIn(page, e2e.owner, `/orders/print?orders=${orders.a}-${orders.a},${orders.b},999999999`);
    await expect(page.locator("[data-slip]")).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `packing slips (${theme}, 390 px)`);
    // On paper, the light scheme whatever the screen shows (tailwind.config.ts: @media print), on white.
    await page.emulateMedia({ media: "print" });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
    await page.emulateMedia({ media: null });
    await context.close();
  }
});

test.describe("against a plain store", () => {
  test.skip(!plainDashboardUrl || !plainStoreUrl, "run through npm run test:e2e");

  test("prints the same slips and pick list from a store without the extensions", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: plainDashboardUrl });
    const page = await context.newPage();
    await signedIn(page, e2e.owner, `/orders/${orders.a}`, {
      dashboardUrl: plainDashboardUrl,
      storeUrl: plainStoreUrl,
    });
    await page.getByRole("link", { name: "Print packing slip" }).click();
    // No STORE_NAME on the plain store's dashboard: the store's host names it.
    const storeName = new URL(plainStoreUrl).host;
    await expectSlip(page, orders.a, storeName, [[teeName, "+ Gift wrap: Yes", `${sku}-M`, 2]]);
    await page.goto(`/orders/print?orders=${orders.a},${orders.b},${orders.c}`);
    await expect(pickRow(page, `${sku}-M`).locator("[data-pick-quantity]")).toHaveText("3");
    await expect(page.locator("[data-slip]")).toHaveCount(3);
    expect(await printed(page)).toEqual({
      pages: 4,
      on: ["pick list", `#${orders.a}`, `#${orders.b}`, `#${orders.c}`],
    });
    await context.close();
  });
});
