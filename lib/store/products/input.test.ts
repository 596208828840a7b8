import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { draftFromProduct, emptyDraft, newItemRow, type ProductDraft } from "./edit";
import { createProductInput, productDraftInput, productDraftIssues, productKey, saveProductInput } from "./input";

const valid = (): ProductDraft => ({ ...emptyDraft(), name: "Mug", price: "12.50" });
const issues = (draft: ProductDraft, currency = "USD") =>
  Object.fromEntries(productDraftIssues(draft, currency).map((i) => [i.path, i.message]));

describe("the editor's draft, checked", () => {
  it("passes a valid draft", () => {
    expect(productDraftIssues(valid(), "USD")).toEqual([]);
  });

  it("asks for a name and a price, and says what is wrong with an amount", () => {
    expect(issues({ ...valid(), name: " ", price: "" })).toEqual({
      name: "Enter a name: shoppers see it everywhere.",
      price: "Enter a price, such as 12.50 (0 for free).",
    });
    expect(issues({ ...valid(), price: "1.999", salePrice: "cheap", cost: "-1" })).toEqual({
      price: "The price must have at most 2 decimals.",
      salePrice: "The sale price must be an amount such as 12.50.",
      cost: "The cost must not be negative.",
    });
  });

  it("asks for a quantity unless unlimited, and not at all with options", () => {
    expect(issues({ ...valid(), unlimited: false, quantity: "" })).toEqual({
      quantity: "Enter a whole number from 0, or tick Unlimited.",
    });
    const draft = { ...valid(), unlimited: false, quantity: "" };
    draft.options = { columns: [{ id: "c", name: "Size" }], rows: [{ ...newItemRow(1), values: ["S"] }] };
    expect(issues(draft)).toEqual({});
  });

  it("puts table problems under their cells", () => {
    const draft = valid();
    draft.options = {
      columns: [
        { id: "a", name: "Size" },
        { id: "b", name: "Size " },
        { id: "c", name: "" },
      ],
      rows: [{ ...newItemRow(3), unlimited: false, quantity: "-3", surcharge: "x", weight: "heavy" }],
    };
    expect(issues(draft)).toEqual({
      "options.columns.1.name": "Another column is already named “Size”.",
      "options.columns.2.name": "Name this column, or remove it.",
      "options.rows.0.values": "Give this option a value in at least one column.",
      "options.rows.0.quantity": "Enter a whole number from 0, or tick Unlimited.",
      "options.rows.0.surcharge": "The surcharge must be an amount such as 12.50.",
      "options.rows.0.weight": "Enter a weight such as 0.5, or leave it empty.",
    });
  });

  it("lets a surcharge be negative but not a cost", () => {
    const draft = valid();
    draft.extras = {
      columns: [{ id: "a", name: "Wrap" }],
      rows: [{ ...newItemRow(1), values: ["Yes"], surcharge: "-1", cost: "-1" }],
    };
    expect(issues(draft)).toEqual({ "extras.rows.0.cost": "The cost must not be negative." });
  });

  it("wants a form to have fields with labels, and metadata keys to be unique", () => {
    const draft = valid();
    draft.form = { name: "", fields: [] };
    expect(issues(draft)).toEqual({ "form.fields": "Add a field, or remove the form." });
    draft.form = { name: "", fields: [{ id: "f", label: " ", placeholder: "", type: "text", required: false }] };
    draft.productMetadata = [
      { key: "a", value: "1" },
      { key: "a", value: "2" },
    ];
    expect(issues(draft)).toEqual({
      "form.fields.0.label": "Give this field a label shoppers will read.",
      "productMetadata.1.key": "Another row already has the key “a”.",
    });
  });

  it("gives react-hook-form each issue at its path", () => {
    const result = z.safeParse(productDraftInput("USD"), { ...valid(), name: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toEqual([["name"]]);
  });
});

describe("the server actions' payloads, checked again", () => {
  it("takes a plan of changed parts", () => {
    const ok = z.safeParse(saveProductInput, {
      key: "p1",
      product: { name: "Mug", sale_price: null, quantity: 3 },
      options: [{ id: "o1", metadata: { Size: "S" }, quantity: -1, surcharge: "-1.50", cost: "0.00", weight: 0 }],
      categories: ["Kitchen"],
      order: ["product", "options", "categories"],
    });
    expect(ok.success).toBe(true);
  });

  it("refuses fields the editor never sends, and POST-only ones on an update", () => {
    const save = (product: Record<string, unknown>) =>
      z.safeParse(saveProductInput, { key: "p1", product, order: ["product"] }).success;
    expect(save({ price_raw: 1 })).toBe(false);
    expect(save({ categories: "a,b" })).toBe(false);
    expect(save({ price: "1.00" })).toBe(true);
    expect(z.safeParse(saveProductInput, { key: "a/b", order: ["product"] }).success).toBe(false);
    expect(z.safeParse(saveProductInput, { key: "p1", categories: ["a,b"], order: ["categories"] }).success).toBe(
      false,
    );
  });

  it("needs a name to create, and takes the POST-only fields then", () => {
    expect(z.safeParse(createProductInput, { fields: { price: "1" } }).success).toBe(false);
    expect(z.safeParse(createProductInput, { fields: { name: "Mug", categories: "A,B", options: "[]" } }).success).toBe(
      true,
    );
  });

  it("checks a draft made from a product as valid", () => {
    const draft = draftFromProduct({
      ...{ key: "k", slug: "k", url: null, created: null, modified: null, name: "N", nameShort: "" },
      ...{ description: "", descriptionShort: "", sku: "", fetchSku: "", type: "physical", status: "hidden" },
      ...{ quantity: -1, currency: "EUR", price: 100, salePrice: null, regularPrice: null, cost: null, weight: null },
      ...{ order: null, categories: [], options: [], extras: [], optionStyle: "single", images: [], videos: [] },
      ...{ digitalSamples: [], form: null, shippingGroup: { id: "3", name: "Heavy" }, taxGroup: null },
    });
    expect(draft.shippingGroup).toBe("3");
    expect(productDraftIssues(draft, "EUR")).toEqual([]);
  });
});

describe("productKey: the one schema of a product key every products action takes", () => {
  it("takes any opaque key the store gave, up to 255 characters", () => {
    for (const key of ["p_7Hq2", "S62f-ireMvfg", "123", "a b", "ü-ñ", "x".repeat(255)])
      expect(productKey.safeParse(key).success).toBe(true);
  });

  it("refuses what cannot be a path segment or a dictionary key", () => {
    for (const key of ["", "x".repeat(256), "a/b", "a?b", "a#b", "__proto__"])
      expect(productKey.safeParse(key).success).toBe(false);
    expect(productKey.safeParse(42).success).toBe(false);
  });
});
