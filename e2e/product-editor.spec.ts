import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { accessTokenOf, e2e, expectAccessible, signedIn, storeApi, unique } from "./support";

/*
 * The product editor (components/products/editor) against the real store:
 * what the page sends is checked through the store's API, as a second
 * client sees it.
 */

interface ApiItem {
  key: string;
  default?: boolean;
  metadata: Record<string, string>;
  quantity: number;
  surcharge_raw: number;
}
interface ApiProduct {
  key: string;
  name: string;
  price_raw: number;
  cost_raw: number;
  quantity: number;
  categories: string[];
  options: ApiItem[];
  extras: ApiItem[];
  option_style: string;
  form: { name: string; fields: { label: string; type: string; required: boolean }[] } | null;
}

async function tokenOf(context: BrowserContext) {
  return accessTokenOf(context);
}

async function readProduct(token: string, key: string): Promise<ApiProduct> {
  const { status, body } = await storeApi(token, "GET", `/api/v1/products/${encodeURIComponent(key)}`);
  expect(status).toBe(200);
  return body as ApiProduct;
}

/** A product made by another client, with two options and a category. */
async function seedProduct(token: string, name: string): Promise<ApiProduct> {
  const { status, body } = await storeApi(token, "POST", "/api/v1/products", {
    name,
    price: "10.00",
    categories: "Kitchen",
    options: JSON.stringify([
      { metadata: { Size: "S" }, quantity: 3, surcharge: "0" },
      { metadata: { Size: "L" }, quantity: 5, surcharge: "1.50" },
    ]),
  });
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body as ApiProduct;
}

