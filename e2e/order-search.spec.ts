import { readFile } from "node:fs/promises";
import { type Page, expect, test } from "@playwright/test";
import { e2e, ownerTokenFrom, signedIn, storeApi, unique } from "./support";

/*
 * Finding a customer's orders by name or e-mail (components/orders/list/customer-search.tsx,
 * lib/store/orders/api.ts searchOrders): the bundled store searches itself (its extension,
 * docs/contract.md#extensions); against a plain store the dashboard searches the newest orders and says
 * which span it searched.
 */

const plainDashboardUrl = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
const plainStoreUrl = process.env.E2E_PLAIN_STORE_URL ?? "";

let ownerToken = "";
let optionKey = "";

test.beforeAll(async ({ browser }) => {
  ownerToken = await ownerTokenFrom(browser);
  const product = await storeApi(ownerToken, "POST", "/api/v1/products", {
    name: unique("Search mug"),
    price: "9.00",
    options: JSON.stringify([{ metadata: { Size: "One" }, quantity: 10_000, surcharge: "0" }]),
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  optionKey = (product.body as { options: { key: string }[] }).options[0]!.key;
});

/** An API order billed to `first last` (e-mail first.last@example.com), shipped to `shipTo` when given. */
async function addOrder(first: string, last: string, shipTo?: [string, string]): Promise<number> {
  const address = (prefix: string, [f, l]: [string, string]) => ({
    [`${prefix}_first_name`]: f,
    [`${prefix}_last_name`]: l,
    [`${prefix}_street1`]: "1 Test Street",
    [`${prefix}_city`]: "Springfield",
    [`${prefix}_state`]: "IL",
    [`${prefix}_postal_code`]: "62701",
    [`${prefix}_country`]: "US",
    [`${prefix}_email`]: `${f}.${l}@example.com`.toLowerCase(),
  });
  const created = await storeApi(ownerToken, "POST", "/api/v1/orders", {
    ...address("bill", [first, last]),
    ...address("ship", shipTo ?? [first, last]),
    line_1_product_option: optionKey,
    line_1_quantity: "1",
    shipping: "0",
    tax: "0",
    send_notifications: "false",
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return ((Array.isArray(created.body) ? created.body[0] : created.body) as { order_number: number }).order_number;
}

const table = (page: Page) => page.getByRole("table", { name: /orders/i });
const orderLink = (page: Page, n: number) => table(page).getByRole("link", { name: `#${n}`, exact: true });

/** The order numbers of the CSV that "Export CSV" downloads. */
async function exportedNumbers(page: Page): Promise<number[]> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const text = await readFile((await (await download).path())!, "utf8");
  return text
    .split("\r\n")
    .filter((line) => /^\d+,/.test(line))
    .map((line) => Number(line.split(",")[0]));
}

async function search(page: Page, text: string) {
  const form = page.getByRole("search", { name: "Search orders by customer" });
  await form.getByLabel("Customer", { exact: true }).fill(text);
  await form.getByRole("button", { name: "Search", exact: true }).click();
}

test("finds a customer's orders by name and by e-mail, billed or shipped to them, and says when none match", async ({
  page,
}) => {
  const last = unique("Satoh", "");
  const billed = await addOrder("Liam", last);
  // A gift: billed to someone else, shipped to the customer.
  const gift = await addOrder("Ana", unique("Ruiz", ""), ["Liam", last]);
  const other = await addOrder("Noah", unique("Other", ""));

  await signedIn(page, e2e.owner, "/orders");
  await search(page, `liam ${last.slice(0, 8)}`);
  await expect(page).toHaveURL(/[?&]q=liam/);
  await expect(page.getByRole("heading", { name: /^All orders of “liam .*” · 2$/ })).toBeVisible();
  await expect(orderLink(page, billed)).toBeVisible();
  await expect(orderLink(page, gift)).toBeVisible();
  await expect(orderLink(page, other)).toHaveCount(0);
  // The store searched all of them: nothing to say about a span.
  await expect(page.getByTestId("search-span")).toHaveCount(0);

  // The export takes the search's matches, not the whole tab.
  expect((await exportedNumbers(page)).sort()).toEqual([billed, gift].sort());
  await expect(page.getByRole("status").filter({ hasText: /^Exported 2 orders of “liam / })).toBeVisible();

  // By e-mail, whole.
  await search(page, `liam.${last}@example.com`);
  await expect(orderLink(page, billed)).toBeVisible();
  await expect(orderLink(page, gift)).toBeVisible();

  // The URL is the search: a reload shows it again, and Back returns to the one before.
  await page.reload();
  await expect(page.getByLabel("Customer", { exact: true })).toHaveValue(`liam.${last}@example.com`);
  await expect(orderLink(page, billed)).toBeVisible();

  await search(page, `nobody ${unique("x", "")}`);
  await expect(page.getByText(/^No orders of “nobody /)).toBeVisible();
  await page.getByRole("button", { name: "Clear the search" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(orderLink(page, other)).toBeVisible();
});

test.describe("against a plain store", () => {
  test.skip(!plainDashboardUrl || !plainStoreUrl, "run through npm run test:e2e");

  test("searches the newest orders itself and says which span it searched", async ({ browser }) => {
    const last = unique("Plainsato", "");
    const mine = await addOrder("Liam", last);
    const context = await browser.newContext({ baseURL: plainDashboardUrl });
    const page = await context.newPage();
    await signedIn(page, e2e.owner, "/orders", { dashboardUrl: plainDashboardUrl, storeUrl: plainStoreUrl });
    await search(page, last);
    await expect(orderLink(page, mine)).toBeVisible();
    await expect(page.getByRole("heading", { name: /^All orders of “plainsato.*” · 1$/i })).toBeVisible();
    await expect(page.getByTestId("search-span")).toHaveText(
      /^Searched (all [\d,]+ orders of this tab\.|the newest 500 orders, back to .+: this store cannot search its orders itself, so older ones are not included\.)$/,
    );
    expect(await exportedNumbers(page)).toEqual([mine]);
    await context.close();
  });
});
