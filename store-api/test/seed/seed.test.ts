import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue } from "../../src/seed/catalogue.js";
import { PRODUCTS } from "../../src/seed/catalogue-data.js";
import { seedDemoStore, StoreNotEmptyError } from "../../src/seed/index.js";
import { api, startStoreWithAdmin, type TestStore, writeBehindApi } from "../helpers/index.js";

/**
 * The demo store's seed (docs/architecture.md#the-demo-store) on a fresh
 * database of the real app, read back through the API. The whole catalogue is
 * seeded without media (quick); a few products with their pictures and videos
 * show the media path (drawing and resizing every picture takes half a minute;
 * test/seed/cli.test.ts seeds the whole of it through the command line).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- products as the API answers them
type Json = any;

async function allOrders(store: TestStore, token: string): Promise<Json[]> {
  const all: Json[] = [];
  for (let page = 0; ; page++) {
    const res = await api(store, token, "GET", `/orders?count=250&page=${page}`);
    expect(res.status, res.text).toBe(200);
    all.push(...res.json);
    if (res.json.length < 250) return all;
  }
}

async function allProducts(store: TestStore, token: string): Promise<Json[]> {
  const res = await api(store, token, "GET", "/products?count=250");
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** What a seed run decides, without what differs on every run (keys, codes, times) or store (its address). */
function content(products: Json[]) {
  // Generated one-use coupon codes are crypto random, like keys.
  const keys = new Set(["key", "created", "modified", "url", "label_created", "ship_date", "code"]);
  const strip = (v: Json): Json =>
    Array.isArray(v)
      ? v.map(strip)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k]) => !keys.has(k))
              .map(([k, x]) => [k, strip(x)]),
          )
        : v;
  return strip(products);
}

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-seed-test-"));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