/** Opens the editor (signing in on the way) and waits for the form, which loads after the page. */
async function openEditor(page: Page, path: string) {
  await signedIn(page, e2e.owner, path);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
const cell = (table: Locator, label: string) => table.getByLabel(new RegExp(`^${label}( |$)`));
const saveStatus = (page: Page) => page.locator("#product-save-status");

/** A small PNG of one colour, made here. */
async function picture(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 48, height: 32, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The main colour of each of the product's images, in the store's order: "red", "green" or "blue". */
async function storedColours(token: string, key: string): Promise<string[]> {
  const { status, body } = await storeApi(token, "GET", `/api/v1/products/${encodeURIComponent(key)}/images`);
  expect(status).toBe(200);
  const colours: string[] = [];
  for (const image of body as { small: string }[]) {
    const response = await fetch(new URL(image.small, e2e.storeUrl));
    const { dominant } = await sharp(Buffer.from(await response.arrayBuffer())).stats();
    const channels = { red: dominant.r, green: dominant.g, blue: dominant.b };
    colours.push(Object.entries(channels).sort((a, b) => b[1] - a[1])[0]![0]);
  }
  return colours;
}

test("creates a product with size × colour options, extras and categories; the store holds them", async ({
  page,
  context,
}) => {
  test.slow(); // a long walk through every section
  const name = unique("E2E tee");
  await openEditor(page, "/products/new");
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();

  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Price", exact: true }).fill("20");
  await page.getByLabel("Cost", { exact: true }).fill("8");
  await expect(page.locator("#product-margin")).toHaveText("Margin: $12.00 (60%)");

  const options = section(page, "Options");
  await options.getByRole("button", { name: "Add column" }).click();
  await expect(options.getByLabel("Name of column 1")).toBeFocused();
  await page.keyboard.type("Size");
  await options.getByRole("button", { name: "Add column" }).click();
  await options.getByLabel("Name of column 2").fill("Colour");
  const combos = [
    ["S", "Red", "3"],
    ["S", "Blue", "4"],
    ["M", "Red", "5"],
    ["M", "Blue", "6"],
  ] as const;
  for (const [i, [size, colour, quantity]] of combos.entries()) {
    await options.getByRole("button", { name: "Add option" }).click();
    const n = i + 1;
    await expect(options.getByLabel(`Size of option ${n}`, { exact: true })).toBeFocused();
    await page.keyboard.type(size);
    await options.getByLabel(`Colour of option ${n}`, { exact: true }).fill(colour);
    await options.getByRole("checkbox", { name: new RegExp(`^Unlimited quantity of option ${n} `) }).uncheck();
    await cell(options, `Quantity of option ${n}`).fill(quantity);
  }
  await cell(options, "Surcharge of option 4").fill("2");
  // The inventory says where the quantity comes from now.
  await expect(page.locator("#product-quantity-sum")).toContainText("18");

  // The live preview: one dropdown, then one per column.
  const preview = options.getByRole("group", { name: "What a shopper sees" });
  await expect(preview.getByRole("combobox", { name: "Size / Colour" }).getByRole("option")).toHaveText([
    "Choose size / colour",
    "S / Red",
    "S / Blue",
    "M / Red",
    "M / Blue (+$2.00)",
  ]);
  await options.getByLabel("One dropdown per column").check();
  await expect(preview.getByRole("combobox", { name: "Size" }).getByRole("option")).toHaveText([
    "Choose size",
    "S",
    "M",
  ]);
  await expect(preview.getByRole("combobox", { name: "Colour" }).getByRole("option")).toHaveText([
    "Choose colour",
    "Red",
    "Blue",
  ]);

  const extras = section(page, "Extras");
  await extras.getByRole("button", { name: "Add column" }).click();
  await extras.getByLabel("Name of column 1").fill("Gift wrap");
  await extras.getByRole("button", { name: "Add extra" }).click();
  await extras.getByLabel("Gift wrap of extra 1", { exact: true }).fill("Yes");
  await cell(extras, "Surcharge of extra 1").fill("3.5");

  const categories = page.getByRole("combobox", { name: "Categories" });
  await categories.fill("Shirts,");
  await categories.fill("Summer");
  await categories.press("Enter");
  await expect(page.getByRole("list", { name: "Categories" }).getByRole("listitem")).toHaveText(["Shirts", "Summer"]);

  // Images chosen before the product exists: previews in the chosen order, removable; uploaded after the first save.
  const images = page.locator("#product-media");
  await expect(images.getByRole("heading", { name: "Images" })).toBeVisible();
  await images
    .getByLabel("Images for the new product")
    .setInputFiles([
      await picture("blue.png", { r: 30, g: 60, b: 220 }),
      await picture("green.png", { r: 30, g: 200, b: 40 }),
      await picture("red.png", { r: 220, g: 30, b: 30 }),
    ]);
  const chosen = images.getByRole("list", { name: "Chosen images" });
  await expect(chosen.getByRole("img")).toHaveCount(3);
  await images.getByRole("button", { name: "Remove green.png" }).click();
  await expect(images.getByRole("button", { name: "Remove red.png" })).toBeFocused();
  await expect(chosen.getByRole("img")).toHaveCount(2);
  await expect(chosen.getByRole("img").first()).toHaveAccessibleName("Image 1: blue.png");

  await page.getByRole("button", { name: "Create product" }).click();
  await expect(toast(page, `Created ${name}.`)).toBeVisible();
  await expect(toast(page, `Uploaded 2 images to ${name}.`)).toBeVisible();
  await page.waitForURL(/\/products\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const key = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);

  const stored = await readProduct(await tokenOf(context), key);
  expect(await storedColours(await tokenOf(context), key)).toEqual(["blue", "red"]);
  expect(stored).toMatchObject({ name, price_raw: 20, cost_raw: 8, option_style: "separate", quantity: 18 });
  expect(stored.categories).toEqual(["Shirts", "Summer"]);
  expect(stored.options.map((o) => [o.metadata, o.quantity, o.surcharge_raw])).toEqual([
    [{ Size: "S", Colour: "Red" }, 3, 0],
    [{ Size: "S", Colour: "Blue" }, 4, 0],
    [{ Size: "M", Colour: "Red" }, 5, 0],
    [{ Size: "M", Colour: "Blue" }, 6, 2],
  ]);
  expect(stored.extras.map((x) => [x.metadata, x.quantity, x.surcharge_raw])).toEqual([
    [{ "Gift wrap": "Yes" }, -1, 3.5],
  ]);

  // The editor shows what was created.
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
  await expect(section(page, "Options").getByLabel("Colour of option 4", { exact: true })).toHaveValue("Blue");
  await expectAccessible(page, "product editor");
});

test("a chosen image the store refuses while creating a product: the product is made, the file named with the reason, the rest uploaded", async ({
  page,
  context,
}) => {
  const name = unique("E2E lamp");
  await openEditor(page, "/products/new");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Price", exact: true }).fill("12");
  const media = page.locator("#product-media");
  // notes.png is named and typed as a PNG, so the page's own check lets it through; its bytes are
  // text, which the store refuses (415: not an image, docs/contract.md#uploads).
  await media
    .getByLabel("Images for the new product")
    .setInputFiles([
      await picture("red.png", { r: 220, g: 30, b: 30 }),
      { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("Not a picture: words only.\n".repeat(20)) },
      await picture("blue.png", { r: 30, g: 60, b: 220 }),
    ]);
  await expect(media.getByRole("list", { name: "Chosen images" }).getByRole("img")).toHaveCount(3);
  await page.getByRole("button", { name: "Create product" }).click();

  // The product is created; the images go up in order, and the refused one stops them, named with the
  // store's reason. Retrying would only be refused again: skipping it lets the rest go.
  await expect(toast(page, `Created ${name}.`)).toBeVisible();
  await expect(media.getByRole("heading", { name: `Uploading the images of ${name}` })).toBeVisible();
  const uploads = media.getByRole("list", { name: "Uploads" });
  await expect(uploads.locator('[data-upload="notes.png"]')).toHaveAttribute("data-status", "failed");
  await expect(media.getByText("notes.png was not uploaded", { exact: true })).toBeVisible();
  await expect(media).toContainText(
    "The store did not take this file as an image. Send a JPEG, PNG, WebP, GIF or AVIF picture. The images after it wait, so that the order holds.",
  );
  await expect(uploads.locator('[data-upload="red.png"]')).toHaveAttribute("data-status", "done");
  await expect(uploads.locator('[data-upload="blue.png"]')).toHaveAttribute("data-status", "waiting");
  await expect(media.getByRole("button", { name: "Retry notes.png" })).toHaveCount(0);
  await media.getByRole("button", { name: "Skip notes.png" }).click();

  await expect(toast(page, `Uploaded 2 images to ${name}.`)).toBeVisible();
  await page.waitForURL((url) => /^\/products\/[^/]+$/.test(url.pathname) && url.pathname !== "/products/new");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const key = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);
  expect(await storedColours(await tokenOf(context), key)).toEqual(["red", "blue"]);
  // Its page shows the two that arrived.
  const shown = media.getByRole("list", { name: "Images and videos", exact: true });
  await expect(shown.getByRole("img", { name: `${name}, image 2 of 2`, exact: true })).toBeVisible();
  await storeApi(await tokenOf(context), "DELETE", `/api/v1/products/${encodeURIComponent(key)}`);
});

test("saves only what changed: another client's changes to the parts left alone survive", async ({ page, context }) => {
  await openEditor(page, "/products/new");
  const token = await tokenOf(context);
  const product = await seedProduct(token, unique("E2E mug"));
  await page.goto(`/products/${product.key}`);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(product.name);
  await expect(saveStatus(page)).toHaveText("No unsaved changes.");

  // Meanwhile, another client changes an option and the categories.
  const [small, large] = product.options;
  expect(
    (await storeApi(token, "PUT", `/api/v1/products/${product.key}/options/${small!.key}`, { quantity: "42" })).status,
  ).toBe(200);
  expect(
    (await storeApi(token, "POST", `/api/v1/products/${product.key}/categories`, { categories: "Kitchen,Gifts" }))
      .status,
  ).toBe(200);

  const renamed = `${product.name} deluxe`;
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(renamed);
  await page.getByRole("textbox", { name: "Price", exact: true }).fill("12.5");
  await expect(saveStatus(page)).toHaveText("Unsaved changes: product details.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Saved ${renamed}.`)).toBeVisible();
  await expect(saveStatus(page)).toHaveText("No unsaved changes.");

  let stored = await readProduct(token, product.key);
  expect(stored).toMatchObject({ name: renamed, price_raw: 12.5 });
  // Neither the options nor the categories were sent.
  expect(stored.options.find((o) => o.key === small!.key)?.quantity).toBe(42);
  expect(stored.categories).toEqual(["Kitchen", "Gifts"]);

  // Now the options: existing rows keep their keys (sent as id).
  const options = section(page, "Options");
  await cell(options, "Quantity of option 2").fill("9");
  await expect(saveStatus(page)).toHaveText("Unsaved changes: options.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Saved ${renamed}.`)).toBeVisible();
  // The first save's toast may still show (a save replaces its product's toast): the status says this one is done.
  await expect(saveStatus(page)).toHaveText("No unsaved changes.");
  stored = await readProduct(token, product.key);
  expect(stored.options.map((o) => [o.key, o.quantity])).toEqual([
    [small!.key, 42],
    [large!.key, 9],
  ]);
  expect(stored.name).toBe(renamed);

  // Categories through the tag input: remove one by its button, add one by typing.
  await page.reload();
  await expect(page.getByRole("list", { name: "Categories" }).getByRole("listitem")).toHaveText(["Kitchen", "Gifts"]);
  await page.getByRole("button", { name: "Remove Kitchen" }).click();
  await expect(page.getByRole("combobox", { name: "Categories" })).toBeFocused();
  await page.keyboard.type("Mugs");
  await page.keyboard.press("Enter");
  await expect(saveStatus(page)).toHaveText("Unsaved changes: categories.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Saved ${renamed}.`)).toBeVisible();
  await expect(saveStatus(page)).toHaveText("No unsaved changes.");
  stored = await readProduct(token, product.key);
  expect(stored.categories).toEqual(["Gifts", "Mugs"]);
  expect(stored.options.map((o) => o.quantity)).toEqual([42, 9]);
});

test("says which part saved and which did not, and keeps the unsaved edits", async ({ page, context }) => {
  await openEditor(page, "/products/new");
  const token = await tokenOf(context);
  const product = await seedProduct(token, unique("E2E jug"));
  await page.goto(`/products/${product.key}`);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(product.name);

  // Another client deletes the second option: the page still has it, with its key.
  const large = product.options[1]!;
  expect((await storeApi(token, "DELETE", `/api/v1/products/${product.key}/options/${large.key}`)).status).toBe(200);

  const renamed = `${product.name} 2`;
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(renamed);
  const options = section(page, "Options");
  await cell(options, "Quantity of option 1").fill("7");
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Product details saved." })).toContainText(
    "The options did not",
  );
  await expect(saveStatus(page)).toHaveText("Unsaved changes: options.");
  await expect(cell(options, "Quantity of option 1")).toHaveValue("7");
  const stored = await readProduct(token, product.key);
  expect(stored.name).toBe(renamed);
  expect(stored.options.map((o) => o.quantity)).toEqual([3]);
});

test("builds the custom form: add fields, reorder by keyboard, remove the form", async ({ page, context }) => {
  await openEditor(page, "/products/new");
  const token = await tokenOf(context);
  const product = await seedProduct(token, unique("E2E pen"));
  await page.goto(`/products/${product.key}`);
  const form = section(page, "Custom form");
  await form.getByRole("button", { name: "Add a form" }).click();
  await expect(form.getByLabel("Label of field 1")).toBeFocused();
  await page.keyboard.type("Engraving");
  await form.getByLabel("Form title").fill("Personalise");
  await form.getByRole("button", { name: "Add field" }).click();
  await expect(form.getByLabel("Label of field 2")).toBeFocused();
  await page.keyboard.type("Delivery date");
  await form.getByLabel("Type of field 2").selectOption("date");
  await form.getByLabel("Field 2 is required").check();

  // Move "Delivery date" to the top with the keyboard alone.
  await form.getByRole("button", { name: "Move field 2 (Delivery date)", exact: true }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  await expect(form.getByLabel("Label of field 1")).toHaveValue("Delivery date");

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Saved ${product.name}.`)).toBeVisible();
  // The toast rises above the Save bar stuck to the bottom: Save stays visible and clickable.
  const barBox = (await page.locator("#product-save-status").locator("xpath=../..").boundingBox())!;
  await expect
    .poll(async () => {
      const box = (await page.locator("[data-sonner-toast]").first().boundingBox())!;
      return box.y + box.height - barBox.y;
    }, "the toast's bottom against the Save bar's top, once it has slid in")
    .toBeLessThanOrEqual(1);
  const stored = await readProduct(token, product.key);
  expect(stored.form).toEqual({
    name: "Personalise",
    fields: [
      { label: "Delivery date", placeholder: "", type: "date", required: true },
      { label: "Engraving", placeholder: "", type: "text", required: false },
    ],
  });

  await form.getByRole("button", { name: "Remove field 1 (Delivery date)", exact: true }).click();
  await form.getByRole("button", { name: "Remove form" }).click();
  await expect(form.getByRole("button", { name: "Add a form" })).toBeFocused();
  await page.getByRole("button", { name: "Save changes" }).click();
  // The first save's toast may still be showing: the store says when this one has landed.
  await expect.poll(async () => (await readProduct(token, product.key)).form).toBeNull();
  await expect(toast(page, `Saved ${product.name}.`).last()).toBeVisible();
  await expect(page.locator("#product-save-status")).toHaveText("No unsaved changes.");
});

test("asks before leaving with unsaved changes", async ({ page, context }) => {
  await openEditor(page, "/products/new");
  const product = await seedProduct(await tokenOf(context), unique("E2E cup"));
  await page.goto(`/products/${product.key}`);
  await page.getByLabel("Short name", { exact: true }).fill("Cup");

  const dialogs: string[] = [];
  page.once("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Back to products" }).click();
  await expect.poll(() => dialogs).toEqual(["Leave this page? Your unsaved changes will be lost."]);
  await expect(page).toHaveURL(new RegExp(`/products/${product.key}$`));
  await expect(page.getByLabel("Short name", { exact: true })).toHaveValue("Cup");

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("link", { name: "Back to products" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("deletes a product after confirmation", async ({ page, context }) => {
  await openEditor(page, "/products/new");
  const token = await tokenOf(context);
  const product = await seedProduct(token, unique("E2E bowl"));
  await page.goto(`/products/${product.key}`);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(product.name);

  const remove = page.getByRole("button", { name: "Delete product" });
  await remove.click();
  const dialog = page.getByRole("dialog", { name: `Delete ${product.name}?` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  expect((await storeApi(token, "GET", `/api/v1/products/${product.key}`)).status).toBe(200);

  await remove.click();
  await dialog.getByRole("button", { name: "Delete product" }).click();
  await expect(toast(page, `Deleted ${product.name}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  expect((await storeApi(token, "GET", `/api/v1/products/${product.key}`)).status).toBe(404);
});

test("an unknown product is a page that says so", async ({ page }) => {
  await signedIn(page, e2e.owner, "/products/no-such-product-e2e");
  await expect(page.getByRole("heading", { level: 1, name: "No such product" })).toBeVisible();
});

test("without the permission to manage products the editor is read-only", async ({ page, browser }) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await openEditor(ownerPage, "/products/new");
  const product = await seedProduct(await tokenOf(owner), unique("E2E plate"));
  await owner.close();

  // Without the permission, signing in lands on Home; the product's address still opens.
  await signedIn(page, e2e.limited, "/");
  await page.goto(`/products/${product.key}`);
  await expect(page.getByText("You can look, not change")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(product.name);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete product" })).toHaveCount(0);
});

/** The demo store's tee (store-api/src/seed/catalogue-data.ts): 5 sizes × 4 colours, two extras and a video. */
async function seedTee(token: string): Promise<ApiProduct> {
  const sizes = ["XS", "S", "M", "L", "XL"];
  const colours = ["White", "Black", "Heather Grey", "Navy"];
  const { status, body } = await storeApi(token, "POST", "/api/v1/products", {
    name: unique("E2E Organic Cotton Crew Tee"),
    price: "28.00",
    cost: "11.00",
    sku: "APP-TEE",
    weight: "0.18",
    description_short: "A midweight tee in GOTS-certified organic cotton that softens with every wash.",
    description:
      "A midweight tee in GOTS-certified organic cotton that softens with every wash.\n\nCut for a relaxed, straight fit with a ribbed collar that keeps its shape. Machine wash cold, tumble dry low.",
    categories: "Apparel,Bestsellers",
    option_style: "separate",
    options: JSON.stringify(
      sizes.flatMap((size) =>
        colours.map((colour) => ({
          metadata: { Size: size, Color: colour },
          quantity: 12,
          surcharge: size === "XL" ? "2.00" : "0",
          fetch_sku: `APP-TEE-${size}-${colour.toUpperCase().replace(/ /g, "-")}`,
        })),
      ),
    ),
    extras: JSON.stringify([
      {
        metadata: { Extra: "Gift wrap", Detail: "Recycled paper and a cotton ribbon" },
        quantity: -1,
        surcharge: "4.00",
      },
      { metadata: { Extra: "Monogram", Detail: "Up to three letters, embroidered" }, quantity: -1, surcharge: "8.00" },
    ]),
    videos: JSON.stringify(["https://www.youtube.com/watch?v=aqz-KE-bpKQ"]),
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as ApiProduct;
}

test("the 20-option tee fits a phone and a wide screen: media after the basics, options filtered, whole values, an index", async ({
  page,
  context,
}) => {
  test.slow(); // three widths of one page
  await page.setViewportSize({ width: 390, height: 844 });
  await openEditor(page, "/products/new");
  const tee = await seedTee(await tokenOf(context));
  await page.goto(`/products/${tee.key}`);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(tee.name);
  const media = page.locator("#product-media");
  // The interactive media section (loaded after the page) is on, its handles ready after the first read.
  await expect(media.getByRole("button", { name: "Move video 1" })).toBeEnabled();

  // Media first: the section right after the basics.
  const order = await page.locator("main section[id]").evaluateAll((sections) => sections.map((section) => section.id));
  expect(order.slice(0, 3)).toEqual(["basics", "product-media", "pricing"]);

  // On a phone an option is one line that opens; past a dozen, the first dozen and a filter.
  const options = section(page, "Options");
  const rows = options.getByRole("table", { name: "Options" }).locator("tbody > tr");
  await expect(rows).toHaveCount(12);
  await expect(options.getByRole("status").filter({ hasText: "Showing 12 of 20 options." })).toBeVisible();
  await expect(options.getByLabel("Size of option 2", { exact: true })).toBeHidden();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const bySection = await page
    .locator("main section[id]")
    .evaluateAll((sections) => sections.map((el) => `${el.id} ${Math.round(el.getBoundingClientRect().height)}`));
  expect(height, `the editor's height at 390 px (${bySection.join(", ")})`).toBeLessThanOrEqual(6000);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // One column on a phone: the short name and the SKU, the price and the sale price, one under the other.
  for (const [upper, lower] of [
    ["#product-name-short", "#product-sku"],
    ["#product-price", "#product-sale-price"],
  ] as const) {
    const [a, b] = [(await page.locator(upper).boundingBox())!, (await page.locator(lower).boundingBox())!];
    expect(Math.round(a.x), `${lower} under ${upper}`).toBe(Math.round(b.x));
    expect(b.y, `${lower} under ${upper}`).toBeGreaterThan(a.y + a.height);
  }

  const open = options.getByRole("button", { name: /^Open option 4 \(XS \/ Navy\)/ });
  await expect(open).toHaveAttribute("aria-expanded", "false");
  await open.click();
  await expect(options.getByRole("button", { name: /^Close option 4 / })).toHaveAttribute("aria-expanded", "true");
  await expect(options.getByLabel("Color of option 4", { exact: true })).toHaveValue("Navy");
  const sku = cell(options, "Option SKU of option 4");
  await expect(sku).toHaveValue("APP-TEE-XS-NAVY");

  const filter = options.getByRole("searchbox", { name: "Filter options" });
  await filter.fill("heather xl");
  await expect(rows).toHaveCount(1);
  await expect(options.getByRole("status").filter({ hasText: "1 of 20 options match." })).toBeVisible();
  await options.getByRole("button", { name: /^Open option 19 \(XL \/ Heather Grey\)/ }).click();
  // The longest SKU is shown whole, on a phone too.
  const longSku = cell(options, "Option SKU of option 19");
  await expect(longSku).toHaveValue("APP-TEE-XL-HEATHER-GREY");
  const clipped = (input: typeof longSku) => input.evaluate((el: HTMLInputElement) => el.scrollWidth - el.clientWidth);
  expect(await clipped(longSku)).toBeLessThanOrEqual(0);
  await filter.fill("");
  await expect(rows).toHaveCount(12);
  await options.getByRole("button", { name: "Show all 20 options" }).click();
  await expect(rows).toHaveCount(20);
  await expectAccessible(page, "the 20-option product editor on a phone");

  // A tablet-sized window: the media tiles are narrow, their buttons still a finger's size (24×24 at least).
  await page.setViewportSize({ width: 768, height: 1024 });
  const buttons = [
    media.getByRole("button", { name: "Move video 1" }),
    media.getByRole("link", { name: /^Open video 1 on its site/ }),
    media.getByRole("button", { name: "Delete video 1" }),
  ];
  for (const button of buttons) {
    const label = (await button.getAttribute("aria-label")) ?? "a media button";
    const box = await button.boundingBox();
    expect(box, label).not.toBeNull();
    expect(box!.width, `${label}: width`).toBeGreaterThanOrEqual(24);
    expect(box!.height, `${label}: height`).toBeGreaterThanOrEqual(24);
  }

  // A wide screen: the index jumps to a section; every option input shows its whole value.
  await page.setViewportSize({ width: 1280, height: 900 });
  const index = page.getByRole("navigation", { name: "Sections of the product" });
  await expect(index).toBeVisible();
  await index.getByRole("link", { name: "Extras", exact: true }).click();
  await expect(page).toHaveURL(/#extras$/);
  await expect(section(page, "Extras").getByRole("heading", { name: "Extras" })).toBeInViewport();
  await expect(index.getByRole("link", { name: "Extras", exact: true })).toHaveAttribute("aria-current", "location");
  await expect(options.getByLabel("Size of option 2", { exact: true })).toBeVisible();
  // No sideways scrolling at 1280 px (a table's sr-only labels outside its scroll box made it 1,445 px wide).
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "the editor's width").toBeLessThanOrEqual(1280);
  for (const n of [1, 19, 20]) {
    expect(await clipped(cell(options, `Option SKU of option ${n}`)), `fetch SKU of option ${n}`).toBeLessThanOrEqual(
      0,
    );
  }
  expect(await clipped(cell(section(page, "Extras"), "Detail of extra 1")), "an extra's detail").toBeLessThanOrEqual(0);
});
