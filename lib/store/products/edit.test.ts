import { describe, expect, it } from "vitest";
import {
  createPayload,
  draftFieldErrors,
  draftFromProduct,
  emptyDraft,
  hasChanges,
  itemsPayload,
  margin,
  mergeAfterSave,
  newItemRow,
  optionPreview,
  type ProductDraft,
  savePlan,
} from "./edit";
import type { Product, ProductOption } from "./model";

function option(key: string, metadata: Record<string, string>, extra: Partial<ProductOption> = {}): ProductOption {
  return {
    key,
    isDefault: false,
    metadata,
    quantity: 5,
    surcharge: 0,
    cost: null,
    weight: null,
    fetchSku: "",
    order: null,
    ...extra,
  };
}

function product(overrides: Partial<Product> = {}): Product {
  return {
    key: "p1",
    slug: "mug",
    url: null,
    created: null,
    modified: null,
    name: "Mug",
    nameShort: "",
    description: "A mug.",
    descriptionShort: "",
    sku: "MUG-1",
    fetchSku: "",
    type: "physical",
    status: "available",
    quantity: 10,
    currency: "USD",
    price: 1250,
    salePrice: null,
    regularPrice: null,
    cost: 400,
    weight: 0.5,
    order: 1,
    categories: ["Kitchen"],
    options: [option("d", {}, { isDefault: true, quantity: 10 })],
    extras: [],
    optionStyle: "single",
    images: [],
    videos: [],
    digitalSamples: [],
    form: null,
    shippingGroup: null,
    taxGroup: null,
    ...overrides,
  };
}

const withOptions = () =>
  product({
    quantity: 7,
    options: [
      option("o1", { Size: "S", Colour: "Red" }, { quantity: 3, surcharge: 0 }),
      option(
        "o2",
        { Size: "M", Colour: "Blue" },
        { quantity: 4, surcharge: 200, cost: 100, weight: 1.5, fetchSku: "dl-2" },
      ),
    ],
  });

describe("margin", () => {
  it("works out the margin at the selling price, formatted", () => {
    expect(margin(2000, 500, "USD")).toEqual({ amount: "$15.00", percent: "75%", negative: false });
    expect(margin(1000, 1500, "USD")).toEqual({ amount: "-$5.00", percent: "-50%", negative: true });
    expect(margin(0, 0, "USD")).toEqual({ amount: "$0.00", percent: null, negative: false });
    expect(margin(null, 100, "USD")).toBeNull();
  });
});

describe("the draft of a product", () => {
  it("leaves out the default option and makes one column per metadata name", () => {
    const draft = draftFromProduct(withOptions());
    expect(draft.options.columns.map((c) => c.name)).toEqual(["Size", "Colour"]);
    expect(
      draft.options.rows.map((r) => [r.key, r.values, r.quantity, r.surcharge, r.cost, r.weight, r.fetchSku]),
    ).toEqual([
      ["o1", ["S", "Red"], "3", "0.00", "", "", ""],
      ["o2", ["M", "Blue"], "4", "2.00", "1.00", "1.5", "dl-2"],
    ]);
    expect(draftFromProduct(product()).options.rows).toEqual([]);
  });

  it("reads -1 as unlimited, and a missing sale price as empty", () => {
    const draft = draftFromProduct(product({ quantity: -1 }));
    expect(draft.unlimited).toBe(true);
    expect(draft.quantity).toBe("");
    expect(draft.salePrice).toBe("");
    expect(draft.price).toBe("12.50");
    expect(draft.productMetadata).toEqual([]);
  });
});

