import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productOptions, products } from "../../../../src/db/schema/index.js";
import {
  addUser,
  ageProduct,
  api,
  createProduct,
  expectError,
  seedToken,
  startStoreWithAdmin,
  type TestStore,
} from "../../../helpers/index.js";

/** /api/v1/products and /api/v1/products/{key or slug} (docs/contract.md#catalogue-and-settings). */

describe("products", () => {
  let store: TestStore;
  let admin: string;

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin());
  });
  afterAll(async () => {
    await store.close();
  });

  const create = (form: Record<string, string>) => createProduct(store, admin, form);

  it("creates a product: 201 and the Product object with every field of the contract", async () => {
    const res = await api(store, admin, "POST", "/products", {
      name: "Blue Mug",
      name_short: "Mug",
      description: "A mug.",
      description_short: "Mug.",
      sku: "MUG-1",
      fetch_sku: "DL-1",
      type: "physical",
      status: "available",
      quantity: "12",
      price: "$12.50",
      cost: "4",
      weight: "0.35",
      option_style: "separate",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      key: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
      slug: "blue-mug",
      url: `${store.url}/products/blue-mug`,
      created: expect.any(Number),
      modified: expect.any(Number),
      name: "Blue Mug",
      name_short: "Mug",
      description: "A mug.",
      description_short: "Mug.",
      sku: "MUG-1",
      fetch_sku: "DL-1",
      type: "physical",
      status: "available",
      quantity: 12,
      price: "$12.50",
      price_raw: 12.5,
      regular_price: null,
      regular_price_raw: null,
      sale_price: null,
      sale_price_raw: null,
      cost: "$4.00",
      cost_raw: 4,
      currency: "USD",
      weight: 0.35,
      order: 1,
      categories: [],
      options: [
        {
          key: expect.any(String),
          default: true,
          metadata: {},
          quantity: 12,
          surcharge: "$0.00",
          surcharge_raw: 0,
          cost: "$0.00",
          cost_raw: 0,
          weight: 0,
          fetch_sku: "DL-1",
          order: 0,
          currency: "USD",
        },
      ],
      extras: [],
      option_style: "separate",
      images: [],
      videos: [],
      digital_samples: [],
      form: null,
      shipping_group: null,
      tax_group: null,
    });
  });

  it("defaults: unlimited quantity, physical, available, single option style, $0.00", async () => {
    const p = await create({ name: "Plain thing" });
    expect(p).toMatchObject({
      quantity: -1,
      type: "physical",
      status: "available",
      option_style: "single",
      price: "$0.00",
      sku: "",
      fetch_sku: "",
      digital_samples: [],
    });
  });

  it("also takes a JSON body", async () => {
    const res = await api(store, admin, "POST", "/products", undefined, {
      json: { name: "Json product", price: 3, form: { name: "F", fields: [{ label: "A", type: "text" }] } },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.price).toBe("$3.00");
    expect(res.json.form).toEqual({
      name: "F",
      fields: [{ label: "A", placeholder: "", type: "text", required: false }],
    });
  });

  it("gives unique slugs from the name: mug, mug-2, mug-3", async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await create({ name: "Mug" })).slug);
    expect(slugs).toEqual(["mug", "mug-2", "mug-3"]);
    expect((await create({ name: "Crème brûlée — Deluxe!" })).slug).toBe("creme-brulee-deluxe");
    expect((await create({ name: "☕☕" })).slug).toBe("product");
  });

  it("products created at the same moment with one name and a new category all succeed, with distinct slugs", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api(store, admin, "POST", "/products", { name: "Rush Hour", categories: "Rush Category" }),
      ),
    );
    expect(results.map((r) => `${r.status} ${r.status === 201 ? "" : r.text}`)).toEqual(Array(6).fill("201 "));
    expect(new Set(results.map((r) => r.json.slug)).size).toBe(6);
    expect(results.map((r) => r.json.slug)).toContain("rush-hour");
    const cats = await store.database.db.select().from(categories).where(eq(categories.slug, "rush-category"));
    expect(cats).toHaveLength(1);
  });

  it("gets a product by key and by slug; an unknown one is a 404", async () => {
    const p = await create({ name: "Findable" });
    const byKey = await api(store, admin, "GET", `/products/${p.key}`);
    expect(byKey.status).toBe(200);
    expect(byKey.json).toEqual(p);
    const bySlug = await api(store, admin, "GET", "/products/findable");
    expect(bySlug.json.key).toBe(p.key);
    expectError(await api(store, admin, "GET", "/products/no-such-thing"), 404);
  });

  it("a product key wins over another product's slug", async () => {
    const a = await create({ name: "Key holder" });
    const b = await create({ name: "Slug holder" });
    // No name slugifies to a key (keys have capitals); give b the slug a's key directly.
    await store.app.readCache.write(() =>
      store.database.db.update(products).set({ slug: a.key }).where(eq(products.key, b.key)),
    );
    expect((await api(store, admin, "GET", `/products/${a.key}`)).json.key).toBe(a.key);
    expect((await api(store, admin, "PUT", `/products/${a.key}`, { name: "Still a" })).json[0].key).toBe(a.key);
    expect((await api(store, admin, "GET", `/products/${b.key}`)).json.slug).toBe(a.key);
  });

  it("sale_price: set, then cleared by an empty value; regular_price is the price while on sale", async () => {
    const p = await create({ name: "Sale item", price: "20", sale_price: "15.00" });
    expect(p).toMatchObject({
      price: "$20.00",
      price_raw: 20,
      sale_price: "$15.00",
      sale_price_raw: 15,
      regular_price: "$20.00",
      regular_price_raw: 20,
    });
    const res = await api(store, admin, "PUT", `/products/${p.key}`, { sale_price: "" });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0]).toMatchObject({ sale_price: null, sale_price_raw: null, regular_price: null, price: "$20.00" });
  });

  it("refuses the read-only fields on write (422 naming them, nothing changed)", async () => {
    const p = await create({ name: "Ro", price: "5" });
    for (const field of ["regular_price", "price_raw", "sale_price_raw", "cost_raw", "key", "slug", "currency"]) {
      expectError(await api(store, admin, "PUT", `/products/${p.key}`, { [field]: "1", price: "9" }), 422, [field]);
    }
    expectError(await api(store, admin, "POST", "/products", { name: "Ro 2", regular_price: "3" }), 422, [
      "regular_price",
    ]);
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json.price).toBe("$5.00");
  });

  it("PUT answers a list holding the product and changes only what is sent", async () => {
    const p = await create({ name: "Editable", description: "old", sku: "S1", quantity: "3" });
    const res = await api(store, admin, "PUT", `/products/${p.slug}`, {
      name: "Edited",
      status: "sold out",
      type: "digital",
      quantity: "0",
      sku: "S2",
      fetch_sku: "F2",
      weight: "1.5",
    });
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({
      key: p.key,
      slug: p.slug,
      name: "Edited",
      description: "old",
      status: "sold out",
      type: "digital",
      quantity: 0,
      sku: "S2",
      fetch_sku: "F2",
      weight: 1.5,
    });
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json).toEqual(res.json[0]);
  });

  it("accepts every status value and refuses others", async () => {
    const p = await create({ name: "Statuses" });
    for (const status of ["available", "on sale", "hidden", "sold out", "coming soon"]) {
      const res = await api(store, admin, "PUT", `/products/${p.key}`, { status });
      expect(res.json[0].status).toBe(status);
    }
    expectError(await api(store, admin, "PUT", `/products/${p.key}`, { status: "gone" }), 422, ["status"]);
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json.status).toBe("coming soon");
  });

  it("form: stored, replaced by PUT, removed by the value delete; a form without fields is a 422", async () => {
    const form = JSON.stringify({
      name: "Engraving",
      fields: [
        { label: "Text", placeholder: "Your words", type: "text", required: true },
        { label: "Gift", type: "checkbox" },
      ],
    });
    const p = await create({ name: "Formed", form });
    expect(p.form).toEqual({
      name: "Engraving",
      fields: [
        { label: "Text", placeholder: "Your words", type: "text", required: true },
        { label: "Gift", placeholder: "", type: "checkbox", required: false },
      ],
    });
    const put = await api(store, admin, "PUT", `/products/${p.key}`, {
      form: JSON.stringify({ name: "Date", fields: [{ label: "When", type: "date" }] }),
    });
    expect(put.json[0].form).toEqual({
      name: "Date",
      fields: [{ label: "When", placeholder: "", type: "date", required: false }],
    });
    for (const bad of [
      { name: "x", fields: [] },
      { name: "x", fields: [{ label: "a", type: "radio" }] },
    ]) {
      expectError(
        await api(store, admin, "PUT", `/products/${p.key}`, { form: JSON.stringify(bad), name: "Changed" }),
        422,
        ["form"],
      );
    }
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json).toMatchObject({ name: "Formed" });
    const removed = await api(store, admin, "PUT", `/products/${p.key}`, { form: "delete" });
    expect(removed.json[0].form).toBeNull();
  });

  it("a JSON-string field that is not JSON is a 400, and nothing is created", async () => {
    const before = (await api(store, admin, "GET", "/products?count=250")).json.length;
    for (const field of ["form", "product_metadata", "default_option_metadata", "options", "extras"]) {
      const res = await api(store, admin, "POST", "/products", { name: "Broken json", [field]: "{not json" });
      expectError(res, 400);
      expect(res.json.fields).toHaveProperty(field);
    }
    expect((await api(store, admin, "GET", "/products?count=250")).json.length).toBe(before);
  });

  it("invalid values are 422s naming each field, and nothing is created", async () => {
    const before = (await api(store, admin, "GET", "/products?count=250")).json.length;
    const res = await api(store, admin, "POST", "/products", {
      name: "",
      price: "twelve",
      sale_price: "€3",
      type: "virtual",
      status: "new",
      quantity: "-2",
      weight: "-1",
      order: "0",
      option_style: "grid",
    });
    expectError(res, 422, [
      "name",
      "price",
      "sale_price",
      "type",
      "status",
      "quantity",
      "weight",
      "order",
      "option_style",
    ]);
    expectError(await api(store, admin, "POST", "/products", {}), 422, ["name"]);
    expectError(await api(store, admin, "POST", "/products", { name: "Prices", price: "1.234" }), 422, ["price"]);
    expect((await api(store, admin, "GET", "/products?count=250")).json.length).toBe(before);
  });

  it("product_metadata and default_option_metadata are stored but never read back", async () => {
    const p = await create({
      name: "Meta",
      product_metadata: JSON.stringify({ origin: "Portugal" }),
      default_option_metadata: JSON.stringify({ Warehouse: "Shelf B4" }),
    });
    expect(JSON.stringify(p)).not.toContain("Portugal");
    // Not just "B4": the product's random key may hold those two characters.
    expect(JSON.stringify(p)).not.toContain("Shelf B4");
    expect(JSON.stringify(p)).not.toContain("Warehouse");
    // A list where a dictionary belongs is a wrong type: 400 (docs/contract.md#errors).
    expectError(
      await api(store, admin, "PUT", `/products/${p.key}`, { product_metadata: JSON.stringify(["a list"]) }),
      400,
      ["product_metadata"],
    );
    const [row] = await store.database.db.select().from(products).where(eq(products.key, p.key));
    expect(row?.metadata).toEqual({ origin: "Portugal" });
    const [option] = await store.database.db.select().from(productOptions).where(eq(productOptions.productId, row!.id));
    expect(option?.metadata).toEqual({ Warehouse: "Shelf B4" });
  });

  describe("shipping_group and tax_group", () => {
    /** A shipping group and a tax group made through their APIs; the objects their GETs answer. */
    const groups = async (label: string) => {
      const ship = await api(store, admin, "POST", "/shipping_groups", {
        name: `${label} parcels`,
        options: JSON.stringify([{ name: "Ground", per_cart_rate_raw: 5, destinations: [{ country: "US" }] }]),
      });
      expect(ship.status, ship.text).toBe(201);
      const tax = await api(store, admin, "POST", "/tax_groups", {
        name: `${label} sales tax`,
        rules: JSON.stringify([{ country: "US", region: "CA", rate: "7.25%" }]),
      });
      expect(tax.status, tax.text).toBe(201);
      return { shipping: ship.json[0], tax: tax.json };
    };
    const read = async (key: string) => {
      const res = await api(store, admin, "GET", `/products/${key}`);
      expect(res.status, res.text).toBe(200);
      return res.json;
    };

    it("are written as ids and read as the group objects (as GET /shipping_groups/{id} and /tax_groups/{id} show them)", async () => {
      const { shipping, tax } = await groups("Written");
      const p = await create({ name: "Grouped", shipping_group: String(shipping.id), tax_group: String(tax.id) });
      expect(p.shipping_group).toEqual(shipping);
      expect(p.tax_group).toEqual(tax);
      expect((await api(store, admin, "GET", `/shipping_groups/${shipping.id}`)).json).toEqual(p.shipping_group);
      expect((await api(store, admin, "GET", `/tax_groups/${tax.id}`)).json).toEqual(p.tax_group);
      expect(await read(p.key)).toMatchObject({ shipping_group: shipping, tax_group: tax });
      // A JSON body takes the ids as numbers.
      const json = await api(store, admin, "POST", "/products", undefined, {
        json: { name: "Grouped json", shipping_group: shipping.id, tax_group: tax.id },
      });
      expect(json.status, json.text).toBe(201);
      expect(json.json).toMatchObject({ shipping_group: shipping, tax_group: tax });
    });

    it("read null when unset; PUT sets one; an empty value (or JSON null) clears it", async () => {
      const { shipping, tax } = await groups("Cleared");
      const p = await create({ name: "Ungrouped", shipping_group: "", tax_group: "" });
      expect(p).toMatchObject({ shipping_group: null, tax_group: null });
      const set = await api(store, admin, "PUT", `/products/${p.key}`, { shipping_group: String(shipping.id) });
      expect(set.status, set.text).toBe(200);
      expect(set.json[0]).toMatchObject({ shipping_group: shipping, tax_group: null });
      const both = await api(store, admin, "PUT", `/products/${p.key}`, { tax_group: String(tax.id) });
      expect(both.json[0]).toMatchObject({ shipping_group: shipping, tax_group: tax });
      const cleared = await api(store, admin, "PUT", `/products/${p.key}`, { shipping_group: "" });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.json[0]).toMatchObject({ shipping_group: null, tax_group: tax });
      const nulled = await api(store, admin, "PUT", `/products/${p.key}`, undefined, { json: { tax_group: null } });
      expect(nulled.json[0]).toMatchObject({ shipping_group: null, tax_group: null });
    });

    it("an id that names no group is a 422 naming the field, and changes nothing", async () => {
      const { shipping, tax } = await groups("Unknown");
      const p = await create({ name: "Grouped once", shipping_group: String(shipping.id), tax_group: String(tax.id) });
      const res = await api(store, admin, "PUT", `/products/${p.key}`, {
        name: "Renamed",
        shipping_group: "999999",
        tax_group: "888888",
      });
      expectError(res, 422, ["shipping_group", "tax_group"]);
      expect(res.json.fields).toEqual({
        shipping_group: "names no shipping group (there is none with the id 999999)",
        tax_group: "names no tax group (there is none with the id 888888)",
      });
      for (const value of ["seven", "0", "-1", "1.5"]) {
        expectError(await api(store, admin, "PUT", `/products/${p.key}`, { shipping_group: value }), 422, [
          "shipping_group",
        ]);
      }
      expect(await read(p.key)).toMatchObject({ name: "Grouped once", shipping_group: shipping, tax_group: tax });
      // On POST too: no product is created.
      expectError(await api(store, admin, "POST", "/products", { name: "Never made", tax_group: "999999" }), 422, [
        "tax_group",
      ]);
      expect((await store.database.db.select().from(products)).some((r) => r.name === "Never made")).toBe(false);
    });

    it("read the groups as they are now; deleting a shipping group leaves its products without one", async () => {
      const { shipping, tax } = await groups("Live");
      const made: { key: string }[] = [];
      for (const name of ["Live A", "Live B", "Live C"]) {
        made.push(await create({ name, shipping_group: String(shipping.id), tax_group: String(tax.id) }));
      }
      const changed = await api(store, admin, "POST", `/shipping_groups/${shipping.id}/options`, {
        options: JSON.stringify([{ id: shipping.options[0].id, name: "Ground, cheaper", per_cart_rate_raw: 3 }]),
      });
      expect(changed.status, changed.text).toBe(200);
      const added = await api(store, admin, "POST", `/tax_groups/${tax.id}`, {
        rules: JSON.stringify([{ country: "US", rate: 5 }]),
      });
      expect(added.status, added.text).toBe(200);
      // Every product of the list shows the groups as their GETs do now.
      const list = await api(store, admin, "GET", "/products?count=250");
      expect(list.status, list.text).toBe(200);
      const listed = list.json.filter((p: { key: string }) => made.some((m) => m.key === p.key));
      expect(listed).toHaveLength(3);
      for (const p of listed) {
        expect(p.shipping_group).toEqual({ ...shipping, options: changed.json });
        expect(p.tax_group).toEqual(added.json);
      }

      const aged = await ageProduct(store, made[0]!.key);
      const res = await api(store, admin, "DELETE", `/shipping_groups/${shipping.id}`);
      expect(res.status, res.text).toBe(200);
      for (const m of made) expect(await read(m.key)).toMatchObject({ shipping_group: null, tax_group: added.json });
      // The product's shipping_group changed: its modified moved.
      expect((await read(made[0]!.key)).modified).toBeGreaterThan(aged);
    });
  });

  it("creates with options, extras and categories; quantity is the sum of the options", async () => {
    const p = await create({
      name: "Shirt",
      price: "20",
      categories: "Clothes, Summer",
      options: JSON.stringify([
        { metadata: { Size: "S", Color: "Red" }, quantity: 2, surcharge: 0, fetch_sku: "X" },
        { metadata: { Size: "L", Color: "Red" }, quantity: 5, surcharge: "1.50", cost: 2, weight: 0.2 },
      ]),
      extras: JSON.stringify([{ metadata: { Gift: "wrap" }, quantity: -1, surcharge: "$3" }]),
    });
    expect(p.quantity).toBe(7);
    expect(p.categories).toEqual(["Clothes", "Summer"]);
    expect(p.options).toEqual([
      {
        key: expect.any(String),
        default: false,
        metadata: { Size: "S", Color: "Red" },
        quantity: 2,
        surcharge: "$0.00",
        surcharge_raw: 0,
        cost: "$0.00",
        cost_raw: 0,
        weight: 0,
        fetch_sku: "X",
        order: 1,
        currency: "USD",
      },
      expect.objectContaining({
        default: false,
        quantity: 5,
        surcharge: "$1.50",
        cost: "$2.00",
        weight: 0.2,
        order: 2,
      }),
    ]);
    expect(p.extras).toEqual([
      {
        key: expect.any(String),
        metadata: { Gift: "wrap" },
        quantity: -1,
        surcharge: "$3.00",
        surcharge_raw: 3,
        cost: "$0.00",
        cost_raw: 0,
        weight: 0,
        order: 1,
        currency: "USD",
      },
    ]);
    // Writing quantity on a product with options is a 422 naming quantity.
    expectError(await api(store, admin, "PUT", `/products/${p.key}`, { quantity: "3" }), 422, ["quantity"]);
    const unlimited = await create({
      name: "Shirt 2",
      options: JSON.stringify([
        { metadata: { Size: "S" }, quantity: 2, surcharge: 0 },
        { metadata: { Size: "M" }, quantity: -1, surcharge: 0 },
      ]),
    });
    expect(unlimited.quantity).toBe(-1);
    // The categories are shared by name.
    expect((await create({ name: "Hat", categories: JSON.stringify(["summer", "Hats"]) })).categories).toEqual([
      "Summer",
      "Hats",
    ]);
  });

  it("refuses bad options and extras with a 422 naming the list, and creates nothing", async () => {
    const before = (await api(store, admin, "GET", "/products?count=250")).json.length;
    const cases: [Record<string, string>, string][] = [
      [{ options: JSON.stringify([{ metadata: {}, quantity: 1, surcharge: 0 }]) }, "options"],
      [{ options: JSON.stringify([{ metadata: { Size: "S" }, surcharge: 0 }]) }, "options"],
      [{ options: JSON.stringify([{ metadata: { Size: "S" }, quantity: 1 }]) }, "options"],
      [{ options: JSON.stringify([{ id: "abc", metadata: { Size: "S" }, quantity: 1, surcharge: 0 }]) }, "options"],
      [{ extras: JSON.stringify([{ metadata: { A: "b" }, quantity: -3, surcharge: 0 }]) }, "extras"],
      [
        { quantity: "4", options: JSON.stringify([{ metadata: { Size: "S" }, quantity: 1, surcharge: 0 }]) },
        "quantity",
      ],
    ];
    for (const [form, field] of cases) {
      expectError(await api(store, admin, "POST", "/products", { name: "Bad items", ...form }), 422, [field]);
    }
    expect((await api(store, admin, "GET", "/products?count=250")).json.length).toBe(before);
  });

  it("refuses bad images and videos, and the POST-only fields on PUT, with 422s naming them", async () => {
    // Good ones are tested with the media (images.test.ts, videos.test.ts, image-jobs.test.ts).
    expectError(
      await api(store, admin, "POST", "/products", { name: "Media", images: '["file:///etc/passwd"]' }),
      422,
      ["images"],
    );
    expectError(
      await api(store, admin, "POST", "/products", { name: "Media", videos: '["https://youtu.be/abc"]' }),
      422,
      ["videos"],
    );
    const p = await create({ name: "Post only" });
    for (const field of ["categories", "options", "extras", "images", "videos", "reorder_products"]) {
      expectError(await api(store, admin, "PUT", `/products/${p.key}`, { [field]: "[]", name: "Renamed" }), 422, [
        field,
      ]);
    }
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json.name).toBe("Post only");
  });

  it("DELETE answers true; the product is gone", async () => {
    const p = await create({
      name: "Doomed",
      options: JSON.stringify([{ metadata: { A: "1" }, quantity: 1, surcharge: 0 }]),
    });
    const res = await api(store, admin, "DELETE", `/products/${p.slug}`);
    expect(res.status).toBe(200);
    expect(res.json).toBe(true);
    expectError(await api(store, admin, "GET", `/products/${p.key}`), 404);
    expectError(await api(store, admin, "DELETE", `/products/${p.key}`), 404);
  });

  it("answers 405 with Allow for other methods", async () => {
    const res = await api(store, admin, "PATCH", "/products");
    expect(res.status).toBe(405);
  });
});

