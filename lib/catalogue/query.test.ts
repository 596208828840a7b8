import { describe, expect, it } from "vitest";
import type { BulkProduct } from "../store/products/model-bulk";
import { queryCatalogue } from "./query";
import { testRow } from "./test-row";

function row(key: string, name: string, extra: Partial<BulkProduct> = {}): BulkProduct {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return testRow(key, { name, slug, sku: "", price: 1000, quantity: 5, ...extra });
}

const stockOf = (...skus: string[]) =>
  skus.map((sku, i) => ({ kind: "option" as const, key: `o${i}`, isDefault: false, values: [sku], quantity: 1, sku }));

const catalogue = [
  row("a", "Desk Lamp", { sku: "LMP-001", price: 4000 }),
  row("b", "Crème Brûlée Mug", { sku: "MUG-7", price: 1200, categories: ["kitchen"] }),
  row("c", "Lampshade, linen", { sku: "SHADE-2", price: 2500, quantity: -1 }),
  row("d", "Floor lamp", { sku: "lamp", status: "hidden", price: 9000, salePrice: 100 }),
  row("e", "Organic Cotton Tee", { sku: "APP-TEE", stock: stockOf("APP-TEE-M-NAV", "APP-TEE-L-WHT"), quantity: 0 }),
  row("f", "Steel bottle", { sku: "STL-1", slug: "insulated-steel-bottle" }),
];
const keys = (rows: BulkProduct[]) => rows.map((r) => r.key);

describe("queryCatalogue: search", () => {
  it("finds by name whatever the case, an exact SKU first, then names that start with the query", () => {
    expect(keys(queryCatalogue(catalogue, { q: "LAMP" }))).toEqual(["d", "c", "a"]);
  });
  it("finds by any option's SKU, whole or by its start, and by slug", () => {
    expect(keys(queryCatalogue(catalogue, { q: "APP-TEE-M-NAV" }))).toEqual(["e"]);
    expect(keys(queryCatalogue(catalogue, { q: "app-tee-l" }))).toEqual(["e"]);
    expect(keys(queryCatalogue(catalogue, { q: "insulated" }))).toEqual(["f"]);
  });
  it("matches word starts only, accents and case ignored, every word in any order", () => {
    expect(keys(queryCatalogue(catalogue, { q: "tee" }))).toEqual(["e"]);
    expect(keys(queryCatalogue(catalogue, { q: "creme BRULEE" }))).toEqual(["b"]);
    expect(keys(queryCatalogue(catalogue, { q: "lamp desk" }))).toEqual(["a"]);
    expect(keys(queryCatalogue(catalogue, { q: "lamp towel" }))).toEqual([]);
  });
  it("a blank search is every product, in the store's order", () => {
    expect(keys(queryCatalogue(catalogue, { q: "  " }))).toEqual(["a", "b", "c", "d", "e", "f"]);
  });
});

describe("queryCatalogue: filters and sorts", () => {
  it("filters by status and category", () => {
    expect(keys(queryCatalogue(catalogue, { status: "hidden" }))).toEqual(["d"]);
    expect(keys(queryCatalogue(catalogue, { category: "kitchen" }))).toEqual(["b"]);
  });
  it("sorts by the price paid (the sale price when there is one), either way, ties in the store's order", () => {
    expect(keys(queryCatalogue(catalogue, { sort: "price" }))).toEqual(["d", "e", "f", "b", "c", "a"]);
    expect(keys(queryCatalogue(catalogue, { sort: "price", desc: true }))).toEqual(["a", "c", "b", "e", "f", "d"]);
  });
  it("sorts unlimited stock above every count, and names without case", () => {
    expect(keys(queryCatalogue(catalogue, { sort: "quantity", desc: true }))[0]).toBe("c");
    expect(keys(queryCatalogue(catalogue, { sort: "name" }))).toEqual(["b", "a", "d", "c", "e", "f"]);
  });
  it("combines a search with a sort", () => {
    expect(keys(queryCatalogue(catalogue, { q: "lamp", sort: "name" }))).toEqual(["a", "d", "c"]);
  });
});