describe("a save sends only what changed, each part to its endpoint", () => {
  const edit = (p: Product, change: (d: ProductDraft) => void) => {
    const saved = draftFromProduct(p);
    const draft = structuredClone(saved);
    change(draft);
    return { saved, draft, plan: savePlan(saved, draft, p.currency) };
  };

  it("sends nothing when nothing changed (an amount typed differently is the same amount)", () => {
    const { plan, saved, draft } = edit(product(), (d) => {
      d.price = "12.5";
      d.cost = "$4";
    });
    expect(plan).toEqual({ order: [] });
    expect(hasChanges(saved, draft, "USD")).toBe(false);
  });

  it("puts changed product fields in the PUT, and only them", () => {
    const { plan } = edit(product(), (d) => {
      d.name = "Big mug";
      d.price = "14";
      d.unlimited = true;
    });
    expect(plan.order).toEqual(["product"]);
    expect(plan.product).toEqual({ name: "Big mug", price: "14.00", quantity: -1 });
  });

  it("clears the sale price with null, and sets one as a decimal", () => {
    const onSale = product({ salePrice: 999, regularPrice: 1250 });
    expect(edit(onSale, (d) => (d.salePrice = "")).plan.product).toEqual({ sale_price: null });
    expect(edit(product(), (d) => (d.salePrice = "9.99")).plan.product).toEqual({ sale_price: "9.99" });
  });

  it("never writes the quantity of a product with options", () => {
    const { plan } = edit(withOptions(), (d) => {
      d.unlimited = false;
      d.quantity = "99";
      d.sku = "NEW";
    });
    expect(plan.product).toEqual({ sku: "NEW" });
  });

  it("replaces the options with the whole table: existing rows carry their key as id, new ones none", () => {
    const { plan } = edit(withOptions(), (d) => {
      d.options.rows[0]!.quantity = "8";
      d.options.rows.push({ ...newItemRow(2), values: ["L", "Green"], unlimited: false, quantity: "2" });
    });
    expect(plan.order).toEqual(["options"]);
    expect(plan.product).toBeUndefined();
    expect(plan.options).toEqual([
      {
        id: "o1",
        metadata: { Size: "S", Colour: "Red" },
        quantity: 8,
        surcharge: "0.00",
        cost: "0.00",
        weight: 0,
        fetch_sku: "",
      },
      {
        id: "o2",
        metadata: { Size: "M", Colour: "Blue" },
        quantity: 4,
        surcharge: "2.00",
        cost: "1.00",
        weight: 1.5,
        fetch_sku: "dl-2",
      },
      {
        metadata: { Size: "L", Colour: "Green" },
        quantity: 2,
        surcharge: "0.00",
        cost: "0.00",
        weight: 0,
        fetch_sku: "",
      },
    ]);
  });

  it("renames a column in every row, and leaves blank cells out of the metadata", () => {
    const { plan } = edit(withOptions(), (d) => {
      d.options.columns[1]!.name = "Color";
      d.options.rows[1]!.values[1] = " ";
    });
    expect(plan.options?.map((o) => o.metadata)).toEqual([{ Size: "S", Color: "Red" }, { Size: "M" }]);
  });

  it("sends an empty list to remove every option, before the quantity the product gets back", () => {
    const { plan } = edit(withOptions(), (d) => {
      d.options = { columns: [], rows: [] };
      d.unlimited = false;
      d.quantity = "12";
    });
    expect(plan.options).toEqual([]);
    expect(plan.product).toEqual({ quantity: 12, fetch_sku: "" });
    expect(plan.order).toEqual(["options", "product"]);
  });

  it("sends extras without fetch_sku, and categories as the whole new list", () => {
    const { plan } = edit(product(), (d) => {
      d.extras.columns.push({ id: "x", name: "Gift wrap" });
      d.extras.rows.push({ ...newItemRow(1), values: ["Yes"], surcharge: "3" });
      d.categories = ["Kitchen", "Gifts"];
    });
    expect(plan.order).toEqual(["extras", "categories"]);
    expect(plan.extras).toEqual([
      { metadata: { "Gift wrap": "Yes" }, quantity: -1, surcharge: "3.00", cost: "0.00", weight: 0 },
    ]);
    expect(plan.categories).toEqual(["Kitchen", "Gifts"]);
  });

  it("sends the form as JSON when it changes, and delete when it is removed", () => {
    const withForm = product({
      form: { name: "Engraving", fields: [{ label: "Text", placeholder: "", type: "text", required: true }] },
    });
    const reordered = edit(withForm, (d) => {
      d.form!.fields.push({ id: "f", label: "Date", placeholder: "When", type: "date", required: false });
      d.form!.fields.reverse();
    });
    expect(JSON.parse(String(reordered.plan.product?.form))).toEqual({
      name: "Engraving",
      fields: [
        { label: "Date", placeholder: "When", type: "date", required: false },
        { label: "Text", placeholder: "", type: "text", required: true },
      ],
    });
    expect(edit(withForm, (d) => (d.form = null)).plan.product).toEqual({ form: "delete" });
  });

  it("sends write-only metadata whenever rows are set, never otherwise", () => {
    const { plan } = edit(product(), (d) => {
      d.productMetadata = [
        { key: "erp", value: "42" },
        { key: "", value: "" },
      ];
    });
    expect(plan.product).toEqual({ product_metadata: JSON.stringify({ erp: "42" }) });
  });
});

