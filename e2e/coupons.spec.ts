import fs from "node:fs";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { accessTokenOf, e2e, signedIn, storeApi, toastSaying, unique } from "./support";

/** A coupon as the store answers it (docs/contract.md#coupons). */
interface ApiCoupon {
  id: number;
  name: string;
  type: string;
  codes: { code: string; type: string; active: boolean; created: number }[];
  start_date: number;
  end_date: number;
  limit: number;
  hits: number;
  redeemed: number;
  free_ship: boolean;
  percentage_raw: number | null;
  flat_rate_raw: number | null;
  threshold_raw: number | null;
}

const uniqueCode = (prefix: string) => unique(prefix, "").toUpperCase();

const day = 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Creates a coupon in the store directly, as another client would. */
async function addCoupon(context: BrowserContext, fields: Record<string, string>): Promise<ApiCoupon> {
  const token = await accessTokenOf(context);
  const created = await storeApi(token, "POST", "/api/v1/coupons", {
    type: "percentage_off",
    percentage: "10",
    start_date: String(nowSeconds() - day),
    end_date: String(nowSeconds() + 30 * day),
    limit: "0",
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as ApiCoupon;
}

async function storedCoupon(
  context: BrowserContext,
  id: number | string,
): Promise<{ status: number; coupon: ApiCoupon }> {
  const { status, body } = await storeApi(await accessTokenOf(context), "GET", `/api/v1/coupons/${id}`);
  return { status, coupon: body as ApiCoupon };
}

/** The start of a day in the browser's time zone, in UNIX seconds (what the form sends). */
function localDay(page: Page, date: string, { end = false } = {}): Promise<number> {
  return page.evaluate(
    ([d, isEnd]) => {
      const [y, m, dd] = (d as string).split("-").map(Number);
      return new Date(y!, m! - 1, dd! + (isEnd ? 1 : 0)).getTime() / 1000;
    },
    [date, end] as const,
  );
}

/** The row of one coupon in the Coupons table (a card on phones), by its name's link. */
function couponRow(page: Page, name: string): Locator {
  return page
    .getByRole("table", { name: "Coupons" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
}

function idFromUrl(page: Page): string {
  const match = /\/coupons\/([^/?#]+)$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not on a coupon's page: ${page.url()}`);
  return decodeURIComponent(match[1]!);
}

async function openNewCoupon(page: Page) {
  await page.goto("/coupons");
  await page.getByRole("main").getByRole("link", { name: "Create coupon" }).first().click();
  await expect(page).toHaveURL(/\/coupons\/new$/);
  await expect(page.getByRole("heading", { name: "Create coupon", level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeVisible();
}

test.beforeEach(async ({ page, baseURL }) => {
  // The plain store's tests (at the end) sign in to their own dashboard.
  if (baseURL && baseURL === process.env.E2E_PLAIN_DASHBOARD_URL) return;
  await signedIn(page, e2e.owner, "/coupons");
});

test("lists coupons with their type, validity, usage and codes", async ({ page, context }) => {
  const active = await addCoupon(context, { name: unique("Active"), code: uniqueCode("ACT"), limit: "100" });
  const upcoming = await addCoupon(context, {
    name: unique("Upcoming"),
    type: "flat_discount",
    percentage: "",
    flat_rate: "5.00",
    threshold: "50",
    code: uniqueCode("UP"),
    start_date: String(nowSeconds() + 10 * day),
    end_date: String(nowSeconds() + 20 * day),
  });
  const expired = await addCoupon(context, {
    name: unique("Expired"),
    type: "free_shipping",
    percentage: "",
    limit: "3",
    start_date: String(nowSeconds() - 20 * day),
    end_date: String(nowSeconds() - 10 * day),
  });
  await page.reload();

  const a = couponRow(page, active.name);
  await expect(a).toContainText("10% off");
  await expect(a).toContainText("Percentage off");
  await expect(a).toContainText("Active");
  await expect(a).toContainText("0 of 100 used");
  await expect(a).toContainText(active.codes[0]!.code);

  const u = couponRow(page, upcoming.name);
  await expect(u).toContainText("$5.00 off orders of $50.00 or more");
  await expect(u).toContainText("Amount off");
  await expect(u).toContainText("Upcoming");
  await expect(u).toContainText("0 used");
  await expect(u).toContainText("Unlimited");

  const e = couponRow(page, expired.name);
  await expect(e).toContainText("Free shipping");
  await expect(e).toContainText("Expired");
  await expect(e).toContainText("0 of 3 used");
  await expect(e).toContainText("3 single-use codes");
  await expect(e).toContainText("0 tries at checkout");

  // Never the store's raw names.
  expect(await page.getByRole("main").innerText()).not.toMatch(/percentage_off|flat_discount|free_shipping|one_use/);
});

test("creates a percentage-off coupon with a code: the store holds it", async ({ page, context }) => {
  await openNewCoupon(page);
  const name = unique("Spring");
  const code = uniqueCode("SPRING");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await expect(page.getByRole("radio", { name: "Percentage off" })).toBeChecked();
  // Only the chosen type's fields.
  await expect(page.getByLabel("Amount (USD)")).toHaveCount(0);
  await page.getByLabel("Percentage (%)").fill("15");
  await page.getByRole("checkbox", { name: "Also give free shipping" }).check();
  await page.getByLabel("Start date").fill("2030-03-01");
  await page.getByLabel("End date").fill("2030-03-31");
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await expect(page.getByRole("checkbox", { name: "Unlimited uses" })).toBeChecked();
  await page.getByRole("button", { name: "Create coupon" }).click();

  await expect(page).toHaveURL(/\/coupons\/[^/]+$/);
  await expect(toastSaying(page, `Created the coupon ${name}.`)).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("15% off + free shipping");
  await expect(page.getByRole("main")).toContainText("Upcoming");

  const { coupon } = await storedCoupon(context, idFromUrl(page));
  expect(coupon).toMatchObject({
    name,
    type: "percentage_off",
    percentage_raw: 15,
    free_ship: true,
    limit: 0,
    start_date: await localDay(page, "2030-03-01"),
    end_date: await localDay(page, "2030-03-31", { end: true }),
  });
  expect(coupon.codes.map((c) => [c.code, c.type])).toEqual([[code, "multi_use"]]);
});

test("creates an amount-off coupon with a minimum order and a limit", async ({ page, context }) => {
  await openNewCoupon(page);
  const name = unique("Five off");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("radio", { name: "Amount off" }).check();
  await expect(page.getByLabel("Percentage (%)")).toHaveCount(0);
  await page.getByLabel("Amount (USD)").fill("5");
  await page.getByLabel("Minimum order (USD)").fill("50.00");
  await page.getByLabel("End date").fill("2099-12-31");
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(uniqueCode("FIVE"));
  await page.getByRole("checkbox", { name: "Unlimited uses" }).uncheck();
  await page.getByLabel("Uses allowed").fill("10");
  await page.getByRole("button", { name: "Create coupon" }).click();

  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("$5.00 off orders of $50.00 or more");
  await expect(page.getByRole("main")).toContainText("0 of 10 used");
  await expect(page.getByRole("definition").filter({ hasText: "10 uses" })).toHaveText(/^10 uses/);
  await expect(page.getByRole("main")).toContainText("Active");
  const { coupon } = await storedCoupon(context, idFromUrl(page));
  expect(coupon).toMatchObject({
    type: "flat_discount",
    flat_rate_raw: 5,
    threshold_raw: 50,
    limit: 10,
    free_ship: false,
  });
});

test("creates a free-shipping coupon: no amount to enter, no extra free shipping to tick", async ({
  page,
  context,
}) => {
  await openNewCoupon(page);
  const name = unique("Ship free");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("radio", { name: "Free shipping" }).check();
  await expect(page.getByLabel("Percentage (%)")).toHaveCount(0);
  await expect(page.getByLabel("Amount (USD)")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Also give free shipping" })).toHaveCount(0);
  await page.getByLabel("End date").fill("2099-12-31");
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(uniqueCode("SHIP"));
  await page.getByRole("button", { name: "Create coupon" }).click();

  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const { coupon } = await storedCoupon(context, idFromUrl(page));
  expect(coupon).toMatchObject({ type: "free_shipping", percentage_raw: null, flat_rate_raw: null, limit: 0 });
});

test("generates 500 single-use codes, searches them, copies one and downloads them all as CSV", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.dashboardUrl });
  await openNewCoupon(page);
  const name = unique("Mailing");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByLabel("Percentage (%)").fill("20");
  await page.getByLabel("End date").fill("2099-12-31");
  await page.getByRole("radio", { name: "Generate single-use codes" }).check();
  await expect(page.getByRole("textbox", { name: "Code", exact: true })).toHaveCount(0);
  await page.getByLabel("How many codes").fill("500");
  await page.getByRole("button", { name: "Create coupon" }).click();

  await expect(toastSaying(page, `Created the coupon ${name} with 500 single-use codes.`)).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const { coupon } = await storedCoupon(context, idFromUrl(page));
  expect(coupon.limit).toBe(500);
  expect(coupon.codes).toHaveLength(500);
  expect(new Set(coupon.codes.map((c) => c.type))).toEqual(new Set(["one_use"]));

  const codesTable = page.getByRole("table", { name: `Codes of ${name}` });
  await expect(page.getByText("500 codes, 500 active")).toBeVisible();
  // Paged in the browser: 50 at a time.
  await expect(codesTable.getByRole("row")).toHaveCount(51);
  await expect(page.getByRole("navigation", { name: "Pages of codes" })).toContainText("Page 1 of 10");
  await page.getByRole("navigation", { name: "Pages of codes" }).getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("navigation", { name: "Pages of codes" })).toContainText("Page 2 of 10");
  await expect(codesTable).toContainText(coupon.codes[50]!.code);

  // Search: part of one code finds it.
  const target = coupon.codes[321]!.code;
  const search = page.getByRole("searchbox", { name: "Search codes" });
  await search.fill(target.slice(0, 9).toLowerCase());
  await expect(codesTable.getByRole("row").filter({ hasText: target })).toBeVisible();
  await expect(page.getByText(/of 500 codes match\./)).toBeVisible();
  const row = codesTable.getByRole("row").filter({ hasText: target });
  await expect(row).toContainText("Single-use");
  await expect(row).toContainText("Active");

  // Copy: the clipboard holds it, and it is said aloud.
  await row.getByRole("button", { name: `Copy ${target}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Copied ${target}.` })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(target);

  await search.fill("no-such-code");
  await expect(page.getByText("No codes match “no-such-code”")).toBeVisible();
  await page.getByRole("button", { name: "Show all codes" }).click();
  await expect(search).toHaveValue("");
  await expect(codesTable.getByRole("row")).toHaveCount(51);

  // Download: every code, from what the page already has.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mailing-.*-codes\.csv$/);
  const csv = fs.readFileSync((await file.path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("code,type,active,created");
  expect(lines).toHaveLength(501);
  const rows = lines.slice(1).map((line) => line.split(","));
  expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(coupon.codes.map((c) => c.code)));
  for (const r of rows) {
    expect(r[1]).toBe("one_use");
    expect(r[2]).toBe("true");
    expect(r[3]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }
});

test("edits a coupon with the same form, prefilled; the store holds the change", async ({ page, context }) => {
  const stored = await addCoupon(context, {
    name: unique("Edit me"),
    code: uniqueCode("EDIT"),
    percentage: "10",
    limit: "20",
  });
  await page.goto(`/coupons/${stored.id}`);
  await page.getByRole("link", { name: "Edit coupon" }).click();
  await expect(page.getByRole("heading", { name: "Edit coupon", level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(stored.name);
  await expect(page.getByLabel("Percentage (%)")).toHaveValue("10");
  await expect(page.getByLabel("Uses allowed")).toHaveValue("20");
  // Codes are not editable.
  await expect(page.getByRole("textbox", { name: "Code", exact: true })).toHaveCount(0);
  await expect(page.getByRole("main")).toContainText("they cannot change");

  const name = `${stored.name} (edited)`;
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByLabel("Percentage (%)").fill("25");
  await page.getByLabel("End date").fill("2099-06-30");
  await page.getByRole("button", { name: "Save coupon" }).click();

  await expect(page).toHaveURL(new RegExp(`/coupons/${stored.id}$`));
  await expect(toastSaying(page, `Saved the coupon ${name}.`)).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const { coupon } = await storedCoupon(context, stored.id);
  expect(coupon).toMatchObject({
    name,
    percentage_raw: 25,
    limit: 20,
    // The start day was not touched: the store keeps its time.
    start_date: stored.start_date,
    end_date: await localDay(page, "2099-06-30", { end: true }),
  });
  expect(coupon.codes.map((c) => c.code)).toEqual(stored.codes.map((c) => c.code));
});

test("deletes a coupon after confirming; cancelling keeps it", async ({ page, context }) => {
  const stored = await addCoupon(context, { name: unique("Delete me"), code: uniqueCode("DEL") });
  await page.reload();
  const actions = page.getByRole("button", { name: `Actions for ${stored.name}`, exact: true });

  await actions.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the coupon ${stored.name}?` });
  await expect(dialog).toContainText(`Customers can no longer use the code ${stored.codes[0]!.code}.`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
  await expect(couponRow(page, stored.name)).toBeVisible();
  expect((await storedCoupon(context, stored.id)).status).toBe(200);

  await actions.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete coupon" }).click();
  await expect(toastSaying(page, `Deleted the coupon ${stored.name}.`)).toBeVisible();
  await expect(couponRow(page, stored.name)).toHaveCount(0);
  await expect(page.locator("#coupons-heading")).toBeFocused();
  expect((await storedCoupon(context, stored.id)).status).toBe(404);
});

test("deletes a coupon from its own page", async ({ page, context }) => {
  const stored = await addCoupon(context, { name: unique("Delete here"), code: uniqueCode("DELH") });
  await page.goto(`/coupons/${stored.id}`);
  await page.getByRole("button", { name: "Delete coupon" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the coupon ${stored.name}?` });
  await dialog.getByRole("button", { name: "Delete coupon" }).click();
  await expect(page).toHaveURL(/\/coupons$/);
  await expect(toastSaying(page, `Deleted the coupon ${stored.name}.`)).toBeVisible();
  await expect(couponRow(page, stored.name)).toHaveCount(0);
  expect((await storedCoupon(context, stored.id)).status).toBe(404);
});

test("a code already taken shows the store's refusal next to the code field", async ({ page, context }) => {
  const taken = await addCoupon(context, { name: unique("Taken"), code: uniqueCode("TAKEN") });
  await openNewCoupon(page);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(unique("Second"));
  await page.getByLabel("Percentage (%)").fill("5");
  await page.getByLabel("End date").fill("2099-12-31");
  const code = page.getByRole("textbox", { name: "Code", exact: true });
  // Codes are matched without case.
  await code.fill(taken.codes[0]!.code.toLowerCase());
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveAccessibleDescription(/already taken/);
  await expect(code).toBeFocused();
  await expect(page).toHaveURL(/\/coupons\/new$/);
});

test("checks the form next to its fields: the end after the start, a percentage up to 100", async ({ page }) => {
  await openNewCoupon(page);
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAccessibleDescription(/Enter a name/);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();

  // The hint says what the check says: above 0 (a 0 % coupon gives nothing), at most 100.
  await expect(page.getByLabel("Percentage (%)")).toHaveAccessibleDescription(/^Above 0 and at most 100, such as 15/);
  await page.getByLabel("Percentage (%)").fill("150");
  await page.getByLabel("Start date").fill("2030-05-10");
  await page.getByLabel("End date").fill("2030-05-01");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByLabel("Percentage (%)")).toHaveAccessibleDescription(/above 0 and at most 100/);
  await expect(page.getByLabel("End date")).toHaveAccessibleDescription(/on or after the start date/);

  await page.getByRole("radio", { name: "Generate single-use codes" }).check();
  await page.getByLabel("How many codes").fill("100001");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByLabel("How many codes")).toHaveAccessibleDescription(/from 1 to 100,000/);
});

test("someone without the permission to manage marketing sees no coupons, in words", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: e2e.dashboardUrl });
  try {
    const page = await context.newPage();
    await signedIn(page, e2e.limited, "/");
    for (const path of ["/coupons", "/coupons/new"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "You can't manage marketing", level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Create coupon" })).toHaveCount(0);
      await expect(page.getByRole("table")).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the list, a coupon's codes and the form fit, with no sideways scrolling", async ({ page, context }) => {
    const coupon = await addCoupon(context, {
      name: unique("A coupon with a rather long name for a small phone"),
      limit: "60",
    });
    const noSideways = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto("/coupons");
    await expect(couponRow(page, coupon.name)).toBeVisible();
    await noSideways();

    await page.goto(`/coupons/${coupon.id}`);
    await expect(page.getByRole("table", { name: `Codes of ${coupon.name}` })).toBeVisible();
    await expect(page.getByRole("button", { name: `Copy ${coupon.codes[0]!.code}` })).toBeVisible();
    await noSideways();

    await page.goto("/coupons/new");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeVisible();
    await noSideways();
    await page.goto(`/coupons/${coupon.id}/edit`);
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(coupon.name);
    await noSideways();
  });
});

test("reads more codes than come with the page through the dashboard's own route", async ({ page, context }) => {
  const coupon = await addCoupon(context, { name: unique("Big mailing"), limit: "2500" });
  await page.goto(`/coupons/${coupon.id}`);
  await expect(page.getByText("2,500 codes, 2,500 active")).toBeVisible();
  const table = page.getByRole("table", { name: `Codes of ${coupon.name}` });
  await expect(table.getByRole("row")).toHaveCount(51);
  await expect(page.getByRole("navigation", { name: "Pages of codes" })).toContainText("Page 1 of 50");
  await page.getByRole("combobox", { name: "Show" }).selectOption("used");
  await expect(page.getByText("No codes in this state")).toBeVisible();
});

test("a coupon of 100,000 codes: its page loads them, pages, searches and exports them", async ({ page, context }) => {
  test.slow();
  const coupon = await addCoupon(context, { name: unique("Hundred thousand"), limit: "100000" });
  expect(coupon.codes).toHaveLength(100_000);
  await page.goto(`/coupons/${coupon.id}`);
  await expect(page.getByText("100,000 codes, 100,000 active")).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole("table", { name: `Codes of ${coupon.name}` });
  await expect(table.getByRole("row")).toHaveCount(51);
  await expect(page.getByRole("navigation", { name: "Pages of codes" })).toContainText("Page 1 of 2,000");
  const target = coupon.codes[99_321]!.code;
  await page.getByRole("searchbox", { name: "Search codes" }).fill(target);
  await expect(page.getByText("1 of 100,000 codes match.")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: target })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  expect(csv.trimEnd().split("\r\n")).toHaveLength(100_001);
  expect(csv).toContain(`\r\n${target},one_use,true,`);
});

test.describe("against a store without the bundled store's extensions", () => {
  // scripts/lib/plain-store.mjs: 200 on create, a list on update, 204 on delete, plain-text errors.
  const plainDashboard = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
  const plainStore = process.env.E2E_PLAIN_STORE_URL ?? "";
  test.use({ baseURL: plainDashboard });
  test.skip(!plainDashboard || !plainStore, "run through npm run test:e2e");

  test("creates, refuses a taken code next to its field, edits and deletes", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: plainDashboard });
    try {
      const page = await context.newPage();
      await signedIn(page, e2e.owner, "/coupons", { dashboardUrl: plainDashboard, storeUrl: plainStore });

      // Create: the store answers 200 with the object.
      const name = unique("Plain");
      const code = uniqueCode("PLAIN");
      await page.goto("/coupons/new");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await page.getByLabel("Percentage (%)").fill("10");
      await page.getByLabel("End date").fill("2099-12-31");
      await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
      await page.getByRole("button", { name: "Create coupon" }).click();
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByRole("table", { name: `Codes of ${name}` })).toContainText(code);

      // A taken code, refused in plain text: still a sentence next to the field.
      await page.goto("/coupons/new");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill(unique("Plain again"));
      await page.getByLabel("Percentage (%)").fill("10");
      await page.getByLabel("End date").fill("2099-12-31");
      const codeField = page.getByRole("textbox", { name: "Code", exact: true });
      await codeField.fill(code);
      await page.getByRole("button", { name: "Create coupon" }).click();
      await expect(codeField).toHaveAttribute("aria-invalid", "true");
      await expect(codeField).toHaveAccessibleDescription(/already taken/);

      // Edit: the store answers a list holding the coupon.
      await page.goto("/coupons");
      await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
      await page.getByLabel("Percentage (%)").fill("12.5");
      await page.getByRole("button", { name: "Save coupon" }).click();
      await expect(toastSaying(page, `Saved the coupon ${name}.`)).toBeVisible();
      await expect(page.getByRole("main")).toContainText("12.5% off");

      // Delete: the store answers 204 with no body.
      await page.getByRole("button", { name: "Delete coupon" }).click();
      await page
        .getByRole("dialog", { name: `Delete the coupon ${name}?` })
        .getByRole("button", { name: "Delete coupon" })
        .click();
      await expect(page).toHaveURL(`${plainDashboard}/coupons`);
      await expect(toastSaying(page, `Deleted the coupon ${name}.`)).toBeVisible();
      await expect(couponRow(page, name)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
