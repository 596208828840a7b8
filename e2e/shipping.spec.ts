import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { accessTokenOf, e2e, expectAccessible, signedIn, storeApi, unique } from "./support";

/*
 * The Shipping pages (components/shipping) against the real store: what the
 * pages send is checked through the store's API, as a second client sees it.
 */

interface ApiRule {
  range_max: number | null;
  rate_raw: number;
}
interface ApiOption {
  id: number;
  name: string;
  per_cart_type: string;
  per_cart_rate_raw: number;
  per_item_type: string;
  per_item_rate_raw: number | null;
  quantity_range_rates: ApiRule[];
  destinations: { allowed: boolean; country: string; region: string | null }[];
}
interface ApiGroup {
  id: number;
  name: string;
  options: ApiOption[];
}

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

async function readGroup(context: BrowserContext, id: string): Promise<{ status: number; group: ApiGroup }> {
  const { status, body } = await storeApi(await accessTokenOf(context), "GET", `/api/v1/shipping_groups/${id}`);
  return { status, group: body as ApiGroup };
}

/** A group made by another client; its id. */
async function seedGroup(context: BrowserContext, name: string, options: unknown[] = []): Promise<string> {
  const { status, body } = await storeApi(await accessTokenOf(context), "POST", "/api/v1/shipping_groups", {
    name,
    options: JSON.stringify(options),
  });
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return String((Array.isArray(body) ? body[0] : body).id);
}

const groupRow = (page: Page, name: string) =>
  page.getByRole("table", { name: "Shipping groups" }).getByRole("row").filter({ hasText: name });

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** The calculator's answer (a live region under "What the group charges"). */
function calculatorResult(page: Page): Locator {
  return page.getByRole("region", { name: "What the group charges" }).getByRole("status");
}

