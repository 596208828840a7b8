import { decode } from "next-auth/jwt";
import sharp from "sharp";
import { expect, type Page, test } from "@playwright/test";
import { signIn, storeRequest, unique } from "./support";

/**
 * The store at scale (scripts/cluster.mjs, README "Running at scale"): nginx in front of two
 * dashboards and two store instances on one PostgreSQL database and one S3-compatible bucket.
 * scripts/e2e.mjs starts it on a database of its own when the run includes this file.
 */

const cluster = {
  dashboardUrl: process.env.E2E_CLUSTER_DASHBOARD_URL ?? "",
  storeUrl: process.env.E2E_CLUSTER_STORE_URL ?? "",
  instances: (process.env.E2E_CLUSTER_INSTANCES ?? "").split(",").filter(Boolean),
  // Asked as localhost, the session's cookie goes along (cookies do not tell ports apart).
  dashboards: (process.env.E2E_CLUSTER_DASHBOARDS ?? "")
    .split(",")
    .filter(Boolean)
    .map((url) => url.replace("127.0.0.1", "localhost")),
  owner: { email: process.env.E2E_CLUSTER_OWNER_EMAIL ?? "", password: process.env.E2E_CLUSTER_OWNER_PASSWORD ?? "" },
  secret: process.env.E2E_CLUSTER_NEXTAUTH_SECRET ?? "",
};

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

test.skip(!cluster.dashboardUrl, "the cluster is started by scripts/e2e.mjs when the run includes this file");

test("signs in and edits a product through nginx; both store instances answer the change, and serve its picture", async ({
  page,
  context,
}) => {
  test.slow(); // two dashboards and two stores behind a proxy, on a machine running the rest of the suite
  expect(cluster.instances).toHaveLength(2);
  const name = unique("Cluster crate");
  await signIn(page, cluster.owner, "/products/new", cluster);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Price", exact: true }).fill("20");
  const picture = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  await page
    .locator("#product-media")
    .getByLabel("Images for the new product")
    .setInputFiles({ name: "crate.png", mimeType: "image/png", buffer: picture });
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(toast(page, `Created ${name}.`)).toBeVisible();
  await expect(toast(page, `Uploaded 1 image to ${name}.`)).toBeVisible();
  await page.waitForURL((url) => /^\/products\/[^/]+$/.test(url.pathname) && url.pathname !== "/products/new");
  const key = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);

  await page.getByRole("textbox", { name: "Price", exact: true }).fill("25.5");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Saved ${name}.`)).toBeVisible();

  // Each instance, asked directly right after the save, answers the new price (no stale cache),
  // and serves the picture another instance may have rendered (the bucket, not its own disk).
  const session = (await context.cookies(cluster.dashboardUrl)).find((c) => c.name === "next-auth.session-token");
  const jwt = await decode({ token: session!.value, secret: cluster.secret });
  const token = String(jwt?.accessToken);
  for (const instance of cluster.instances) {
    const read = await storeRequest(instance, token, "GET", `/api/v1/products/${encodeURIComponent(key)}`);
    expect(read.status).toBe(200);
    const product = read.body as { name: string; price_raw: number; images: { small: string }[] };
    expect(product).toMatchObject({ name, price_raw: 25.5 });
    expect(product.images).toHaveLength(1);
    // The URL names the store's public address (nginx); the file is asked of this instance.
    const file = await fetch(`${instance}${new URL(product.images[0]!.small).pathname}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^image\//);
  }

  // The page read through nginx again shows the saved price.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Price", exact: true })).toHaveValue(/^25\.50?$/);
});

test("a rename saved through one dashboard instance is in every instance's catalogue copy on the next request", async ({
  page,
  context,
}) => {
  test.slow(); // as above
  expect(cluster.dashboards).toHaveLength(2);
  await signIn(page, cluster.owner, "/products", cluster);
  const session = (await context.cookies(cluster.dashboardUrl)).find((c) => c.name === "next-auth.session-token");
  const jwt = await decode({ token: session!.value, secret: cluster.secret });
  const token = String(jwt?.accessToken);
  const tag = unique("Cluster copy", "-");
  const made = await storeRequest(cluster.storeUrl, token, "POST", "/api/v1/products", {
    name: `${tag} before`,
    price: "5.00",
  });
  expect(made.status).toBe(201);
  const key = (made.body as { key: string }).key;

  // Each instance's copy holds the product (read at first need, or found by a revalidation).
  const namesAt = async (dashboard: string) => {
    const answer = await context.request.get(`${dashboard}/api/catalogue?q=${encodeURIComponent(tag)}&limit=5`);
    expect(answer.status(), dashboard).toBe(200);
    return ((await answer.json()) as { rows: { name: string }[] }).rows.map((row) => row.name);
  };
  for (const dashboard of cluster.dashboards) {
    await expect.poll(() => namesAt(dashboard), { timeout: 30_000 }).toEqual([`${tag} before`]);
  }

  // Renamed through nginx (one of the two answers the save), then each instance asked at once: the one
  // that saved put the store's answer in its copy; the other reads the product again, told by the
  // person's cookie (docs/architecture.md#the-catalogue-copy), instead of waiting for its revalidation.
  await page.goto(`${cluster.dashboardUrl}/products/${encodeURIComponent(key)}`);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${tag} after`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Saved ${tag} after.`)).toBeVisible();
  for (const dashboard of cluster.dashboards) expect(await namesAt(dashboard), dashboard).toEqual([`${tag} after`]);
});