describe("the demo catalogue (without media)", () => {
  let store: TestStore;
  let admin: string;
  let products: Json[];
  const data = tempDir();

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin({ dataDir: data.dir }));
    const lines: string[] = [];
    const result = await seedDemoStore(
      store.database.db,
      { config: store.app.config },
      { media: false, progress: (l) => lines.push(l) },
    );
    expect(result.parts.map((p) => p.name)).toEqual(["catalogue", "shipping and tax", "coupons", "orders"]);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${PRODUCTS.length}/${PRODUCTS.length} `)));
    expect(lines.slice(-3)).toEqual(["Seeding the shipping and tax…", "Seeding the coupons…", "Seeding the orders…"]);
    products = await allProducts(store, admin);
  }, 120_000);
  afterAll(async () => {
    await store.close();
    data.cleanup();
  });

  it("has at least 60 products across several categories, listed a category at a time in turn", () => {
    expect(products.length).toBe(PRODUCTS.length);
    expect(products.length).toBeGreaterThanOrEqual(60);
    const categories = new Set(products.flatMap((p) => p.categories));
    for (const c of ["Apparel", "Home", "Kitchen", "Stationery", "Outdoors", "Gifts"]) expect(categories).toContain(c);
    expect(products.map((p) => p.order)).toEqual(products.map((_, i) => i + 1));
    expect(products.slice(0, 5).map((p) => p.categories[0])).toEqual([
      "Apparel",
      "Home",
      "Kitchen",
      "Stationery",
      "Outdoors",
    ]);
  });

  it("has shipping groups using every kind of charge, and US sales tax and EU VAT groups, on the products", async () => {
    const shipping = (await api(store, admin, "GET", "/shipping_groups")).json as Json[];
    expect(shipping.map((g) => g.name)).toEqual(["Standard shipping", "Large items"]);
    const options = shipping.flatMap((g) => g.options);
    expect(new Set(options.map((o: Json) => o.per_item_type))).toEqual(
      new Set(["quantity_ranges", "flat_per_item", "price_ranges", "weight_ranges"]),
    );
    expect(new Set(options.map((o: Json) => o.per_cart_type))).toEqual(new Set(["flat_fee", "percentage"]));
    expect(options[0].destinations).toContainEqual({ country: "US", region: "HI", allowed: false });
    const tax = (await api(store, admin, "GET", "/tax_groups")).json as Json[];
    expect(tax.map((g) => g.name)).toEqual(["US sales tax", "EU VAT (digital goods)"]);
    expect(tax[0].taxes).toContainEqual(expect.objectContaining({ country: "US", region: "CA", rate: "7.25%" }));
    expect(tax[1].taxes.every((r: Json) => r.region === null && r.on_shipping)).toBe(true);

    for (const p of products) {
      if (p.type === "physical") {
        expect(["Standard shipping", "Large items"], p.name).toContain(p.shipping_group?.name);
        expect(p.tax_group?.name, p.name).toBe("US sales tax");
      } else {
        expect(p.shipping_group, p.name).toBeNull();
        expect(p.tax_group?.name, p.name).toBe("EU VAT (digital goods)");
      }
    }
    expect(products.some((p) => p.shipping_group?.name === "Large items")).toBe(true);
  });

  it("has coupons of every kind: active, expired and upcoming, a threshold, a batch of one-use codes", async () => {
    const res = await api(store, admin, "GET", "/coupons");
    expect(res.status, res.text).toBe(200);
    const coupons = res.json as Json[];
    const now = Date.now() / 1000;
    const byName = (name: string) => coupons.find((c) => c.name === name);
    expect(coupons.map((c) => c.type).sort()).toEqual([
      "flat_discount",
      "free_shipping",
      "percentage_off",
      "percentage_off",
      "percentage_off",
    ]);
    expect(coupons.some((c) => c.start_date <= now && c.end_date > now)).toBe(true);
    expect(coupons.some((c) => c.end_date <= now)).toBe(true);
    expect(coupons.some((c) => c.start_date > now)).toBe(true);
    expect(byName("$10 off orders of $75")).toMatchObject({ flat_rate_raw: 10, threshold_raw: 75, limit: 500 });
    expect(byName("Welcome 15% off")).toMatchObject({
      percentage: "15%",
      codes: [{ code: "WELCOME15", type: "multi_use" }],
    });
    const batch = byName("Newsletter thank-you 10%");
    expect(batch.free_ship).toBe(true);
    expect(batch.codes).toHaveLength(250);
    expect(batch.codes.every((c: Json) => c.type === "one_use")).toBe(true);
    // The order history used a few of them.
    expect(batch.codes.filter((c: Json) => c.active).length).toBeGreaterThan(200);
  });

  it("has 300+ storefront orders over 90 days: every payment state and gateway, fulfilled or not, many places", async () => {
    const orders = await allOrders(store, admin);
    expect(orders.length).toBeGreaterThanOrEqual(300);
    expect((await api(store, admin, "GET", "/orders/count")).json).toEqual({ count: orders.length });
    const now = Date.now() / 1000;
    for (const o of orders) {
      expect(o.created).toBeLessThanOrEqual(now);
      expect(o.created).toBeGreaterThan(now - 91 * 86_400);
      expect(o.currency).toBe("USD");
      expect(o.cancelled).toBe(false);
      expect(o.line_items.length).toBeGreaterThanOrEqual(1);
      for (const line of o.line_items) {
        expect(line.product, line.name).not.toBeNull();
        expect(line.name.startsWith(line.product.name)).toBe(true);
        expect(line.product.options.map((x: Json) => x.key)).toContain(line.product_option.key);
        for (const e of line.extras) expect(line.product.extras.map((x: Json) => x.key)).toContain(e.key);
      }
      // Money adds up: the lines' totals (extras included) make the subtotal; the total what is paid.
      const cents = (x: number) => Math.round(x * 100);
      if (!o.coupon) expect(cents(o.total_raw)).toBe(cents(o.subtotal_raw) + cents(o.shipping_raw) + cents(o.tax_raw));
      expect(cents(o.subtotal_raw)).toBeGreaterThanOrEqual(
        o.line_items.reduce((n: number, l: Json) => n + cents(l.subtotal_raw), 0),
      );
      expect(o.total).toMatch(/^\$[\d,]+\.\d\d$/);
    }
    // Numbers grow with time: newest first in the list is highest number first.
    const byNumber = [...orders].sort((a, b) => b.order_number - a.order_number);
    expect(byNumber.map((o) => o.created)).toEqual(orders.map((o) => o.created));
    const states = orders.map((o) => o.payment_state);
    for (const state of ["paid", "pending", "failed"]) expect(states, state).toContain(state);
    expect(states.filter((s) => s === "paid").length).toBeGreaterThan(orders.length / 2);
    expect(new Set(orders.map((o) => o.payment_gateway))).toEqual(
      new Set(["stripe", "paypal", "square", "authorize_net"]),
    );
    expect(orders.some((o) => o.fulfilled)).toBe(true);
    expect(orders.some((o) => !o.fulfilled)).toBe(true);
    expect(orders.filter((o) => o.fulfilled).every((o) => o.payment_state === "paid")).toBe(true);
    const shipments = orders.flatMap((o) => o.shipments);
    expect(shipments.length).toBeGreaterThan(100);
    expect(new Set(shipments.map((s) => s.carrier))).toEqual(new Set(["UPS", "USPS", "FedEx", "DHL"]));
    for (const s of shipments) {
      expect(s.ship_date).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(s.tracking_number).toMatch(/^(1Z[0-9A-Z]{16}|\d{10}|\d{12}|9\d{21})$/);
      expect(s.shipping_cost).toBeGreaterThan(0);
    }
    const countries = new Set(orders.map((o) => o.shipping_address.country));
    expect(countries.size).toBeGreaterThanOrEqual(15);
    const usStates = new Set(
      orders.filter((o) => o.shipping_address.country === "US").map((o) => o.shipping_address.state),
    );
    expect(usStates.size).toBeGreaterThanOrEqual(20);
    expect(orders.some((o) => o.line_items.some((l: Json) => l.extras.length > 0))).toBe(true);
    expect(orders.some((o) => o.billing_address.email !== o.shipping_address.email)).toBe(true);
    for (const state of ["paid", "pending", "failed", "fulfilled", "unfulfilled"]) {
      const count = (await api(store, admin, "GET", `/orders/${state}/count`)).json.count;
      const expected = orders.filter((o) =>
        state === "fulfilled" ? o.fulfilled : state === "unfulfilled" ? !o.fulfilled : o.payment_state === state,
      ).length;
      expect(count, state).toBe(expected);
    }
  });

  it("has orders with the seeded coupons, each coupon's counts matching its orders", async () => {
    const orders = await allOrders(store, admin);
    const withCoupon = orders.filter((o) => o.coupon);
    expect(withCoupon.length).toBeGreaterThanOrEqual(20);
    const coupons = (await api(store, admin, "GET", "/coupons")).json as Json[];
    for (const c of coupons) {
      const used = withCoupon.filter((o) => o.coupon.id === c.id);
      expect(c.redeemed, c.name).toBe(used.length);
      expect(c.hits, c.name).toBeGreaterThanOrEqual(c.redeemed);
      for (const o of used) {
        expect(o.coupon).toMatchObject({ name: c.name, type: c.type });
        expect(c.codes.map((k: Json) => k.code)).toContain(o.coupon.code);
        expect(o.created).toBeGreaterThanOrEqual(c.start_date);
        expect(o.created).toBeLessThan(c.end_date);
        expect(o.discount).toMatch(/off|Free shipping/);
      }
    }
    const batch = coupons.find((c) => c.name === "Newsletter thank-you 10%");
    const usedCodes = new Set(withCoupon.filter((o) => o.coupon.id === batch.id).map((o) => o.coupon.code));
    expect(
      batch.codes
        .filter((k: Json) => !k.active)
        .map((k: Json) => k.code)
        .sort(),
    ).toEqual([...usedCodes].sort());
    expect(new Set(withCoupon.map((o) => o.coupon.name)).size).toBeGreaterThanOrEqual(3);
  });

  it("has realistic products: names, descriptions, SKUs, prices above costs, weights", () => {
    const slugs = new Set(products.map((p) => p.slug));
    expect(slugs.size).toBe(products.length);
    for (const p of products) {
      expect(p.name.length).toBeGreaterThan(3);
      expect(p.description_short.length).toBeGreaterThan(20);
      expect(p.description.startsWith(p.description_short)).toBe(true);
      expect(p.sku).toMatch(/^[A-Z]{3}-[A-Z]{3}$/);
      expect(p.price_raw).toBeGreaterThan(0);
      expect(p.cost_raw).toBeGreaterThan(0);
      expect(p.cost_raw).toBeLessThan(p.price_raw);
      expect(p.price).toMatch(/^\$\d+\.\d\d$/);
      if (p.type === "physical") expect(p.weight).toBeGreaterThan(0);
    }
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
  });

  it("has size × colour options with stock, surcharges and a SKU each, in separate dropdowns on some", () => {
    const withOptions = products.filter((p) => !p.options[0].default);
    expect(withOptions.length).toBeGreaterThan(products.length / 2);
    const tee = products.find((p) => p.name === "Organic Cotton Crew Tee");
    expect(tee.option_style).toBe("separate");
    expect(tee.options).toHaveLength(5 * 4);
    expect(tee.options[0].metadata).toEqual({ Size: "XS", Color: "White" });
    const xlBlack = tee.options.find((o: Json) => o.metadata.Size === "XL" && o.metadata.Color === "Black");
    expect(xlBlack).toMatchObject({ surcharge: "$2.00", surcharge_raw: 2, fetch_sku: "APP-TEE-XL-BLA" });
    expect(tee.options.find((o: Json) => o.metadata.Size === "M").surcharge_raw).toBe(0);
    // The product's quantity is the sum of its options'; now and then one option is sold out alone.
    expect(tee.quantity).toBe(tee.options.reduce((n: number, o: Json) => n + o.quantity, 0));
    const allOptions = withOptions.flatMap((p) => p.options);
    expect(allOptions.some((o) => o.quantity === 0)).toBe(true);
    expect(allOptions.some((o) => o.quantity > 0)).toBe(true);
    const sizeByColour = withOptions.filter((p) => "Size" in p.options[0].metadata && "Color" in p.options[0].metadata);
    expect(sizeByColour.length).toBeGreaterThanOrEqual(8);
  });

  it("has extras such as gift wrap and engraving", () => {
    const extras = products.flatMap((p) => p.extras);
    const names = new Set(extras.map((e) => e.metadata.Extra));
    expect(names).toContain("Gift wrap");
    expect(names).toContain("Engraving");
    expect(products.filter((p) => p.extras.length > 0).length).toBeGreaterThanOrEqual(20);
    const wrap = extras.find((e) => e.metadata.Extra === "Gift wrap");
    expect(wrap).toMatchObject({ surcharge: "$4.00", quantity: -1 });
  });

  it("has products on sale, sold out, hidden and coming soon, and digital ones", () => {
    const byStatus = (s: string) => products.filter((p) => p.status === s);
    const onSale = byStatus("on sale");
    expect(onSale.length).toBeGreaterThanOrEqual(5);
    for (const p of onSale) {
      expect(p.sale_price_raw).toBeLessThan(p.price_raw);
      expect(p.regular_price).toBe(p.price);
    }
    expect(products.filter((p) => p.status !== "on sale").every((p) => p.sale_price === null)).toBe(true);
    const soldOut = byStatus("sold out");
    expect(soldOut.length).toBeGreaterThanOrEqual(3);
    for (const p of soldOut) expect(p.quantity).toBe(0);
    expect(byStatus("hidden").length).toBeGreaterThanOrEqual(3);
    expect(byStatus("coming soon").length).toBeGreaterThanOrEqual(3);
    const digital = products.filter((p) => p.type === "digital");
    expect(digital.length).toBeGreaterThanOrEqual(2);
    for (const p of digital) expect(p.quantity).toBe(-1);
    expect(products.filter((p) => p.form).map((p) => p.form.name)).toContain("Engraving");
  });

  it("is the same catalogue on every run", async () => {
    const other = await startStoreWithAdmin({ dataDir: data.dir });
    try {
      await seedDemoStore(other.store.database.db, { config: other.store.app.config }, { media: false });
      expect(content(await allProducts(other.store, other.admin))).toEqual(content(products));
      expect(content(await allOrders(other.store, other.admin))).toEqual(content(await allOrders(store, admin)));
    } finally {
      await other.store.close();
    }
  }, 120_000);

  it("refuses a second run, changing nothing", async () => {
    const before = await allProducts(store, admin);
    const again = seedDemoStore(store.database.db, { config: store.app.config }, { media: false });
    await expect(again).rejects.toThrow(StoreNotEmptyError);
    await expect(again).rejects.toThrow(`The store already has ${PRODUCTS.length} products`);
    expect(await allProducts(store, admin)).toEqual(before);
  });
});

describe("the demo catalogue's pictures and videos", () => {
  let store: TestStore;
  let admin: string;
  const data = tempDir();
  const LIMIT = 4;

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin({ dataDir: data.dir }));
  });
  afterAll(async () => {
    await store.close();
    data.cleanup();
  });

  it("leaves neither products nor picture files when a part fails half-way", async () => {
    const broken = { name: "broken part", run: () => Promise.reject(new Error("the broken part failed")) };
    const failed = writeBehindApi(store, () =>
      seedDemoStore(store.database.db, { config: store.app.config }, { limit: 2, parts: [catalogue, broken] }),
    );
    await expect(failed).rejects.toThrow("the broken part failed");
    expect(await allProducts(store, admin)).toEqual([]);
    const media = path.join(data.dir, "media");
    expect(fs.existsSync(media) ? fs.readdirSync(media) : []).toEqual([]);
  }, 120_000);

  it("gives each product 1–4 pictures drawn locally, served in the five sizes, and a video to some", async () => {
    const result = await writeBehindApi(store, () =>
      seedDemoStore(store.database.db, { config: store.app.config }, { limit: LIMIT }),
    );
    expect(result.parts[0]!.summary).toMatch(
      new RegExp(`^${LIMIT} products in \\d+ categories, \\d+ pictures, 3 videos$`),
    );
    const products = await allProducts(store, admin);
    expect(products).toHaveLength(LIMIT);
    for (const p of products) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(4);
    }
    // The first products in the listing have a YouTube or a Vimeo video.
    expect(products.slice(0, 3).map((p) => p.videos.length)).toEqual([1, 1, 1]);
    const videos = await api(store, admin, "GET", `/products/${products[1].key}/videos`);
    expect(videos.json).toMatchObject([{ type: "vimeo", id: "1084537", url: "https://vimeo.com/1084537" }]);

    const image = products[0].images[0];
    expect(Object.keys(image).sort()).toEqual(["huge", "large", "medium", "small", "tiny"]);
    const res = await fetch(image.medium);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 480, 480]);
  }, 120_000);
});
