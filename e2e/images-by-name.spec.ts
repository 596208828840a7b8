import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { compareNames } from "../lib/image-names";
import { accessTokenOf, e2e, signedIn, signIn, storeApi } from "./support";

/**
 * Images to products by file name (docs/design.md#images-by-file-name) against the real store:
 * files named after the SKU, an option's SKU or the slug of products made here, matched in a
 * table (the longest SKU wins), one fixed by hand, a text file refused, the confirmation, the
 * uploads landing after the product's existing media in name order, a file the store refuses
 * listed with its reason while the rest go on; the page on a phone; and against a plain store.
 */

type Colour = { r: number; g: number; b: number };
type Upload = { name: string; mimeType: string; buffer: Buffer };

async function picture(name: string, colour: Colour, format: "png" | "jpeg" = "png"): Promise<Upload> {
  const buffer = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    [format]()
    .toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

interface Made {
  key: string;
  slug: string;
  sku: string;
}

async function product(token: string, form: Record<string, string>): Promise<Made> {
  const created = await storeApi(token, "POST", "/api/v1/products", { price: "20.00", ...form });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const body = created.body as { key: string; slug: string };
  return { key: body.key, slug: body.slug, sku: form.sku ?? "" };
}

/** The product's images and videos in the store's one order: image keys, and `video` for a video. */
async function mediaOrder(token: string, key: string): Promise<string[]> {
  const images = await storeApi(token, "GET", `/api/v1/products/${key}/images`);
  const videos = await storeApi(token, "GET", `/api/v1/products/${key}/videos`);
  const keyOf = (uri: string) => (uri.split("/").pop() ?? "").replace(/-small\.[a-z]+$/i, "");
  const all = [
    ...(images.body as { small: string; order: number }[]).map((i) => ({ id: keyOf(i.small), order: i.order })),
    ...(videos.body as { order: number }[]).map((v) => ({ id: "video", order: v.order })),
  ];
  return all.sort((a, b) => a.order - b.order).map((m) => m.id);
}

const table = (page: Page) => page.getByRole("table", { name: "Files and their products" });
const rowOf = (page: Page, name: string): Locator => table(page).locator(`tr[data-file="${name}"]`);

async function openPage(page: Page) {
  await page.goto("/products/images");
  await expect(page.getByRole("heading", { name: "Images by file name", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose a folder" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Loading products to match" })).toHaveCount(0, {
    timeout: 45_000,
  });
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

test("matches files to products by name, takes a fix by hand, and uploads each product's files in name order", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, e2e.owner, "/products");
  const token = await accessTokenOf(page.context());
  const id = stamp();
  const tee = await product(token, {
    name: `Byname tee ${id}`,
    sku: `BN${id}-TEE`,
    options: JSON.stringify([
      { metadata: { Size: "M" }, quantity: 3, surcharge: "0", fetch_sku: `BN${id}-TEE-M` },
      { metadata: { Size: "L" }, quantity: 3, surcharge: "0", fetch_sku: `BN${id}-TEE-L` },
    ]),
  });
  const tee2 = await product(token, { name: `Byname tee two ${id}`, sku: `BN${id}-TEE-2`, quantity: "4" });
  // Existing media: a video, first in the product's one order; the uploads go after it.
  const video = await storeApi(token, "POST", `/api/v1/products/${tee.key}/videos`, {
    video: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
  });
  expect(video.status, JSON.stringify(video.body)).toBeLessThan(300);

  // From the Products list's header.
  await page.getByRole("link", { name: "Images by name" }).click();
  await expect(page).toHaveURL(/\/products\/images$/);
  await openPage(page);

  const teeFiles = [`BN${id}-TEE_10.png`, `BN${id}-TEE_2.jpg`, `bn${id}-tee-m front.png`, `${tee.slug}_side.png`];
  const files = await Promise.all([
    picture(teeFiles[0]!, { r: 200, g: 30, b: 30 }),
    picture(teeFiles[1]!, { r: 30, g: 160, b: 60 }, "jpeg"),
    picture(teeFiles[2]!, { r: 30, g: 60, b: 200 }),
    picture(teeFiles[3]!, { r: 200, g: 200, b: 30 }),
    picture(`BN${id}-TEE-2.png`, { r: 90, g: 90, b: 90 }),
    picture(`mystery-${id}.png`, { r: 10, g: 10, b: 10 }),
  ]);
  const broken = {
    name: `BN${id}-TEE-2-broken.png`,
    mimeType: "image/png",
    buffer: Buffer.from("not a picture at all"),
  };
  const notes = { name: `BN${id}-TEE notes.txt`, mimeType: "text/plain", buffer: Buffer.from("hello") };
  await page.getByLabel("Images to match", { exact: true }).setInputFiles([...files, broken, notes]);

  // The table: each match and how, the miss, the refusal, the counts.
  await expect(table(page)).toBeVisible();
  await expect(page.getByTestId("match-counts")).toHaveText("8 files: 6 matched, 1 without a match, 1 refused.");
  await expect(rowOf(page, `BN${id}-TEE-2.png`).getByTestId("file-product")).toContainText(
    `Byname tee two ${id}SKU BN${id}-TEE-2 · by SKU`,
  );
  await expect(rowOf(page, `BN${id}-TEE_10.png`).getByTestId("file-product")).toContainText(`Byname tee ${id}`);
  await expect(rowOf(page, `bn${id}-tee-m front.png`).getByTestId("file-product")).toContainText(
    `by option SKU BN${id}-TEE-M`,
  );
  await expect(rowOf(page, `${tee.slug}_side.png`).getByTestId("file-product")).toContainText("by slug");
  await expect(rowOf(page, `mystery-${id}.png`).getByTestId("file-product")).toContainText("No match");
  await expect(rowOf(page, `BN${id}-TEE notes.txt`)).toContainText("Not an image the store takes");

  // A fix by hand: the miss goes to the second tee, found by its SKU.
  await rowOf(page, `mystery-${id}.png`)
    .getByRole("button", { name: `Choose the product of mystery-${id}.png` })
    .click();
  const chooser = page.getByRole("dialog", { name: `Choose the product of mystery-${id}.png` });
  await chooser.getByRole("searchbox", { name: "Search products" }).fill(`BN${id}-TEE-2`);
  await chooser.getByRole("button", { name: new RegExp(`^Byname tee two ${id}`) }).click();
  await expect(chooser).toBeHidden();
  await expect(rowOf(page, `mystery-${id}.png`).getByTestId("file-product")).toContainText("chosen by hand");
  await expect(page.getByTestId("match-counts")).toHaveText("8 files: 7 matched, 0 without a match, 1 refused.");

  // Nothing goes before the confirmation.
  const keys = new Map<string, string>();
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith("/images/upload") || response.status() !== 200) return;
    keys.set(url.searchParams.get("name") ?? "", ((await response.json()) as { key: string }).key);
  });
  await page.getByRole("button", { name: "Upload 7 files…" }).click();
  const confirm = page.getByRole("dialog", { name: "Upload 7 files to 2 products?" });
  await expect(confirm).toBeVisible();
  expect(keys.size).toBe(0);
  await confirm.getByRole("button", { name: "Upload", exact: true }).click();

  // The store's refusal of the broken file is listed; the rest arrive.
  await expect(page.getByText("Upload finished")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("6 of 7 images uploaded to 2 products.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Failed files" })).toContainText(
    `BN${id}-TEE-2-broken.png (Byname tee two ${id}): The store did not take this file as an image.`,
  );
  await expect(rowOf(page, `BN${id}-TEE-2-broken.png`)).toHaveAttribute("data-status", "failed");
  await expect(rowOf(page, `BN${id}-TEE_2.jpg`)).toHaveAttribute("data-status", "done");

  // After the existing video, in name order.
  const teeOrder = [...teeFiles].sort(compareNames).map((name) => keys.get(name));
  expect(teeOrder.every(Boolean)).toBe(true);
  expect(await mediaOrder(token, tee.key)).toEqual(["video", ...teeOrder]);
  const tee2Order = [`BN${id}-TEE-2.png`, `mystery-${id}.png`].sort(compareNames).map((name) => keys.get(name));
  expect(await mediaOrder(token, tee2.key)).toEqual(tee2Order);
});

