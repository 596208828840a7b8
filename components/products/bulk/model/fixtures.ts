import type { BulkProduct } from "../../../../lib/store/products/model-bulk";
// The bulk grid's columns, made known to the grid engine by id: the tests' edits name them.
import "./columns";
import type { GridContext } from "./columns";

/** Tests only: products and a context for the model's unit tests (the bulk editor's, and the grid engine's). */

export const ctx: GridContext = {
  currency: "USD",
  shippingGroups: [
    { id: "1", name: "Standard" },
    { id: "2", name: "Heavy goods" },
  ],
  taxGroups: [
    { id: "10", name: "Reduced" },
    { id: "11", name: "Standard rate" },
  ],
};

export function product(key: string, overrides: Partial<BulkProduct> = {}): BulkProduct {
  return {
    key,
    slug: key,
    name: `Product ${key}`,
    nameShort: "",
    sku: `SKU-${key}`,
    status: "available",
    price: 1000,
    salePrice: null,
    cost: 400,
    quantity: 5,
    hasOptions: false,
    weight: 1.5,
    type: "physical",
    shippingGroup: "1",
    taxGroup: null,
    order: 1,
    categories: [],
    modified: 1_700_000_000,
    currency: "USD",
    image: null,
    ...overrides,
  };
}

export function byKey(products: readonly BulkProduct[]): Map<string, BulkProduct> {
  return new Map(products.map((p) => [p.key, p]));
}