test("builds a group with quantity ranges and destinations; the store holds it and the calculator prices a cart", async ({
  page,
  context,
}) => {
  test.slow(); // a long walk through the editor
  const name = unique("E2E parcels");
  await signedIn(page, e2e.owner, "/shipping");
  await page.getByRole("button", { name: "Create shipping group" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create shipping group" });
  await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("button", { name: "Create shipping group" }).click();

  await expect(page).toHaveURL(/\/shipping\/[^/]+$/);
  const groupId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(toast(page, `Created ${name}. Now add its options.`)).toBeVisible();
  await expect(page.getByText("No options yet", { exact: true })).toBeVisible();

  // The first option: $4.00 per order, plus a rate by the number of items; the US but not Hawaii.
  await page.getByRole("link", { name: "Add option" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New option" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name" }).fill("Standard");
  await page.getByRole("textbox", { name: "Fee (USD)" }).fill("4");
  await page.getByRole("radio", { name: "By the number of items" }).check();
  const ranges = page.getByRole("table", { name: "Ranges" });
  await page.getByLabel("Up to (items), range 1").fill("3");
  await page.getByLabel("Rate (USD), range 1").fill("2");
  await page.getByRole("button", { name: "Add range" }).click();
  const max2 = page.getByLabel("Up to (items), range 2");
  await expect(max2).toBeFocused();
  // The second range starts just above the first one's maximum: shown, not typed.
  await expect(ranges.getByRole("row").nth(2)).toContainText("4");
  // A maximum not above the one before is flagged as it is typed.
  await max2.fill("3");
  await expect(max2).toHaveAttribute("aria-invalid", "true");
  await expect(max2).toHaveAccessibleDescription("Make it more than 3, the maximum of the range before.");
  await max2.fill("10");
  await expect(max2).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Rate (USD), range 2").fill("5");
  await page.getByRole("button", { name: "Add range" }).click();
  await page.getByLabel("Rate (USD), range 3").fill("8");
  await expect(ranges.getByRole("row").nth(3)).toContainText("11");
  await expect(page.getByText("The last range has no upper limit.")).toBeVisible();

  await page.getByRole("button", { name: "Add destination" }).click();
  await expect(page.getByLabel("Country 1")).toBeFocused();
  await page.getByLabel("Country 1").selectOption("US");
  await page.getByRole("button", { name: "Add destination" }).click();
  await expect(page.getByLabel("Country 2")).toHaveValue("US");
  await page.getByLabel("Destination 2").selectOption("excluded");
  await page.getByLabel("State 2").selectOption("HI");
  await page.getByRole("button", { name: "Add option" }).click();

  await expect(page).toHaveURL(new RegExp(`/shipping/${groupId}$`));
  await expect(toast(page, `Added Standard to ${name}.`)).toBeVisible();
  const options = page.getByRole("table", { name: `Options of ${name}` });
  await expect(options.getByRole("row").filter({ hasText: "Standard" })).toContainText("$4.00 per order");
  await expect(options.getByRole("row").filter({ hasText: "Standard" })).toContainText("Not to Hawaii");

  let stored = (await readGroup(context, groupId)).group;
  expect(stored.options).toHaveLength(1);
  expect(stored.options[0]).toMatchObject({
    name: "Standard",
    per_cart_type: "flat_fee",
    per_cart_rate_raw: 4,
    // Never written: the store infers it from the ranges sent.
    per_item_type: "quantity_ranges",
    quantity_range_rates: [
      { range_max: 3, rate_raw: 2 },
      { range_max: 10, rate_raw: 5 },
      { range_max: null, rate_raw: 8 },
    ],
    destinations: [
      { allowed: true, country: "US", region: null },
      { allowed: false, country: "US", region: "HI" },
    ],
  });

  // A second option that ships anywhere, for $15.00 an order.
  await page.getByRole("link", { name: "Add option" }).first().click();
  await page.getByRole("textbox", { name: "Name" }).fill("Worldwide");
  await page.getByRole("textbox", { name: "Fee (USD)" }).fill("15");
  await page.getByRole("button", { name: "Add option" }).click();
  await expect(toast(page, `Added Worldwide to ${name}.`)).toBeVisible();
  stored = (await readGroup(context, groupId)).group;
  expect(stored.options.map((o) => [o.name, o.per_item_type, o.destinations.length])).toEqual([
    ["Standard", "quantity_ranges", 2],
    ["Worldwide", "none", 0],
  ]);

  // The calculator: one item of $20.00 to the US.
  const result = calculatorResult(page);
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("US");
  await expect(result).toContainText("$6.00 by Standard, which names the country (United States).");
  const adds = page.getByRole("list", { name: "How it adds up" });
  await expect(adds).toContainText("Per order: $4.00");
  // A range's rate is charged once for the order: not told as "per item".
  await expect(adds).toContainText(
    "By the number of items: 1 item falls in the range up to 3 items, so $2.00 for the order",
  );
  // A state of the US: Standard names the country, and the calculator says the country, not the state.
  await page.getByLabel("State", { exact: true }).selectOption("CA");
  await expect(result).toContainText("$6.00 by Standard, which names the country (United States).");
  await page.getByLabel("Quantity, item 1").fill("5");
  await expect(result).toContainText("$9.00 by Standard");
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByLabel("Quantity, item 2")).toBeFocused();
  await page.getByLabel("Quantity, item 2").fill("6");
  await expect(result).toContainText("$12.00 by Standard");
  // Hawaii is excluded from Standard: Worldwide, which ships anywhere, applies.
  await page.getByLabel("State", { exact: true }).selectOption("HI");
  await expect(result).toContainText("$15.00 by Worldwide, which ships anywhere.");
  const each = page.getByRole("list", { name: "Each option for this address" });
  await expect(each.getByRole("listitem").filter({ hasText: "Standard" })).toContainText("Not here");
  await expect(each.getByRole("listitem").filter({ hasText: "Worldwide" })).toContainText("Applies");
  await page.getByLabel("Country", { exact: true }).selectOption("CA");
  await expect(result).toContainText("$15.00 by Worldwide");
  // A value that does not read says so, instead of a wrong answer.
  await page.getByLabel("Quantity, item 1").fill("0");
  await expect(page.getByLabel("Quantity, item 1")).toHaveAccessibleDescription("Enter a whole number from 1.");
  await expect(result).toContainText("Fix the marked values to see the charge.");
});

test("edits an option; the store's refusal shows under the field it names", async ({ page, context }) => {
  const name = unique("E2E edit");
  await signedIn(page, e2e.owner, "/shipping");
  const groupId = await seedGroup(context, name, [
    { name: "Flat", per_cart_type: "flat_fee", per_cart_rate_raw: 5, destinations: [{ country: "DE" }] },
  ]);
  const optionId = String((await readGroup(context, groupId)).group.options[0]!.id);
  await page.goto(`/shipping/${groupId}/options/${optionId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Flat" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Fee (USD)" })).toHaveValue("5.00");
  await expect(page.getByLabel("Country 1")).toHaveValue("DE");

  // The form's own checks, under their fields.
  await page.getByRole("textbox", { name: "Name" }).fill("");
  await page.getByRole("radio", { name: "A fee for each item" }).check();
  await page.getByRole("button", { name: "Save option" }).click();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(
    /Enter a name, such as Standard or Express\./,
  );
  await expect(page.getByRole("textbox", { name: "Fee per item (USD)" })).toHaveAccessibleDescription(
    "Enter the fee for each item, such as 1.00.",
  );

  // An amount the form takes but the store finds too large: the store's refusal lands under the fee.
  await page.getByRole("textbox", { name: "Name" }).fill("Flat and per item");
  await page.getByRole("textbox", { name: "Fee per item (USD)" }).fill("0.50");
  const fee = page.getByRole("textbox", { name: "Fee (USD)" });
  await fee.fill("2000000000000");
  await page.getByRole("button", { name: "Save option" }).click();
  await expect(fee).toHaveAccessibleDescription(/The store did not accept this charge per cart\./);
  await expect(fee).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/options/${optionId}$`));
  expect((await readGroup(context, groupId)).group.options[0]).toMatchObject({ name: "Flat", per_cart_rate_raw: 5 });

  await fee.fill("5");
  // Germany's states by name, sent camel-cased; a country without a list takes free text, camel-cased.
  await page.getByLabel("Region 1").selectOption({ label: "Nordrhein-Westfalen" });
  await expect(page.getByLabel("Region 1")).toHaveValue("NordrheinWestfalen");
  await page.getByRole("button", { name: "Save option" }).click();
  await expect(toast(page, "Saved Flat and per item.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/shipping/${groupId}$`));
  const option = (await readGroup(context, groupId)).group.options[0]!;
  expect(String(option.id)).toBe(optionId);
  expect(option).toMatchObject({
    name: "Flat and per item",
    per_cart_rate_raw: 5,
    per_item_type: "flat_per_item",
    per_item_rate_raw: 0.5,
    destinations: [{ allowed: true, country: "DE", region: "NordrheinWestfalen" }],
  });
});

test("renames and deletes a group and an option, each deletion confirmed (and Cancel keeps it)", async ({
  page,
  context,
}) => {
  const name = unique("E2E rename");
  await signedIn(page, e2e.owner, "/shipping");
  const groupId = await seedGroup(context, name, [
    { name: "First", per_cart_rate_raw: 1 },
    { name: "Second", per_cart_rate_raw: 2 },
  ]);
  // One product in the group: the delete confirmation counts it.
  const token = await accessTokenOf(context);
  const product = await storeApi(token, "POST", "/api/v1/products", {
    name: unique("E2E shipped"),
    price: "5",
    shipping_group: groupId,
  });
  expect(product.status, JSON.stringify(product.body)).toBeLessThan(300);
  const productKey = (product.body as { key: string }).key;
  await page.goto(`/shipping/${groupId}`);

  // Options: moved, then deleted after a confirmation.
  const options = page.getByRole("table", { name: `Options of ${name}` });
  await page.getByRole("button", { name: "Actions for Second" }).click();
  await page.getByRole("menuitem", { name: "Move up" }).click();
  await expect(toast(page, "Moved Second up.")).toBeVisible();
  await expect(options.getByRole("row").nth(1)).toContainText("Second");
  expect((await readGroup(context, groupId)).group.options.map((o) => o.name)).toEqual(["Second", "First"]);

  await page.getByRole("button", { name: "Actions for First" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirmOption = page.getByRole("dialog", { name: "Delete First?" });
  await confirmOption.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmOption).toBeHidden();
  await expect(page.getByRole("button", { name: "Actions for First" })).toBeFocused();
  expect((await readGroup(context, groupId)).group.options).toHaveLength(2);
  await page.getByRole("button", { name: "Actions for First" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await confirmOption.getByRole("button", { name: "Delete option" }).click();
  await expect(toast(page, "Deleted First.")).toBeVisible();
  await expect(options.getByRole("row").filter({ hasText: "First" })).toHaveCount(0);
  expect((await readGroup(context, groupId)).group.options.map((o) => o.name)).toEqual(["Second"]);

  // Rename from the group's page: the heading follows.
  const renamed = `${name} (renamed)`;
  await page.getByRole("button", { name: "Rename" }).click();
  const rename = page.getByRole("dialog", { name: `Rename ${name}` });
  await expect(rename.getByRole("textbox", { name: "Name" })).toHaveValue(name);
  await rename.getByRole("textbox", { name: "Name" }).fill(renamed);
  await rename.getByRole("button", { name: "Rename group" }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
  expect((await readGroup(context, groupId)).group.name).toBe(renamed);

  // Delete from the list, confirmed; Cancel first keeps it.
  await page.goto("/shipping");
  await page.getByRole("button", { name: `Actions for ${renamed}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${renamed}?` });
  await expect(confirm.getByRole("status")).toHaveText(
    "1 product is in this group: it is left without a shipping group and adds nothing to an order's shipping.",
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: `Actions for ${renamed}` })).toBeFocused();
  expect((await readGroup(context, groupId)).status).toBe(200);
  await page.getByRole("button", { name: `Actions for ${renamed}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete group" }).click();
  await expect(toast(page, `Deleted ${renamed}.`)).toBeVisible();
  await expect(groupRow(page, renamed)).toHaveCount(0);
  expect((await readGroup(context, groupId)).status).toBe(404);
  const left = await storeApi(token, "GET", `/api/v1/products/${productKey}`);
  expect((left.body as { shipping_group: unknown }).shipping_group).toBeNull();
  await storeApi(token, "DELETE", `/api/v1/products/${productKey}`);
});

test("a group someone else deleted says so, with the way back", async ({ page, context }) => {
  await signedIn(page, e2e.owner, "/shipping");
  const groupId = await seedGroup(context, unique("E2E gone"));
  expect((await storeApi(await accessTokenOf(context), "DELETE", `/api/v1/shipping_groups/${groupId}`)).status).toBe(
    200,
  );
  await page.goto(`/shipping/${groupId}`);
  await expect(page.getByRole("alert").filter({ hasText: "Not found" })).toContainText(
    `No shipping group with id ${groupId}. It may have been deleted.`,
  );
  await page.getByRole("link", { name: "Back to shipping" }).last().click();
  await expect(page).toHaveURL(/\/shipping$/);
});

test("a user without the permission to manage store settings is told so", async ({ page }) => {
  await signedIn(page, e2e.limited, "/");
  await page.goto("/shipping");
  await expect(page.getByRole("heading", { level: 1, name: "You can't manage store settings" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create shipping group" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the list, a group with its calculator and the option editor fit 390px", async ({ page, context }) => {
    const name = unique("E2E phone");
    await signedIn(page, e2e.owner, "/");
    const groupId = await seedGroup(context, name, [
      {
        name: "Ranges",
        per_cart_type: "percentage",
        per_cart_rate_raw: 10,
        weight_range_rates: [
          { range_max: 2, rate_raw: 3 },
          { range_max: null, rate_raw: 9 },
        ],
        destinations: [
          { country: "AU", region: "NewSouthWales" },
          { country: "AU", allowed: false },
        ],
      },
    ]);
    const optionId = String((await readGroup(context, groupId)).group.options[0]!.id);
    await page.goto("/shipping");
    await expect(groupRow(page, name)).toBeVisible();
    await expectNoSideways(page);
    await expectAccessible(page, "/shipping at 390px");

    await page.goto(`/shipping/${groupId}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByLabel("Country", { exact: true }).selectOption("AU");
    await page.getByLabel("Region", { exact: true }).selectOption({ label: "New South Wales" });
    // 10% of $20.00 plus the range up to 2 (one item weighing 1).
    await expect(calculatorResult(page)).toContainText("$5.00 by Ranges, which names the region");
    // Weights have no unit in the contract: the dashboard is told it (STORE_WEIGHT_UNIT, kg here).
    await expect(page.getByRole("list", { name: "How it adds up" })).toContainText(
      "By the total weight: 1 (in kg) falls in the range up to 2, so $3.00 for the order",
    );
    await expectNoSideways(page);
    await expectAccessible(page, "/shipping/[id] at 390px");

    await page.goto(`/shipping/${groupId}/options/${optionId}`);
    await expect(page.getByLabel("Up to (kg), range 1")).toHaveValue("2");
    await expect(page.getByText("Weights are in kg")).toBeVisible();
    await expectNoSideways(page);
    await expectAccessible(page, "/shipping/[id]/options/[optionId] at 390px");
  });
});

test("a failed save takes focus to the first field in error, however far up, and says how many beside Save", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await signedIn(page, e2e.owner, "/");
  const groupId = await seedGroup(context, unique("E2E errors"), [
    {
      name: "Ranges",
      per_cart_type: "flat_fee",
      per_cart_rate_raw: 1,
      weight_range_rates: [
        { range_max: 10, rate_raw: 3 },
        { range_max: null, rate_raw: 9 },
      ],
      destinations: [{ country: "DE" }, { country: "FR" }, { country: "AU", allowed: false }],
    },
  ]);
  const optionId = String((await readGroup(context, groupId)).group.options[0]!.id);
  await page.goto(`/shipping/${groupId}/options/${optionId}`);
  const range = page.getByLabel("Up to (kg), range 2");
  await range.fill("4");
  await page.getByRole("textbox", { name: "Name" }).fill("");
  const save = page.getByRole("button", { name: "Save option" });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  // The name comes first on the page: focus goes there, and the count beside Save names both.
  await expect(page.getByRole("textbox", { name: "Name" })).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Name" })).toBeInViewport();
  await expect(page.getByTestId("form-error-count")).toHaveText("2 fields need another look.");
  await page.getByRole("textbox", { name: "Name" }).fill("Ranges");

  // Scrolled to the bottom again, the range far up the page is the only one left.
  await save.scrollIntoViewIfNeeded();
  await save.click();
  await expect(range).toBeFocused();
  await expect(range).toBeInViewport();
  await expect(range).toHaveAccessibleDescription(/Make it more than 10, the maximum of the range before\./);
  await expect(page.getByTestId("form-error-count")).toHaveText("1 field needs another look.");
  // The count sits right by the button that failed.
  const [countBox, saveBox] = [await page.getByTestId("form-error-count").boundingBox(), await save.boundingBox()];
  expect(Math.abs(countBox!.y - saveBox!.y)).toBeLessThan(80);
  expect((await readGroup(context, groupId)).group.options[0]!.name).toBe("Ranges");

  await range.fill("");
  await save.click();
  await expect(toast(page, "Saved Ranges.")).toBeVisible();
});

test("works against a store without the bundled store's extensions", async ({ browser }) => {
  const dashboardUrl = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
  const storeUrl = process.env.E2E_PLAIN_STORE_URL ?? "";
  test.skip(!dashboardUrl || !storeUrl, "run through npm run test:e2e");
  const context = await browser.newContext({ baseURL: dashboardUrl });
  const plain = await context.newPage();
  await signedIn(plain, e2e.owner, "/shipping", { dashboardUrl, storeUrl });

  // Create (200 instead of 201), rename (a list holding the group), then an error in plain text.
  const name = unique("E2E plain");
  await plain.getByRole("button", { name: "Create shipping group" }).first().click();
  const dialog = plain.getByRole("dialog", { name: "Create shipping group" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("button", { name: "Create shipping group" }).click();
  await expect(plain.getByRole("heading", { level: 1, name })).toBeVisible();
  await plain.getByRole("button", { name: "Rename" }).click();
  await plain.getByRole("dialog").getByRole("textbox", { name: "Name" }).fill(`${name}!`);
  await plain.getByRole("dialog").getByRole("button", { name: "Rename group" }).click();
  await expect(plain.getByRole("heading", { level: 1, name: `${name}!` })).toBeVisible();

  await plain.getByRole("link", { name: "Add option" }).first().click();
  await plain.getByRole("textbox", { name: "Name" }).fill("Too much");
  await plain.getByRole("textbox", { name: "Fee (USD)" }).fill("2000000000000");
  await plain.getByRole("button", { name: "Add option" }).click();
  await expect(plain.getByRole("alert").filter({ hasText: "Could not add the option." })).toContainText(
    "The store did not accept these values. Nothing was changed.",
  );

  // Delete answers 204 with no body.
  await plain.goto("/shipping");
  await plain.getByRole("button", { name: `Actions for ${name}!` }).click();
  await plain.getByRole("menuitem", { name: "Delete" }).click();
  await plain.getByRole("dialog").getByRole("button", { name: "Delete group" }).click();
  await expect(plain.getByRole("table", { name: "Shipping groups" }).getByText(`${name}!`)).toHaveCount(0);
  await context.close();
});
