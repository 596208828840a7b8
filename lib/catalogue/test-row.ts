import type { BulkProduct } from "../store/products/model-bulk";

/**
 * A row of the catalogue copy for tests and benches (lib/catalogue/*.test.ts, bench/catalogue-sort.mjs):
 * plain defaults (its key as slug and, upper case, as SKU), `fields` over them.
 */
export function testRow(key: string, fields: Partial<BulkProduct> = {}): BulkProduct {
  const name = fields.name ?? key;
  return {
    key,
    slug: key,
    name,
    nameShort: name,
    sku: key.toUpperCase(),
    status: "available",
    price: 100,
    salePrice: null,
    cost: null,
    quantity: 1,
    hasOptions: false,
    weight: null,
    type: "physical",
    shippingGroup: null,
    taxGroup: null,
    order: null,
    categories: [],
    modified: 1,
    currency: "USD",
    image: null,
    ...fields,
  };
}