describe("products: list order, paging and X-Total-Count", () => {
  let store: TestStore;
  let admin: string;

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin());
  });
  afterAll(async () => {
    await store.close();
  });

  const create = (form: Record<string, string>) => createProduct(store, admin, form);
  async function listing() {
    const res = await api(store, admin, "GET", "/products?count=250");
    return (res.json as { name: string; order: number }[]).map((p) => `${p.name}:${p.order}`);
  }

  it("an empty store lists [] with X-Total-Count 0", async () => {
    const res = await api(store, admin, "GET", "/products");
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
    expect(res.res.headers.get("x-total-count")).toBe("0");
  });

  it("a new product goes to order 1 and shifts the others; a given order shifts those at or after it", async () => {
    await create({ name: "A" });
    await create({ name: "B" });
    expect(await listing()).toEqual(["B:1", "A:2"]);
    await create({ name: "C", order: "2" });
    expect(await listing()).toEqual(["B:1", "C:2", "A:3"]);
  });

  it("reorder_products=false leaves the others; equal orders list newest first", async () => {
    await create({ name: "D", order: "1", reorder_products: "false" });
    expect(await listing()).toEqual(["D:1", "B:1", "C:2", "A:3"]);
  });

  it("PUT order moves a product and shifts the ones between", async () => {
    const a = (await api(store, admin, "GET", "/products/a")).json;
    await api(store, admin, "PUT", `/products/${a.key}`, { order: "1" });
    expect(await listing()).toEqual(["A:1", "D:2", "B:2", "C:3"]);
    await api(store, admin, "PUT", "/products/a", { order: "3" });
    expect(await listing()).toEqual(["D:1", "B:1", "C:2", "A:3"]);
  });

  it("a delete leaves the others' order (gaps allowed)", async () => {
    expect((await api(store, admin, "DELETE", "/products/c")).json).toBe(true);
    expect(await listing()).toEqual(["D:1", "B:1", "A:3"]);
  });

  it("pages: zero-based page, count, X-Total-Count on every page, an empty page past the end", async () => {
    for (let i = 0; i < 4; i++) await create({ name: `P${i}`, order: "10", reorder_products: "false" });
    const all = await listing();
    expect(all).toHaveLength(7);
    const pages = [];
    for (let page = 0; page < 4; page++) {
      const res = await api(store, admin, "GET", `/products?page=${page}&count=3`);
      expect(res.res.headers.get("x-total-count")).toBe("7");
      pages.push(...(res.json as { name: string; order: number }[]).map((p) => `${p.name}:${p.order}`));
      expect(res.json.length).toBe([3, 3, 1, 0][page]);
    }
    expect(pages).toEqual(all);
    expect(all.slice(3)).toEqual(["P3:10", "P2:10", "P1:10", "P0:10"]);
  });

  it("count defaults to 20 and accepts 1..250; other page or count values are 422s", async () => {
    for (let i = 0; i < 15; i++) await create({ name: `Q${i}`, reorder_products: "false", order: "50" });
    expect((await api(store, admin, "GET", "/products")).json).toHaveLength(20);
    expect((await api(store, admin, "GET", "/products?page=1")).json).toHaveLength(2);
    expect((await api(store, admin, "GET", "/products?count=1")).json).toHaveLength(1);
    for (const q of ["count=0", "count=251", "count=abc", "page=-1", "page=1.5"]) {
      expectError(await api(store, admin, "GET", `/products?${q}`), 422);
    }
  });

  it("a product at the last order the store holds stays there when a new one shifts the others (no overflow)", async () => {
    const last = await api(store, admin, "POST", "/products", {
      name: "Last",
      order: "2147483647",
      reorder_products: "false",
    });
    expect(last.status, last.text).toBe(201);
    const first = await api(store, admin, "POST", "/products", { name: "First" });
    expect(first.status, first.text).toBe(201);
    const listed = await listing();
    expect(listed).toContain("Last:2147483647");
    expect(listed[0]).toBe("First:1");
    for (const key of [first.json.key, last.json.key]) await api(store, admin, "DELETE", `/products/${key}`);
  });
});

