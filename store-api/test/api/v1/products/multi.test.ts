import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productOptions, products } from "../../../../src/db/schema/index.js";
import { newKey } from "../../../../src/products/products.js";
import {
  ageProduct,
  api,
  createProduct,
  expectError,
  startCatalogueStore,
  type TestStore,
  writeBehindApi,
} from "../../../helpers/index.js";

/** PUT /api/v1/products_multi (docs/contract.md#products_multi). */

describe("products_multi", () => {
  let store: TestStore;
  let admin: string;
  let storefront: string;
  let clerk: string;

  beforeAll(async () => {
    ({ store, admin, storefront, clerk } = await startCatalogueStore());
  });
  afterAll(async () => {
    await store.close();
  });

  const multi = (products: unknown, token = admin) =>
    api(store, token, "PUT", "/products_multi", {
      products: typeof products === "string" ? products : JSON.stringify(products),
    });
  const read = async (key: string) => {
    const res = await api(store, admin, "GET", `/products/${key}`);
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  /** Three fresh products (not reordering the others), A at order 1, B at 2, C at 3. */
  const three = async (label: string) => {
    const made = [];
    for (const [i, name] of ["A", "B", "C"].entries()) {
      made.push(
        await createProduct(store, admin, {
          name: `${label} ${name}`,
          price: "10",
          sku: `${label}-${name}`,
          order: String(i + 1),
          reorder_products: "false",
        }),
      );
    }
    return made as { key: string; slug: string; name: string; order: number }[];
  };

  it("changes several products in one request and answers the changed ones as a single PUT does", async () => {
    const [a, b, c] = await three("Batch");
    const aged = await ageProduct(store, c!.key);
    const res = await multi({
      [a!.key]: { price: "12.50", status: "on sale" },
      [b!.key]: { price: 7, status: "hidden" },
      // The same values as stored: not changed, not answered, not touched.
      [c!.key]: { price: "$10.00", status: "available" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.map((p: { key: string }) => p.key)).toEqual([a!.key, b!.key]);
    expect(res.json[0]).toMatchObject({ key: a!.key, price: "$12.50", price_raw: 12.5, status: "on sale" });
    expect(res.json[1]).toMatchObject({ key: b!.key, price: "$7.00", price_raw: 7, status: "hidden" });
    // The single-PUT format: the whole product, as GET shows it.
    const single = await api(store, admin, "PUT", `/products/${a!.key}`, { name: a!.name });
    expect(Object.keys(res.json[0]).sort()).toEqual(Object.keys(single.json[0]).sort());

    expect(await read(b!.key)).toMatchObject({ price_raw: 7, status: "hidden" });
    expect((await read(c!.key)).modified).toBe(aged);
  });

  it("writes every PUT-writable property, the default option's ones included", async () => {
    const [a, b] = await three("Every");
    const values = {
      name: "Renamed",
      name_short: "Short",
      description: "Long words",
      description_short: "Few words",
      sku: "NEW-SKU",
      fetch_sku: "FETCH-1",
      type: "digital",
      status: "coming soon",
      quantity: "4",
      price: "20",
      sale_price: "15",
      cost: "5.25",
      weight: "1.5",
      order: "40",
      option_style: "separate",
      form: JSON.stringify({ name: "Engraving", fields: [{ label: "Text", type: "text" }] }),
      shipping_group: "",
      tax_group: "",
      product_metadata: JSON.stringify({ batch: "yes" }),
      default_option_metadata: JSON.stringify({ hidden: "column" }),
    };
    const res = await multi({ [a!.key]: values, [b!.slug]: { ...values, name: "Renamed too", order: "41" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toHaveLength(2);
    for (const [key, name, order] of [
      [a!.key, "Renamed", 40],
      [b!.key, "Renamed too", 41],
    ] as const) {
      expect(await read(key)).toMatchObject({
        name,
        name_short: "Short",
        description: "Long words",
        description_short: "Few words",
        sku: "NEW-SKU",
        fetch_sku: "FETCH-1",
        type: "digital",
        status: "coming soon",
        quantity: 4,
        price_raw: 20,
        sale_price_raw: 15,
        cost_raw: 5.25,
        weight: 1.5,
        order,
        option_style: "separate",
        form: { name: "Engraving", fields: [{ label: "Text", type: "text", required: false, placeholder: "" }] },
        shipping_group: null,
        tax_group: null,
      });
    }
  });

  it("sets order as given without shifting the other products (rule 2)", async () => {
    // Bystanders at and around the orders given: a single PUT of order would move them.
    const bystander = await createProduct(store, admin, {
      name: "Reorder bystander",
      order: "2",
      price: "1",
      reorder_products: "false",
    });
    for (const order of ["1", "3", "4"]) {
      await createProduct(store, admin, {
        name: `Reorder bystander ${order}`,
        order,
        price: "1",
        reorder_products: "false",
      });
    }
    const [a, b, c] = await three("Reorder");
    const before = (await read(bystander.key)).order;
    const sent = new Set([a!.key, b!.key, c!.key]);
    const othersOrder = async () => {
      const list = await api(store, admin, "GET", "/products?count=250");
      expect(list.status, list.text).toBe(200);
      return Object.fromEntries(
        (list.json as { key: string; order: number }[]).filter((p) => !sent.has(p.key)).map((p) => [p.key, p.order]),
      );
    };
    const others = await othersOrder();
    // A store-wide reorder: C first, A last.
    const res = await multi({ [c!.key]: { order: 1 }, [b!.key]: { order: 2 }, [a!.key]: { order: 3 } });
    expect(res.status, res.text).toBe(200);
    expect([(await read(a!.key)).order, (await read(b!.key)).order, (await read(c!.key)).order]).toEqual([3, 2, 1]);
    // Unlike a single PUT of order, nobody else moved: not the bystander at 2, nor any other product.
    expect((await read(bystander.key)).order).toBe(before);
    expect(await othersOrder()).toEqual(others);
    expect(Object.keys(others).length).toBeGreaterThanOrEqual(4);
    // B already had order 2: only A and C changed.
    expect(res.json.map((p: { key: string }) => p.key)).toEqual([c!.key, a!.key]);
  });

  it("is all or nothing: one invalid value changes no product, and each bad value is named", async () => {
    const [a, b, c] = await three("Atomic");
    const res = await multi({
      [a!.key]: { price: "11", name: "Fine" },
      [b!.key]: { price: "abc", name: "Fine too" },
      [c!.key]: { price: "-3", name: "" },
    });
    expectError(res, 422);
    expect(res.json.error).toBe("validation_failed");
    expect(res.json.fields).toMatchObject({
      products: expect.stringContaining(b!.key),
      [`products.${b!.key}.price`]: expect.any(String),
      [`products.${c!.key}.price`]: expect.any(String),
      [`products.${c!.key}.name`]: expect.any(String),
    });
    expect(res.json.fields.products).toContain("1 more product");
    expect(await read(a!.key)).toMatchObject({ price_raw: 10, name: a!.name });
  });

  it("is all or nothing: one invalid product among valid ones changes none of them, as read back", async () => {
    const made = [...(await three("One bad")), ...(await three("One bad more"))];
    const before = [];
    for (const p of made) {
      await ageProduct(store, p.key);
      before.push(await read(p.key));
    }
    // The fifth product's status is no status; every other value is fine, and would change something.
    const body = Object.fromEntries(
      made.map((p, i) => [p.key, { price: `${20 + i}`, status: i === 4 ? "on holiday" : "hidden", name: `New ${i}` }]),
    );
    const res = await multi(body);
    expectError(res, 422, ["products", `products.${made[4]!.key}.status`]);
    expect(res.json.fields.products).toContain(made[4]!.key);
    expect(res.json.fields.products).not.toContain("more product");
    for (const [i, p] of made.entries()) expect(await read(p.key), p.name).toEqual(before[i]);

    // The same, with the bad one left out: all go through.
    delete body[made[4]!.key];
    const ok = await multi(body);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toHaveLength(5);
    expect(await read(made[5]!.key)).toMatchObject({ price_raw: 25, status: "hidden", name: "New 5" });
  });

  it("refuses products carrying different sets of properties with a 422 naming them, changing nothing", async () => {
    const [a, b, c] = await three("Mixed");
    const res = await multi({
      [a!.key]: { price: "11" },
      [b!.key]: { price: "12" },
      [c!.key]: { price: "12", name: "Other" },
    });
    expectError(res, 422, ["products"]);
    expect(res.json.error).toBe("validation_failed");
    // Which product sets the properties, which one differs, and what each carries.
    expect(res.json.fields.products).toBe(
      `every product must carry the same properties: "${a!.key}" has price, but "${c!.key}" has name, price`,
    );
    expect(res.json.error_description).toContain(res.json.fields.products);
    for (const p of [a!, b!, c!]) expect(await read(p.key)).toMatchObject({ price_raw: 10, name: p.name });
  });

  it("refuses an unknown key, and a product named twice, changing nothing", async () => {
    const [a, b, c] = await three("Unknown");
    const unknown = await multi({
      [a!.key]: { price: "11" },
      "no-such-product": { price: "12" },
      [c!.key]: { price: "13" },
    });
    expectError(unknown, 422, ["products"]);
    expect(unknown.json.fields.products).toContain('"no-such-product"');
    expect((await read(a!.key)).price_raw).toBe(10);
    expect((await read(c!.key)).price_raw).toBe(10);

    const twice = await multi({ [b!.key]: { price: "11" }, [b!.slug]: { price: "12" } });
    expectError(twice, 422, ["products"]);
    expect((await read(b!.key)).price_raw).toBe(10);
  });

  it("refuses read-only, POST-only and unknown properties, changing nothing", async () => {
    const [a, b] = await three("Readonly");
    for (const property of [
      "price_raw",
      "key",
      "slug",
      "regular_price",
      "categories",
      "options",
      "images",
      "reorder_products",
      "colour",
    ]) {
      const res = await multi({
        [a!.key]: { [property]: "1", price: "99" },
        [b!.key]: { [property]: "1", price: "98" },
      });
      expectError(res, 422, ["products"]);
      expect(res.json.fields.products, property).toContain(`cannot change ${property}`);
    }
    expect((await read(a!.key)).price_raw).toBe(10);
    expect((await read(b!.key)).price_raw).toBe(10);
  });

  it("refuses quantity on a product with options (their sum is read), changing nothing", async () => {
    const plain = await createProduct(store, admin, { name: "Plain stock", price: "1", quantity: "3" });
    const withOptions = await createProduct(store, admin, {
      name: "Optioned stock",
      price: "1",
      options: JSON.stringify([{ metadata: { Size: "S" }, quantity: 2, surcharge: 0 }]),
    });
    const res = await multi({ [plain.key]: { quantity: 8 }, [withOptions.key]: { quantity: 8 } });
    expectError(res, 422, ["products", `products.${withOptions.key}.quantity`]);
    expect((await read(plain.key)).quantity).toBe(3);
    expect((await read(withOptions.key)).quantity).toBe(2);

    const ok = await multi({ [plain.key]: { quantity: -1 } });
    expect(ok.status, ok.text).toBe(200);
    expect((await read(plain.key)).quantity).toBe(-1);
  });

  it("ignores fetch_sku on a product with options (spec, Product), as a single PUT and a POST do", async () => {
    const plain = await createProduct(store, admin, { name: "Plain fetch", price: "1", fetch_sku: "P-1" });
    const withOptions = await createProduct(store, admin, {
      name: "Optioned fetch",
      price: "1",
      fetch_sku: "NOT-KEPT",
      options: JSON.stringify([
        { metadata: { Size: "S" }, quantity: 2, surcharge: 0, fetch_sku: "OPT-S" },
        { metadata: { Size: "M" }, quantity: 2, surcharge: 0, fetch_sku: "OPT-M" },
      ]),
    });
    const before = await read(withOptions.key);
    expect(before.fetch_sku).toBe("");

    const res = await multi({ [plain.key]: { fetch_sku: "P-2" }, [withOptions.key]: { fetch_sku: "IGNORED" } });
    expect(res.status, res.text).toBe(200);
    // Only the product that took it changed.
    expect(res.json.map((p: { key: string }) => p.key)).toEqual([plain.key]);
    expect((await read(plain.key)).fetch_sku).toBe("P-2");
    const after = await read(withOptions.key);
    expect(after.fetch_sku).toBe("");
    expect(after.options.map((o: { fetch_sku: string }) => o.fetch_sku)).toEqual(["OPT-S", "OPT-M"]);

    const single = await api(store, admin, "PUT", `/products/${withOptions.key}`, { fetch_sku: "IGNORED" });
    expect(single.status, single.text).toBe(200);
    expect((await read(withOptions.key)).fetch_sku).toBe("");
  });

  it("a value of the wrong type (a list or a dictionary for a number) is a 400, changing nothing", async () => {
    const [a, b] = await three("Wrong type");
    for (const value of [[1], { n: 1 }, true]) {
      const res = await multi({ [a!.key]: { quantity: 2 }, [b!.key]: { quantity: value } });
      expectError(res, 400, ["products", `products.${b!.key}.quantity`]);
    }
    const order = await multi({ [a!.key]: { order: [3] }, [b!.key]: { order: 4 } });
    expectError(order, 400, ["products", `products.${a!.key}.order`]);
    expect((await read(a!.key)).quantity).toBe(-1);
    expect((await read(b!.key)).order).toBe(2);
  });

  it("sets and clears shipping_group and tax_group by id; an id that names no group is a 422 changing nothing", async () => {
    const ship = await api(store, admin, "POST", "/shipping_groups", {
      name: "Multi parcels",
      options: JSON.stringify([{ name: "Ground", per_item_rate_raw: 1 }]),
    });
    const tax = await api(store, admin, "POST", "/tax_groups", {
      name: "Multi tax",
      rules: JSON.stringify([{ country: "US", rate: 5 }]),
    });
    expect([ship.status, tax.status]).toEqual([201, 201]);
    const shipping = ship.json[0];
    const [a, b, c] = await three("Grouped");
    const res = await multi({
      [a!.key]: { shipping_group: shipping.id, tax_group: String(tax.json.id) },
      [b!.slug]: { shipping_group: String(shipping.id), tax_group: "" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.map((p: { key: string }) => p.key)).toEqual([a!.key, b!.key]);
    expect(res.json[0]).toMatchObject({ shipping_group: shipping, tax_group: tax.json });
    expect(await read(b!.key)).toMatchObject({ shipping_group: shipping, tax_group: null });

    // One unknown id among good ones: a 422 naming it, and nobody changes.
    const refused = await multi({
      [a!.key]: { shipping_group: "", tax_group: "" },
      [c!.key]: { shipping_group: "999999", tax_group: String(tax.json.id) },
      [b!.key]: { shipping_group: shipping.id, tax_group: 777777 },
    });
    expectError(refused, 422, ["products", `products.${c!.key}.shipping_group`, `products.${b!.key}.tax_group`]);
    expect(refused.json.fields.products).toBe(
      `${c!.key}.shipping_group names no shipping group (there is none with the id 999999)`,
    );
    expect(await read(a!.key)).toMatchObject({ shipping_group: shipping, tax_group: tax.json });
    expect(await read(c!.key)).toMatchObject({ shipping_group: null, tax_group: null });

    // Clearing: an empty value (or null) takes the product out of its group.
    const cleared = await multi({ [a!.key]: { shipping_group: null }, [b!.key]: { shipping_group: "" } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.map((p: { shipping_group: unknown }) => p.shipping_group)).toEqual([null, null]);
    expect(await read(a!.key)).toMatchObject({ shipping_group: null, tax_group: tax.json });
  });

  it("answers malformed input with 400 and missing or empty input with 422", async () => {
    const [a] = await three("Malformed");
    expectError(await multi("{not json"), 400, ["products"]);
    expectError(await multi(JSON.stringify([{ price: 1 }])), 400, ["products"]);
    expectError(await multi({ [a!.key]: "price=1" }), 400, ["products"]);
    // A JSON-string field inside, malformed: 400 naming it.
    const badForm = await multi({ [a!.key]: { form: "{oops" } });
    expectError(badForm, 400);
    expect(badForm.json.fields).toHaveProperty(`products.${a!.key}.form`);
    expectError(await api(store, admin, "PUT", "/products_multi", {}), 422, ["products"]);
    expectError(await multi({}), 422, ["products"]);
    expectError(await multi({ [a!.key]: {} }), 422, ["products"]);
    expect((await read(a!.key)).price_raw).toBe(10);
  });

  it("takes a JSON body too", async () => {
    const [a] = await three("Json");
    const res = await api(store, admin, "PUT", "/products_multi", undefined, {
      json: { products: { [a!.key]: { price: 13 } } },
    });
    expect(res.status, res.text).toBe(200);
    expect((await read(a!.key)).price_raw).toBe(13);
  });

  it("needs the admin scope and manage_products; other methods are 405", async () => {
    const [a] = await three("Access");
    expectError(await multi({ [a!.key]: { price: 1 } }, storefront), 403);
    expectError(await multi({ [a!.key]: { price: 1 } }, clerk), 403);
    expectError(await multi({ [a!.key]: { price: 1 } }, "not-a-token"), 401);
    const get = await api(store, admin, "GET", "/products_multi");
    expectError(get, 405);
    expect(get.res.headers.get("allow")).toBe("PUT");
    expect((await read(a!.key)).price_raw).toBe(10);
  });

  it("changes 1,000 products in one request, well within the body limit, answering only the changed ones", async () => {
    // 1,000 products straight into the database: the test is about the one PUT, not about 1,000 POSTs.
    const longAgo = new Date("2020-01-01T00:00:00Z");
    const rows = await writeBehindApi(store, async () => {
      const made = await store.database.db
        .insert(products)
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            key: newKey(),
            slug: `bulk-${i}`,
            name: `Bulk ${i}`,
            price: 1000 + i,
            order: 1000 + i,
            updatedAt: longAgo,
          })),
        )
        .returning({ id: products.id, key: products.key });
      await store.database.db
        .insert(productOptions)
        .values(made.map((r) => ({ key: newKey(), productId: r.id, isDefault: true, order: 0 })));
      return made;
    });

    // Every tenth product is sent with the values it has: neither written nor answered.
    const same = (i: number) => i % 10 === 0;
    const body = Object.fromEntries(
      rows.map((r, i) => [
        r.key,
        same(i)
          ? { name: `Bulk ${i}`, price: ((1000 + i) / 100).toFixed(2), quantity: "-1" }
          : { name: `Bulk ${i} renamed`, price: `${20 + i}.99`, quantity: String(i) },
      ]),
    );
    const form = new URLSearchParams({ products: JSON.stringify(body) }).toString();
    expect(Buffer.byteLength(form)).toBeLessThan(10 * 1024 * 1024);
    const res = await multi(body);
    expect(res.status, res.text.slice(0, 500)).toBe(200);
    const changed = rows.filter((_, i) => !same(i));
    expect(res.json).toHaveLength(900);
    expect(res.json.map((p: { key: string }) => p.key)).toEqual(changed.map((r) => r.key));
    expect(res.json[899]).toMatchObject({ name: "Bulk 999 renamed", price_raw: 1019.99, quantity: 999 });

    // Read back, all 1,000 of them, through the products list.
    const listed = new Map<string, { name: string; price_raw: number; quantity: number; modified: number }>();
    for (let page = 0; ; page++) {
      const list = await api(store, admin, "GET", `/products?count=250&page=${page}`);
      expect(list.status, list.text).toBe(200);
      for (const p of list.json) listed.set(p.key, p);
      if (list.json.length < 250) break;
    }
    for (const [i, r] of rows.entries()) {
      const p = listed.get(r.key);
      if (same(i)) {
        expect(p, r.key).toMatchObject({ name: `Bulk ${i}`, price_raw: (1000 + i) / 100, quantity: -1 });
        expect(p!.modified).toBe(longAgo.getTime() / 1000);
      } else {
        expect(p, r.key).toMatchObject({ name: `Bulk ${i} renamed`, price_raw: 20 + i + 0.99, quantity: i });
        expect(p!.modified).toBeGreaterThan(longAgo.getTime() / 1000);
      }
    }
    expect(await read(rows[501]!.key)).toMatchObject({ name: "Bulk 501 renamed", price_raw: 521.99, quantity: 501 });
  });
});