test("fits a phone: no sideways scrolling, rows as cards", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, e2e.owner, "/products");
  const id = stamp();
  await product(await accessTokenOf(page.context()), {
    name: `A phone's product with a rather long name to wrap ${id}`,
    sku: `PH${id}-SKU-WITH-A-LONG-TAIL`,
    quantity: "1",
  });
  await openPage(page);
  await page
    .getByLabel("Images to match", { exact: true })
    .setInputFiles([
      await picture(`a-very-long-file-name-without-any-product-${id}-front-view-final-final.png`, { r: 1, g: 2, b: 3 }),
      await picture(`PH${id}-SKU-WITH-A-LONG-TAIL_front.png`, { r: 9, g: 9, b: 9 }),
    ]);
  await expect(table(page)).toBeVisible();
  await expect(rowOf(page, `PH${id}-SKU-WITH-A-LONG-TAIL_front.png`).getByTestId("file-product")).toContainText(
    "by SKU",
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("works against a plain store", async ({ page }) => {
  const dashboardUrl = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
  const storeUrl = process.env.E2E_PLAIN_STORE_URL ?? "";
  test.skip(!dashboardUrl || !storeUrl, "run through npm run test:e2e");
  test.setTimeout(90_000);
  await signIn(page, e2e.owner, "/products/images", { dashboardUrl, storeUrl });
  const id = stamp();
  // The plain store proxies the bundled one: a product made there is the plain store's too.
  const owner = await ownerToken(page);
  const made = await product(owner, { name: `Plain byname ${id}`, sku: `PB${id}`, quantity: "2" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Images by file name", level: 1 })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Loading products to match" })).toHaveCount(0, {
    timeout: 45_000,
  });
  await page
    .getByLabel("Images to match", { exact: true })
    .setInputFiles([await picture(`PB${id}.png`, { r: 5, g: 100, b: 5 })]);
  await expect(rowOf(page, `PB${id}.png`).getByTestId("file-product")).toContainText("by SKU");
  await page.getByRole("button", { name: "Upload 1 file…" }).click();
  await page
    .getByRole("dialog", { name: "Upload 1 file to 1 product?" })
    .getByRole("button", { name: "Upload", exact: true })
    .click();
  await expect(page.getByText("1 of 1 images uploaded to 1 product.")).toBeVisible({ timeout: 30_000 });
  expect(await mediaOrder(owner, made.key)).toHaveLength(1);
});

async function ownerToken(page: Page): Promise<string> {
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  await signedIn(other, e2e.owner, "/products");
  const token = await accessTokenOf(context);
  await context.close();
  return token;
}