describe("products: scopes and permissions", () => {
  let store: TestStore;
  let admin: string;
  let storefront: string;
  let noPermission: string;
  let key: string;

  beforeAll(async () => {
    let client;
    ({ store, admin, client } = await startStoreWithAdmin());
    const owner = await addUser(store, { email: "shop@example.com" });
    storefront = (await seedToken(store, client, owner, "storefront")).access_token;
    const clerk = await addUser(store, { email: "clerk@example.com", permissions: ["manage_orders"] });
    noPermission = (await seedToken(store, client, clerk, "admin")).access_token;
    key = (await api(store, admin, "POST", "/products", { name: "Scoped" })).json.key;
  });
  afterAll(async () => {
    await store.close();
  });

  it("reads accept the storefront scope and need no permission", async () => {
    expect((await api(store, storefront, "GET", "/products")).status).toBe(200);
    expect((await api(store, storefront, "GET", `/products/${key}`)).status).toBe(200);
    expect((await api(store, noPermission, "GET", `/products/${key}`)).status).toBe(200);
  });

  it("writes need the admin scope and manage_products", async () => {
    for (const token of [storefront, noPermission]) {
      expect((await api(store, token, "POST", "/products", { name: "Nope" })).status).toBe(403);
      expect((await api(store, token, "PUT", `/products/${key}`, { name: "Nope" })).status).toBe(403);
      expect((await api(store, token, "DELETE", `/products/${key}`)).status).toBe(403);
    }
    expect((await api(store, null, "GET", "/products")).status).toBe(401);
    const list = (await api(store, admin, "GET", "/products")).json;
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Scoped"]);
  });
});

describe("products: creations at the same moment", () => {
  let store: TestStore;
  let admin: string;

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin());
  });
  afterAll(async () => {
    await store.close();
  });

  it("each new product takes order 1 in turn: the orders end as 1..n with no duplicates", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api(store, admin, "POST", "/products", { name: `Racer ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const list = (await api(store, admin, "GET", "/products")).json as { order: number }[];
    expect(list.map((p) => p.order)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
