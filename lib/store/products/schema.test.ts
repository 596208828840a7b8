import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { displayPrice, mediaUrl } from "./model";
import { toBulkProduct } from "./model-bulk";
import {
  mediaKeyFrom,
  storeCatalogueProductSchema,
  storeCategorySchema,
  storeProductSchema,
  toCatalogueProduct,
  toProduct,
  webUrl,
} from "./schema";

// Next resolves "server-only" itself (lib/store/shapes.ts imports it); outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const media = (base: string, ext = "jpg") =>
  Object.fromEntries(
    ["tiny", "small", "medium", "large", "huge"].map((size) => [
      size,
      `https://shop.example/media/${base}-${size}.${ext}`,
    ]),
  );

/** Fields of other shapes than the spec's, and one it does not name. */
const otherShapes = {
  surprise: { nested: true },
  price_raw: undefined,
  price: "$1,234.50",
  quantity: "-1",
  weight: "heavy",
  categories: ["Shirts", { name: "Sale", slug: "sale" }, 42, ""],
};

/** A product with options, extras, an image, a video and a form, as a store following the spec sends it. */
const tee = {
  key: "p_7Hq2",
  slug: "organic-tee",
  url: "https://shop.example/products/organic-tee",
  created: 1763900000,
  modified: 1763900500,
  name: "Organic tee",
  name_short: "Tee",
  description: "Soft and organic.",
  description_short: "Soft tee",
  sku: "TEE-1",
  fetch_sku: "",
  type: "physical",
  status: "on sale",
  quantity: 17,
  price: "$25.00",
  price_raw: 25,
  regular_price: "$25.00",
  regular_price_raw: 25,
  sale_price: "$19.99",
  sale_price_raw: 19.99,
  cost: "$8.10",
  cost_raw: 8.1,
  currency: "USD",
  weight: 0.2,
  order: 3,
  categories: ["Shirts", "Organic"],
  options: [
    {
      key: "o1",
      default: false,
      metadata: { Size: "M", Colour: "Blue" },
      quantity: 5,
      surcharge: "$0.00",
      surcharge_raw: 0,
      cost: "$0.00",
      cost_raw: 0,
      weight: 0.2,
      fetch_sku: "",
      order: 1,
      currency: "USD",
    },
    {
      key: "o2",
      default: false,
      metadata: { Size: "XL", Colour: "Blue" },
      quantity: 12,
      surcharge: "$2.50",
      surcharge_raw: 2.5,
      cost: "$1.00",
      cost_raw: 1,
      weight: 0.25,
      fetch_sku: "",
      order: 2,
      currency: "USD",
    },
  ],
  extras: [
    {
      key: "e1",
      metadata: { "Gift wrap": "Yes" },
      quantity: -1,
      surcharge: "$3.00",
      surcharge_raw: 3,
      cost: "$0.50",
      cost_raw: 0.5,
      weight: 0,
      order: 1,
      currency: "USD",
    },
  ],
  option_style: "separate",
  images: [media("3f9a0c1d2e4b5a69")],
  videos: [media("video-youtube-dQw4w9WgXcQ")],
  digital_samples: [],
  form: {
    name: "Personalise",
    fields: [{ label: "Name on the back", placeholder: "Ann", type: "text", required: true }],
  },
  shipping_group: { id: 4, name: "Parcels", options: [] },
  tax_group: null,
};

const read = (raw: unknown) => toProduct(storeProductSchema.parse(raw));

