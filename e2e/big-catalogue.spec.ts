import { expect, type Page, test } from "@playwright/test";
import { accessTokenOf, e2e, signedIn, storeRequest } from "./support";

/**
 * A catalogue of 100,000 products (docs/architecture.md#the-catalogue-copy): a store of its own, seeded
 * once for the suite (scripts/e2e.mjs, E2E_BIG_PRODUCTS), and its dashboard. The dashboard's server
 * reads the catalogue once into its copy; the products search and the command palette ask it for
 * matches (an option's SKU included), and a change made elsewhere reaches it through the store's list
 * of changes since its version (our store's extension), without reading 100,000 products again: a
 * product renamed, one made on top of the list (every product moves), a shipping group renamed.
 * It runs in the page walk's project: on the second worker, once the walk is done.
 */

const dashboardUrl = process.env.E2E_BIG_DASHBOARD_URL ?? "";
const storeUrl = process.env.E2E_BIG_STORE_URL ?? "";
const products = Number(process.env.E2E_BIG_PRODUCTS ?? 0);

test.skip(!dashboardUrl || !storeUrl, "run through npm run test:e2e");
test.use({ baseURL: dashboardUrl });

interface ApiProduct {
  key: string;
  name: string;
  options: { fetch_sku: string; default?: boolean }[];
}

const table = (page: Page) => page.getByRole("table", { name: /^Products/ });
const productLink = (page: Page, name: string) => table(page).getByRole("link", { name, exact: true });
const palette = (page: Page) => page.getByRole("dialog", { name: "Search and commands" });

test("finds a product among 100,000 by an option's SKU in the products search and the palette, and a rename or a product made on top elsewhere at once", async ({
  page,
  context,
}) => {
  // Budgets against a hang: the copy's first reading of 100,000 products takes about 40 s on this machine.
  test.setTimeout(240_000);
  await signedIn(page, e2e.owner, "/products", { dashboardUrl, storeUrl });
  const token = await accessTokenOf(context);

  // The copy is read once, at first need, whole.
  await expect
    .poll(
      async () => {
        const window = (await (await page.request.get("/api/catalogue?limit=0")).json()) as {
          phase: string;
          total: number;
        };
        return window.phase === "ready" ? window.total : -1;
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe(products);

  // A product with options from the middle of the catalogue, as another client reads it.
  const page200 = await storeRequest(
    storeUrl,
    token,
    "GET",
    `/api/v1/products?page=${Math.floor(products / 500)}&count=250`,
  );
  expect(page200.status).toBe(200);
  const product = (page200.body as ApiProduct[]).find((p) => p.options.some((o) => !o.default && o.fetch_sku))!;
  expect(product, "a product with options on that page").toBeTruthy();
  const optionSku = product.options.find((o) => !o.default && o.fetch_sku)!.fetch_sku;

  // The products search, by the option's SKU.
  await page.goto(`/products?q=${encodeURIComponent(optionSku.toLowerCase())}`);
  await expect(
    page.getByRole("heading", { name: new RegExp(`^Search “${optionSku.toLowerCase()}” · \\d+ products? found`) }),
  ).toBeVisible();
  await expect(productLink(page, product.name)).toBeVisible();

  // The palette, by the same SKU: Enter opens the product.
  await page.keyboard.press("ControlOrMeta+k");
  const input = palette(page).getByRole("combobox", { name: /^Search pages/ });
  await expect(input).toBeFocused();
  await input.fill(optionSku);
  const option = palette(page).getByRole("option", {
    name: new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  });
  await expect(option.first()).toBeVisible({ timeout: 20_000 });
  await option.first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${encodeURIComponent(product.key)}$`));

  // Renamed elsewhere (another app): the search finds the new name, the copy having read just that change.
  const renamed = `Renamed elsewhere ${Date.now()}`;
  const put = await storeRequest(storeUrl, token, "PUT", `/api/v1/products/${product.key}`, { name: renamed });
  expect(put.status).toBe(200);
  await page.goto(`/products?q=${encodeURIComponent(renamed)}`);
  await expect(productLink(page, renamed)).toBeVisible();

  // Made elsewhere at the top of the list, which moves all 100,000 down one place: the store tells that
  // as one shift, so the search's check of the copy (a cheap one, before it says "nothing found") takes
  // it in without reading every product again.
  const made = `Made elsewhere on top ${Date.now()}`;
  const post = await storeRequest(storeUrl, token, "POST", "/api/v1/products", { name: made });
  expect(post.status).toBe(201);
  await page.goto(`/products?q=${encodeURIComponent(made)}`);
  await expect(productLink(page, made)).toBeVisible();

  // A shipping group renamed elsewhere shows on every product of it: the store tells that as one line
  // too (parts), so a rename made just after it is found as soon (else: every product read again, 40 s).
  const groups = await storeRequest(storeUrl, token, "GET", "/api/v1/shipping_groups");
  expect(groups.status).toBe(200);
  const group = (groups.body as { id: number; name: string }[])[0]!;
  const regrouped = await storeRequest(storeUrl, token, "PUT", `/api/v1/shipping_groups/${group.id}`, {
    name: `${group.name} (renamed elsewhere)`,
  });
  expect(regrouped.status).toBe(200);
  const afterGroup = `Renamed after a group's change ${Date.now()}`;
  expect(
    (await storeRequest(storeUrl, token, "PUT", `/api/v1/products/${product.key}`, { name: afterGroup })).status,
  ).toBe(200);
  await page.goto(`/products?q=${encodeURIComponent(afterGroup)}`);
  await expect(productLink(page, afterGroup)).toBeVisible();
});
