import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCart } from "../../src/pricing/pricing.js";
import { shippingGroupTerms, taxGroupTerms } from "../../src/pricing/terms.js";
import { shippingGroupsByIds } from "../../src/shipping/shipping-groups.js";
import { taxGroupsByIds } from "../../src/tax/tax-groups.js";
import { api, startStoreWithAdmin, type TestStore } from "../helpers/index.js";

/**
 * Groups written through the API, read from the database and priced: the units
 * of what the resources store and of what pricing.ts computes with agree
 * (docs/contract.md#pricing). Amounts in cents.
 */
describe("pricing from stored groups", () => {
  let store: TestStore;
  let admin: string;

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin());
  });
  afterAll(async () => {
    await store.close();
  });

  it("prices a cart with the groups the API stored", async () => {
    const [group] = (
      await api(store, admin, "POST", "/shipping_groups", {
        name: "Mixed",
        options: JSON.stringify([
          {
            name: "Price ranges, US",
            per_cart_type: "flat_fee",
            per_cart_rate_raw: "4.50",
            price_range_rates: [
              { range_max: 49.99, rate_raw: 7 },
              { range_max: null, rate_raw: 0 },
            ],
            destinations: [{ country: "US" }, { country: "US", region: "HI", allowed: false }],
          },
          {
            name: "Percentage and weight, Germany",
            per_cart_type: "percentage",
            per_cart_rate_raw: "12.5%",
            weight_range_rates: [
              { range_max: 1.5, rate_raw: 3 },
              { range_max: null, rate_raw: 9 },
            ],
            destinations: [{ country: "DE" }],
          },
          {
            name: "Per item, New South Wales",
            per_cart_type: "flat_fee",
            per_cart_rate_raw: 10,
            per_item_rate_raw: 1.25,
            destinations: [{ country: "AU", region: "NewSouthWales" }],
          },
        ]),
      })
    ).json;
    const tax = (
      await api(store, admin, "POST", "/tax_groups", {
        name: "Mixed tax",
        rules: JSON.stringify([
          { country: "US", region: "NY", rate: "8.875%", on_shipping: true },
          { country: "DE", rate: 19, on_shipping: true },
        ]),
      })
    ).json;

    const db = store.database.db;
    const shipping = shippingGroupTerms((await shippingGroupsByIds(db, [group.id])).get(group.id)!);
    const taxes = taxGroupTerms((await taxGroupsByIds(db, [tax.id])).get(tax.id)!);
    const line = (unitPrice: number, quantity: number, weight = 0) => ({
      unitPrice,
      quantity,
      weight,
      shippingGroup: shipping,
      taxGroup: taxes,
    });

    // US/NY, $49.99 of goods: $4.50 + the range up to $49.99 (inclusive) $7.00 = $11.50;
    // tax 8.875% of 4999 = 443.66 → 444, of 1150 = 102.06 → 102.
    const ny = priceCart({ lines: [line(4999, 1)], destination: { country: "US", region: "NY" } });
    expect(ny).toMatchObject({ subtotal: 4999, shipping: 1150, tax: 444 + 102 });
    // $50.00: past $49.99, the open range: $4.50.
    expect(priceCart({ lines: [line(5000, 1)], destination: { country: "US", region: "NY" } }).shipping).toBe(450);
    // Germany: 12.5% of 2000 = 250, weight 2 × 1 kg = 2 > 1.5 → 900; tax 19% on goods and shipping.
    const de = priceCart({ lines: [line(1000, 2, 1)], destination: { country: "DE" } });
    expect(de).toMatchObject({ shipping: 1150, tax: 380 + 219 });
    // New South Wales, written as a name: $10 + 3 × $1.25.
    const au = priceCart({ lines: [line(100, 3)], destination: { country: "AU", region: "New South Wales" } });
    expect(au.shipping).toBe(1375);
    // Hawaii is excluded: no option.
    expect(() => priceCart({ lines: [line(100, 1)], destination: { country: "US", region: "HI" } })).toThrow(
      /ships to this address/,
    );
  });
});
