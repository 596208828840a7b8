import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { accessTokenOf, e2e, signedIn, storeApi, tabTo } from "./support";

/**
 * The editor's media section (components/products/media/) against the real
 * store: uploads with progress, a file refused half-way, reordering by mouse
 * and by keyboard (saved with `PUT order`, still there after a reload), a
 * video, a delete behind a confirmation.
 */

interface StoreImage {
  small: string;
  order?: number;
}

/** A small picture of one colour: a real PNG or JPEG, made here. */
async function picture(name: string, colour: { r: number; g: number; b: number }, format: "png" | "jpeg") {
  const buffer = await sharp({ create: { width: 48, height: 32, channels: 3, background: colour } })
    [format]()
    .toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

const keyOf = (uri: string) => (uri.split("/").pop() ?? "").replace(/\.[a-z]+$/i, "").replace(/-small$/, "");

/** The product's image keys in the store's order. */
async function storeOrder(token: string, product: string): Promise<string[]> {
  const { status, body } = await storeApi(token, "GET", `/api/v1/products/${product}/images`);
  expect(status).toBe(200);
  return (body as StoreImage[]).map((image) => keyOf(image.small));
}

function section(page: Page): Locator {
  return page.locator("#product-media");
}

function mediaList(page: Page): Locator {
  return section(page).getByRole("list", { name: "Images and videos", exact: true });
}

/** Keys of the images and videos on screen, in order. */
function orderOnScreen(page: Page): Promise<string[]> {
  return mediaList(page)
    .locator("[data-media-key]")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-media-key") ?? ""));
}

/** SortableList's live region (assertive). */
function announcer(page: Page): Locator {
  return section(page).locator('[aria-live="assertive"]');
}

async function openEditor(page: Page, product: string) {
  await page.goto(`/products/${product}`);
  // The interactive section is loaded after the page; its handles wait for the first read.
  await expect(section(page).getByRole("button", { name: "Choose images" })).toBeVisible();
}

async function handlesReady(page: Page, count: number) {
  await expect(mediaList(page).getByRole("button", { name: /^Move / })).toHaveCount(count);
  for (const handle of await mediaList(page)
    .getByRole("button", { name: /^Move / })
    .all()) {
    await expect(handle).toBeEnabled();
  }
}

let token: string;
let product: string;
const name = `Linen shirt ${Date.now().toString(36)}`;

test.beforeEach(async ({ page, context }) => {
  await signedIn(page, e2e.owner, "/users");
  token = await accessTokenOf(context);
  const created = await storeApi(token, "POST", "/api/v1/products", { name, price: "25.00", quantity: "5" });
  expect(created.status).toBeLessThan(300);
  product = (created.body as { key: string }).key;
});

test("uploads three images, reorders them by mouse and by keyboard, adds a video, deletes with confirmation", async ({
  page,
}) => {
  // A long walk through the whole section (uploads, two reloads, a video, a delete).
  test.setTimeout(120_000);
  await openEditor(page, product);
  const files = await Promise.all([
    picture("red.png", { r: 200, g: 30, b: 30 }, "png"),
    picture("green.jpg", { r: 30, g: 160, b: 60 }, "jpeg"),
    picture("blue.png", { r: 30, g: 60, b: 200 }, "png"),
  ]);
  await section(page).getByLabel("Images to upload").setInputFiles(files);

  const uploads = section(page).getByRole("list", { name: "Uploads" });
  for (const file of files) {
    await expect(uploads.locator(`[data-upload="${file.name}"]`)).toHaveAttribute("data-status", "done");
  }
  await expect(section(page).getByRole("status").filter({ hasText: "3 of 3 images uploaded." })).toBeAttached();
  await handlesReady(page, 3);
  // Alt text: the product's name and the position.
  await expect(mediaList(page).getByRole("img", { name: `${name}, image 1 of 3`, exact: true })).toBeVisible();
  await expect(mediaList(page).getByRole("img", { name: `${name}, image 3 of 3`, exact: true })).toBeVisible();

  const initial = await storeOrder(token, product);
  expect(initial).toHaveLength(3);
  await expect.poll(() => orderOnScreen(page)).toEqual(initial);
  const [first, second, third] = initial as [string, string, string];

  // The mouse: drag the third to the front.
  const handle = mediaList(page).getByRole("button", { name: "Move image 3", exact: true });
  const target = mediaList(page).getByRole("listitem").first();
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("the media are not on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
  await expect(announcer(page)).toContainText("Dropped image 3 at position 1 of 3.");
  await expect.poll(() => storeOrder(token, product)).toEqual([third, first, second]);
  await page.reload();
  await handlesReady(page, 3);
  await expect.poll(() => orderOnScreen(page)).toEqual([third, first, second]);

  // The keyboard alone: the last one to the front, every step announced.
  const last = mediaList(page).getByRole("button", { name: "Move image 3", exact: true });
  await tabTo(page, last, { max: 200 });
  await page.keyboard.press("Space");
  await expect(announcer(page)).toContainText("Picked up image 3, position 3 of 3.");
  await page.keyboard.press("ArrowUp");
  await expect(announcer(page)).toContainText("Moved to position 2 of 3.");
  await page.keyboard.press("ArrowUp");
  await expect(announcer(page)).toContainText("Moved to position 1 of 3.");
  await page.keyboard.press("Space");
  await expect(announcer(page)).toContainText("Dropped image 3 at position 1 of 3.");
  await expect.poll(() => storeOrder(token, product)).toEqual([second, third, first]);
  await page.reload();
  await handlesReady(page, 3);
  await expect.poll(() => orderOnScreen(page)).toEqual([second, third, first]);

  // A video: the store's refusal shows next to the field; a YouTube address goes last.
  const video = section(page).getByLabel("Video address");
  await video.fill("https://youtu.be/tooshort");
  await section(page).getByRole("button", { name: "Add video" }).click();
  await expect(
    section(page).getByText("The store did not take this address: it adds YouTube and Vimeo videos."),
  ).toBeVisible();
  await expect(video).toHaveAttribute("aria-invalid", "true");
  await video.fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await section(page).getByRole("button", { name: "Add video" }).click();
  await expect(
    mediaList(page).getByRole("img", { name: `${name}, video 1 of 1 (YouTube)`, exact: true }),
  ).toBeVisible();
  await handlesReady(page, 4);
  await expect.poll(() => orderOnScreen(page)).toEqual([second, third, first, "dQw4w9WgXcQ"]);

  // Delete, with a confirmation: Cancel keeps it, Delete removes it.
  await section(page).getByRole("button", { name: "Delete image 1", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete image 1?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page).getByRole("button", { name: "Delete image 1", exact: true })).toBeFocused();
  await section(page).getByRole("button", { name: "Delete image 1", exact: true }).click();
  await page.getByRole("dialog", { name: "Delete image 1?" }).getByRole("button", { name: "Delete image" }).click();
  await expect.poll(() => storeOrder(token, product)).toEqual([third, first]);
  await expect.poll(() => orderOnScreen(page)).toEqual([third, first, "dQw4w9WgXcQ"]);
});

test("an upload that fails half-way names the file and the store's reason, and keeps the others", async ({ page }) => {
  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await openEditor(page, product);
  const good = await picture("good.png", { r: 240, g: 200, b: 20 }, "png");
  const alsoGood = await picture("also-good.jpg", { r: 20, g: 200, b: 240 }, "jpeg");
  // Named and typed as a PNG, but it is text: only the store can tell (by its content).
  const fake = {
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("These are notes, not a picture.\n".repeat(50)),
  };
  await section(page).getByLabel("Images to upload").setInputFiles([good, fake, alsoGood]);

  const uploads = section(page).getByRole("list", { name: "Uploads" });
  await expect(uploads.locator('[data-upload="good.png"]')).toHaveAttribute("data-status", "done");
  await expect(uploads.locator('[data-upload="also-good.jpg"]')).toHaveAttribute("data-status", "done");
  const failed = uploads.locator('[data-upload="notes.png"]');
  await expect(failed).toHaveAttribute("data-status", "failed");
  await expect(failed).toContainText(
    "The store did not take this file as an image. Send a JPEG, PNG, WebP, GIF or AVIF picture.",
  );
  // The same file would be refused again: no retry offered, only dismissing it.
  await expect(failed.getByRole("button", { name: "Retry notes.png" })).toHaveCount(0);
  await expect(
    section(page).getByRole("status").filter({ hasText: "2 of 3 images uploaded. 1 failed: notes.png." }),
  ).toBeAttached();
  await handlesReady(page, 2);
  await expect.poll(async () => (await storeOrder(token, product)).length).toBe(2);
  // Nothing of the section sticks out sideways at 390 px.
  const box = await section(page).boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await section(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // A file the browser can tell is not an image never leaves it.
  await section(page)
    .getByLabel("Images to upload")
    .setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") });
  await expect(uploads.locator('[data-upload="report.pdf"]')).toContainText("Not an image the store takes");
  await failed.getByRole("button", { name: "Dismiss notes.png" }).click();
  await expect(failed).toHaveCount(0);
  expect((await storeOrder(token, product)).length).toBe(2);
});

test("an image over 10 MB arrives whole (the upload streams past the proxy, which would cut it)", async ({ page }) => {
  // 12 MB through the dashboard to the store, and five sizes made there.
  test.setTimeout(90_000);
  await openEditor(page, product);
  // 2000×2000 noise, stored uncompressed: about 12 MB of PNG.
  const buffer = await sharp({
    create: {
      width: 2000,
      height: 2000,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(buffer.length).toBeGreaterThan(11 * 1024 * 1024);
  await section(page)
    .getByLabel("Images to upload")
    .setInputFiles({ name: "large.png", mimeType: "image/png", buffer });
  const row = section(page).getByRole("list", { name: "Uploads" }).locator('[data-upload="large.png"]');
  await expect(row).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect.poll(async () => (await storeOrder(token, product)).length).toBe(1);
});

test("adds images by URL and shows the store's job until the images are there", async ({ page }) => {
  await openEditor(page, product);
  // An address the store can fetch in the test: one of its own media files (private
  // addresses are allowed in development mode, docs/contract.md#uploads).
  await section(page)
    .getByLabel("Images to upload")
    .setInputFiles(await picture("source.png", { r: 120, g: 40, b: 160 }, "png"));
  await handlesReady(page, 1);
  const { body } = await storeApi(token, "GET", `/api/v1/products/${product}/images`);
  const source = (body as { large: string }[])[0]!.large;

  const addresses = section(page).getByLabel("Image addresses");
  await addresses.fill("ftp://example.test/a.jpg");
  await section(page).getByRole("button", { name: "Add images" }).click();
  await expect(
    section(page).getByText("Line 1, “ftp://example.test/a.jpg”: not a web address: use one starting with https://."),
  ).toBeVisible();

  await addresses.fill(source);
  await section(page).getByRole("button", { name: "Add images" }).click();
  await expect(section(page).getByText("Added 1 image from the addresses you gave.")).toBeVisible({ timeout: 30_000 });
  await handlesReady(page, 2);
  await expect.poll(async () => (await storeOrder(token, product)).length).toBe(2);
});

test("adding by URL: a bad line is refused before sending, each failed address is named with the store's reason, and the status outlives a reload", async ({
  page,
}) => {
  // The store gives a name that does not resolve three tries (2 s and 8 s apart), then reports back.
  test.setTimeout(120_000);
  await openEditor(page, product);
  // A loopback address the store may fetch in the tests (docs/contract.md#uploads): its own API
  // reference, which is JSON, not a picture.
  const loopback = new URL("/docs/json", e2e.storeUrl);
  loopback.hostname = "127.0.0.1";
  const addresses = section(page).getByLabel("Image addresses");
  await addresses.fill(["https://example.invalid/one.jpg", "not a url", loopback.href].join("\n"));
  await section(page).getByRole("button", { name: "Add images" }).click();

  // The second line never leaves the browser: it stays in the box with its reason.
  await expect(
    section(page).getByText(
      "Line 1, “not a url”: not a web address (https://…) nor an image file in the store's import folder (such as shirts/blue.jpg).",
    ),
  ).toBeVisible();
  await expect(addresses).toHaveValue("not a url");
  await expect(addresses).toHaveAttribute("aria-invalid", "true");

  // The others were sent; each is named with the store's reason as soon as the store reports it.
  const failed = (address: string) =>
    section(page).locator('[data-import-address="failed"]').filter({ hasText: address });
  await expect(failed("https://example.invalid/one.jpg")).toContainText(
    "The store could not add it: https://example.invalid/one.jpg could not be reached",
    { timeout: 60_000 },
  );
  await expect(failed(loopback.href)).toContainText("The store could not add it:");
  await expect(failed(loopback.href)).toContainText("not an image");
  await expect(section(page).getByText("2 of 2 images could not be added.")).toBeVisible();

  // After a reload the page still says which addresses failed, and why.
  await page.reload();
  await expect(failed("https://example.invalid/one.jpg")).toContainText("could not be reached");
  await expect(failed(loopback.href)).toContainText("not an image");
  // Dismissed, it is gone for good.
  await section(page).locator("[data-import]").getByRole("button", { name: "Dismiss" }).click();
  await expect(section(page).locator("[data-import]")).toHaveCount(0);
  await page.reload();
  await expect(section(page).locator("[data-imports-read]")).toBeAttached();
  await expect(section(page).locator("[data-import]")).toHaveCount(0);
  expect(await storeOrder(token, product)).toEqual([]);
});

test("adding by URL: a host that does not exist is named with the store's reason within seconds, and trying it again leaves one box", async ({
  page,
}) => {
  await openEditor(page, product);
  const address = "https://example.invalid/x.jpg";
  const addresses = section(page).getByLabel("Image addresses");
  const boxes = section(page).locator("[data-import]");
  const failed = section(page).locator('[data-import-address="failed"]').filter({ hasText: address });
  const reason = `The store could not add it: ${address} could not be reached: its host name does not exist (ENOTFOUND)`;

  await addresses.fill(address);
  await section(page).getByRole("button", { name: "Add images" }).click();
  // The store fails a name that does not exist at once and calls back (issue 39: within 5 s).
  await expect(failed).toContainText(reason, { timeout: 5_000 });
  await expect(boxes).toHaveCount(1);
  await expect(boxes).toContainText("1 of 1 image could not be added.");
  const first = await boxes.getAttribute("data-import");

  // Sent again: the new import's box takes the old one's place, and it fails the same way.
  await addresses.fill(address);
  await section(page).getByRole("button", { name: "Add images" }).click();
  await expect(section(page).locator(`[data-import]:not([data-import="${first}"])`)).toHaveCount(1);
  await expect(boxes).toHaveCount(1);
  await expect(failed).toContainText(reason, { timeout: 5_000 });

  // The old one is gone on the server too: after a reload, one box still.
  await page.reload();
  await expect(section(page).locator("[data-imports-read]")).toBeAttached();
  await expect(failed).toContainText(reason);
  await expect(boxes).toHaveCount(1);
  expect(await storeOrder(token, product)).toEqual([]);
});

test("three images chosen as A, B, C end up as A, B, C, whatever order their uploads finish in", async ({ page }) => {
  await openEditor(page, product);
  // A is by far the largest: on its way and in the store's render it finishes last, and the store
  // puts each image last as it arrives (docs/contract.md#uploads). Each has a shape of its own.
  const a = {
    name: "A.png",
    mimeType: "image/png",
    buffer: await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  };
  const b = await picture("B.png", { r: 30, g: 160, b: 60 }, "png");
  const c = {
    name: "C.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 20, height: 40, channels: 3, background: { r: 9, g: 9, b: 200 } } })
      .jpeg()
      .toBuffer(),
  };
  await section(page).getByLabel("Images to upload").setInputFiles([a, b, c]);
  const uploads = section(page).getByRole("list", { name: "Uploads" });
  for (const file of [a, b, c]) {
    await expect(uploads.locator(`[data-upload="${file.name}"]`)).toHaveAttribute("data-status", "done");
  }

  /** The shape of each of the product's images, in the store's order (its tiny size: 64 px at most). */
  const shapes = async () => {
    const { body } = await storeApi(token, "GET", `/api/v1/products/${product}/images`);
    return Promise.all(
      (body as { tiny: string }[]).map(async (image) => {
        const metadata = await sharp(Buffer.from(await (await fetch(image.tiny)).arrayBuffer())).metadata();
        return `${metadata.width}x${metadata.height}`;
      }),
    );
  };
  await expect.poll(shapes).toEqual(["64x48", "48x32", "20x40"]);
  await handlesReady(page, 3);
  await expect.poll(() => orderOnScreen(page)).toEqual(await storeOrder(token, product));
  // Each tile names its item whole at 1280 px beside the editor's index ("Image 1", not "Ima…").
  const captions = section(page).locator("[data-media-caption]");
  await expect(captions).toHaveText(["image 1", "image 2", "image 3"]);
  expect(await captions.evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth).length)).toBe(0);
});