describe("a store product, read tolerantly", () => {
  it("maps the API's product to the app's, money in minor units", () => {
    const product = read(tee);
    expect(product).toMatchObject({
      key: "p_7Hq2",
      slug: "organic-tee",
      name: "Organic tee",
      nameShort: "Tee",
      sku: "TEE-1",
      status: "on sale",
      quantity: 17,
      currency: "USD",
      price: 2500,
      salePrice: 1999,
      regularPrice: 2500,
      cost: 810,
      weight: 0.2,
      order: 3,
      categories: ["Shirts", "Organic"],
      optionStyle: "separate",
      created: 1763900000,
      shippingGroup: { id: "4", name: "Parcels" },
      taxGroup: null,
      form: {
        name: "Personalise",
        fields: [{ label: "Name on the back", placeholder: "Ann", type: "text", required: true }],
      },
    });
    expect(product.options).toEqual([
      {
        key: "o1",
        isDefault: false,
        metadata: { Size: "M", Colour: "Blue" },
        quantity: 5,
        surcharge: 0,
        cost: 0,
        weight: 0.2,
        fetchSku: "",
        order: 1,
      },
      {
        key: "o2",
        isDefault: false,
        metadata: { Size: "XL", Colour: "Blue" },
        quantity: 12,
        surcharge: 250,
        cost: 100,
        weight: 0.25,
        fetchSku: "",
        order: 2,
      },
    ]);
    expect(product.extras).toEqual([
      { key: "e1", metadata: { "Gift wrap": "Yes" }, quantity: -1, surcharge: 300, cost: 50, weight: 0, order: 1 },
    ]);
    expect(displayPrice(product)).toEqual({ current: 1999, struck: 2500 });
  });

  it("reads images by size, with the img_key from the URIs", () => {
    const [image] = read(tee).images;
    expect(image?.key).toBe("3f9a0c1d2e4b5a69");
    expect(image?.urls.small).toBe("https://shop.example/media/3f9a0c1d2e4b5a69-small.jpg");
    expect(mediaUrl(image!.urls, "small")).toBe("https://shop.example/media/3f9a0c1d2e4b5a69-small.jpg");
    const [video] = read(tee).videos;
    expect(video?.thumbnails.medium).toBe("https://shop.example/media/video-youtube-dQw4w9WgXcQ-medium.jpg");
  });

  it("keeps a video's url only when it is an http(s) address a link may use", () => {
    expect(webUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(webUrl("http://vimeo.com/1")).toBe("http://vimeo.com/1");
    for (const bad of [
      "javascript:alert(document.domain);'@youtube.com/watch?v=dQw4w9WgXcQ",
      "data:,x@youtube.com/watch",
      "https://user:pw@youtube.com/watch?v=dQw4w9WgXcQ",
      "vimeo.com/1",
      "",
      null,
      undefined,
    ]) {
      expect(webUrl(bad), String(bad)).toBeNull();
    }
  });

  it("reads a product that is not on sale: no sale or regular price, the price itself shown", () => {
    const product = read({
      ...tee,
      sale_price: null,
      sale_price_raw: null,
      regular_price: null,
      regular_price_raw: null,
    });
    expect(product.salePrice).toBeNull();
    expect(product.regularPrice).toBeNull();
    expect(displayPrice(product)).toEqual({ current: 2500, struck: null });
  });

  it("reads the bare minimum a store could send, with honest defaults", () => {
    const product = read({ key: 12, name: "Mug" });
    expect(product).toEqual({
      key: "12",
      slug: "12",
      url: null,
      created: null,
      modified: null,
      name: "Mug",
      nameShort: "",
      description: "",
      descriptionShort: "",
      sku: "",
      fetchSku: "",
      type: "physical",
      status: "",
      quantity: 0,
      currency: "USD",
      price: 0,
      salePrice: null,
      regularPrice: null,
      cost: null,
      weight: null,
      order: null,
      categories: [],
      options: [],
      extras: [],
      optionStyle: "single",
      images: [],
      videos: [],
      digitalSamples: [],
      form: null,
      shippingGroup: null,
      taxGroup: null,
    });
  });

  it("keeps unknown extra fields out and survives fields of another shape", () => {
    const product = read({
      ...tee,
      ...otherShapes,
      images: [media("a1"), { tiny: 7 }, "https://cdn.example/only.png", null],
      options: [{ key: "o1", metadata: ["Colour", "Red"], quantity: 1, surcharge_raw: "1.5" }, "nonsense"],
      option_style: "grid",
      status: "discontinued",
      form: "delete",
      tax_group: 9,
      currency: "not a currency",
    });
    expect(product).not.toHaveProperty("surprise");
    expect(product.price).toBe(123450);
    expect(product.quantity).toBe(-1);
    expect(product.weight).toBeNull();
    expect(product.categories).toEqual(["Shirts", "Sale"]);
    expect(product.images.map((i) => i.key)).toEqual(["a1", "", "only"]);
    expect(product.images[1]?.urls).toEqual({});
    expect(product.images[2]?.urls.small).toBe("https://cdn.example/only.png");
    expect(product.options).toEqual([
      {
        key: "o1",
        isDefault: false,
        metadata: { Colour: "Red" },
        quantity: 1,
        surcharge: 150,
        cost: null,
        weight: null,
        fetchSku: null,
        order: null,
      },
    ]);
    expect(product.optionStyle).toBe("single");
    expect(product.status).toBe("discontinued");
    expect(product.form).toBeNull();
    expect(product.taxGroup).toEqual({ id: "9", name: null });
    expect(product.currency).toBe("USD");
  });

  it("reads a form sent as a JSON string, and required as a string", () => {
    const form = JSON.stringify({ name: "F", fields: [{ label: "Date", type: "date", required: "true" }] });
    expect(read({ ...tee, form }).form).toEqual({
      name: "F",
      fields: [{ label: "Date", placeholder: "", type: "date", required: true }],
    });
    expect(read({ ...tee, form: { name: "Empty", fields: [] } }).form).toBeNull();
  });

  it("uses the currency's own minor digits", () => {
    const yen = read({
      ...tee,
      currency: "JPY",
      price: "¥2,500",
      price_raw: 2500,
      sale_price_raw: null,
      sale_price: null,
    });
    expect(yen.price).toBe(2500);
    const dinar = read({ ...tee, currency: "KWD", price_raw: 1.234, sale_price_raw: null, sale_price: null });
    expect(dinar.price).toBe(1234);
  });

  it("orders media by their shared order when every item has one", () => {
    const images = [
      { ...media("b"), order: 3 },
      { ...media("a"), order: 1 },
    ];
    expect(read({ ...tee, images }).images.map((i) => i.key)).toEqual(["a", "b"]);
    // One without an order: kept as listed.
    expect(read({ ...tee, images: [images[0], media("c")] }).images.map((i) => i.key)).toEqual(["b", "c"]);
  });

  it("refuses a product without a key or a name", () => {
    expect(storeProductSchema.safeParse({ name: "Mug" }).success).toBe(false);
    expect(storeProductSchema.safeParse({ key: "", name: "Mug" }).success).toBe(false);
    expect(storeProductSchema.safeParse({ key: "k" }).success).toBe(false);
    expect(z.array(storeProductSchema).safeParse([tee, { key: "x" }]).success).toBe(false);
  });
});

describe("mediaKeyFrom", () => {
  it("takes the file name without the size suffix and the extension", () => {
    expect(mediaKeyFrom({ small: "https://s.example/media/mug-blue_ab12-small.webp?v=2" })).toBe("mug-blue_ab12");
    expect(mediaKeyFrom({ huge: "/media/ab12.HUGE.png" })).toBe("ab12");
  });

  it("falls back to what every size's name shares when the suffix is another", () => {
    expect(mediaKeyFrom({ tiny: "https://s.example/i/ab12_64.jpg", small: "https://s.example/i/ab12_160.jpg" })).toBe(
      "ab12",
    );
  });

  it("is empty when no URI names a file", () => {
    expect(mediaKeyFrom({})).toBe("");
  });
});

describe("a category of the categories sub-resource", () => {
  it("reads {name, slug}, and a bare name without a slug", () => {
    expect(storeCategorySchema.parse({ name: "Mugs", slug: "mugs", extra: 1 })).toEqual({ name: "Mugs", slug: "mugs" });
    expect(storeCategorySchema.parse("Mugs")).toEqual({ name: "Mugs", slug: "" });
  });
});

describe("the catalogue's lighter reading (the bulk grid's stream)", () => {
  const odd = {
    ...tee,
    ...otherShapes,
    images: [
      { ...media("b"), order: 2 },
      { ...media("a"), order: 1 },
    ],
    options: [{ key: "o1", default: true, metadata: ["Colour", "Red"] }, "nonsense", { key: "o2", default: "yes" }],
    tax_group: 9,
    shipping_group: { id: 4, name: "Heavy" },
    currency: "jpy",
  };
  const onlyDefault = { ...tee, options: [{ key: "d", default: true, metadata: {} }] };
  const bare = { key: 7, name: "Mug" };

  it.each([
    ["a full product", tee],
    ["fields of other shapes", odd],
    ["only a default option", onlyDefault],
    ["the bare minimum", bare],
  ])("makes the same catalogue line as the full reading: %s", (_, raw) => {
    const full = toBulkProduct(toProduct(storeProductSchema.parse(raw)));
    const light = toBulkProduct(toCatalogueProduct(storeCatalogueProductSchema.parse(raw)));
    expect(light).toEqual(full);
  });

  it("leaves the long fields unread, and still refuses a product without a key or a name", () => {
    const read = toCatalogueProduct(storeCatalogueProductSchema.parse(tee));
    expect(read).not.toHaveProperty("description");
    expect(read).not.toHaveProperty("extras");
    expect(read.options).toEqual([{ isDefault: false }, { isDefault: false }]);
    expect(storeCatalogueProductSchema.safeParse({ name: "Mug" }).success).toBe(false);
    expect(storeCatalogueProductSchema.safeParse({ key: "k" }).success).toBe(false);
  });
});