describe("creating a product", () => {
  it("sends everything in one POST: options and extras without ids, categories comma-separated", () => {
    const draft = emptyDraft();
    draft.name = "Tee";
    draft.price = "20";
    draft.options.columns = [
      { id: "a", name: "Size" },
      { id: "b", name: "Colour" },
    ];
    draft.options.rows = [{ ...newItemRow(2), key: "ignored", values: ["S", "Red"], surcharge: "1" }];
    draft.categories = ["Shirts", "Summer"];
    const fields = createPayload(draft, "USD");
    expect(fields).toEqual({
      name: "Tee",
      type: "physical",
      status: "available",
      price: "20.00",
      cost: "0.00",
      weight: 0,
      option_style: "single",
      options: JSON.stringify([
        {
          metadata: { Size: "S", Colour: "Red" },
          quantity: -1,
          surcharge: "1.00",
          cost: "0.00",
          weight: 0,
          fetch_sku: "",
        },
      ]),
      categories: "Shirts,Summer",
    });
  });

  it("writes the quantity of a product without options", () => {
    const draft = { ...emptyDraft(), name: "Mug", price: "5", unlimited: false, quantity: "3" };
    expect(createPayload(draft, "USD")).toMatchObject({ name: "Mug", price: "5.00", quantity: 3 });
    expect(createPayload({ ...draft, unlimited: true }, "USD").quantity).toBe(-1);
  });
});

describe("after a save", () => {
  it("keeps the person's edits of the parts that did not save, and takes the rest from the store", () => {
    const fresh = draftFromProduct(product({ name: "Stored", categories: ["A"], extras: [] }));
    const draft = { ...fresh, name: "Typed", categories: ["Typed"] };
    expect(mergeAfterSave(fresh, draft, ["categories"])).toMatchObject({ name: "Stored", categories: ["Typed"] });
    expect(mergeAfterSave(fresh, draft, ["product"])).toMatchObject({ name: "Typed", categories: ["A"] });
    // A part the save did not touch shows what another client may have changed meanwhile.
    expect(mergeAfterSave(fresh, draft, [])).toMatchObject({ name: "Stored", categories: ["A"] });
  });

  it("turns a kept row whose key the store no longer has into a new row", () => {
    const draft = draftFromProduct(withOptions());
    const fresh = draftFromProduct(product({ options: [withOptions().options[0]!] }));
    const merged = mergeAfterSave(fresh, draft, ["options"]);
    expect(merged.options.rows.map((r) => [r.key, r.values])).toEqual([
      ["o1", ["S", "Red"]],
      ["", ["M", "Blue"]],
    ]);
  });

  it("maps the store's field errors to the draft's fields", () => {
    expect(draftFieldErrors({ sale_price: "bad", options: "bad list", unknown: "x" })).toEqual({
      salePrice: "bad",
      options: "bad list",
    });
  });
});

describe("what a shopper sees", () => {
  it("lists every option in one dropdown with its surcharge, or one dropdown per column", () => {
    const items = draftFromProduct(withOptions()).options;
    expect(optionPreview(items, "single", "USD")).toEqual([
      { label: "Size / Colour", choices: ["S / Red", "M / Blue (+$2.00)"] },
    ]);
    expect(optionPreview(items, "separate", "USD")).toEqual([
      { label: "Size", choices: ["S", "M"] },
      { label: "Colour", choices: ["Red", "Blue"] },
    ]);
    expect(optionPreview({ columns: [], rows: [] }, "single", "USD")).toEqual([]);
  });

  it("refuses to build a payload from a draft that does not validate", () => {
    const items = draftFromProduct(withOptions()).options;
    items.rows[0]!.unlimited = false;
    items.rows[0]!.quantity = "many";
    expect(() => itemsPayload(items, "USD", "options")).toThrow(/options\.rows\.0\.quantity/);
  });
});
