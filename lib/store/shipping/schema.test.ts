import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { oneOrListOfOne } from "../shapes";
import { storeShippingGroupSchema, toShippingGroup } from "./schema";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const read = (raw: unknown) => toShippingGroup(storeShippingGroupSchema.parse(raw));

/** An option as the bundled store sends it (docs/contract.md#shipping). */
const standard = {
  id: 7,
  name: "Standard",
  currency: "USD",
  per_cart_type: "flat_fee",
  per_cart_rate: "$5.00",
  per_cart_rate_raw: 5,
  per_item_type: "quantity_ranges",
  per_item_rate: null,
  per_item_rate_raw: null,
  price_range_rates: [],
  quantity_range_rates: [
    { currency: "USD", range_max: 5, rate: "$4.00", rate_raw: 4 },
    { currency: "USD", range_max: null, rate: "$8.50", rate_raw: 8.5 },
  ],
  weight_range_rates: [],
  destinations: [
    { allowed: true, country: "US", region: null },
    { allowed: false, country: "US", region: "HI" },
  ],
};

describe("reading shipping groups", () => {
  it("reads the contract's shape into the model: minor units, ranges, places", () => {
    expect(read({ id: 3, name: "Parcels", options: [standard] })).toEqual({
      id: "3",
      name: "Parcels",
      options: [
        {
          id: "7",
          name: "Standard",
          currency: "USD",
          perCart: { type: "flat_fee", amount: 500 },
          perItem: {
            type: "quantity_ranges",
            ranges: [
              { max: 5, rate: 400 },
              { max: null, rate: 850 },
            ],
          },
          destinations: [
            { allowed: true, country: "US", region: null },
            { allowed: false, country: "US", region: "HI" },
          ],
        },
      ],
    });
  });

  it("reads price ranges' maxima as amounts, a percentage per cart as the percent", () => {
    const group = read({
      id: 1,
      options: [
        {
          id: 2,
          name: "By value",
          per_cart_type: "percentage",
          per_cart_rate: "10%",
          per_item_type: "price_ranges",
          price_range_rates: [
            { range_max: 49.99, rate_raw: 6 },
            { range_max: null, rate: "$0.00" },
          ],
        },
      ],
    });
    expect(group.name).toBe("");
    expect(group.options[0]).toMatchObject({
      currency: "USD",
      perCart: { type: "percentage", percent: 10 },
      perItem: {
        type: "price_ranges",
        ranges: [
          { max: 4999, rate: 600 },
          { max: null, rate: 0 },
        ],
      },
      destinations: [],
    });
  });

  it("infers the per-item charge when per_item_type is missing or unknown", () => {
    const flat = read({ id: 1, options: [{ id: 1, name: "A", per_item_rate: "$1.25" }] });
    expect(flat.options[0]!.perItem).toEqual({ type: "flat_per_item", amount: 125 });
    const weight = read({
      id: 1,
      options: [
        { id: 1, name: "B", per_item_type: "by_weight", weight_range_rates: [{ range_max: 2.5, rate_raw: 3 }] },
      ],
    });
    expect(weight.options[0]!.perItem).toEqual({ type: "weight_ranges", ranges: [{ max: 2.5, rate: 300 }] });
    expect(read({ id: 1, options: [{ id: 1, name: "C" }] }).options[0]!.perItem).toEqual({ type: "none" });
  });

  it("leaves out what it cannot read rather than failing the group", () => {
    const group = read({
      id: "g-1",
      name: "Odd",
      extra: { anything: true },
      options: [
        { name: "no id" },
        {
          id: 4,
          name: "Kept",
          currency: "EUR",
          per_cart_rate_raw: "2.50",
          quantity_range_rates: [{ range_max: "x", rate_raw: 1 }, { range_max: 3 }, { range_max: 9, rate_raw: 2 }],
          destinations: [{ country: "de" }, { allowed: "false", country: "FR", region: "" }, { region: "X" }],
        },
      ],
    });
    expect(group.options).toHaveLength(1);
    expect(group.options[0]).toMatchObject({
      id: "4",
      currency: "EUR",
      perCart: { type: "flat_fee", amount: 250 },
      perItem: { type: "quantity_ranges", ranges: [{ max: 9, rate: 200 }] },
      destinations: [
        { allowed: true, country: "DE", region: null },
        { allowed: false, country: "FR", region: null },
      ],
    });
    expect(read({ id: 1, options: "none" }).options).toEqual([]);
  });

  it("accepts an update's answer as the group or a list holding it", () => {
    const schema = oneOrListOfOne(storeShippingGroupSchema);
    expect(toShippingGroup(schema.parse([{ id: 1, name: "A", options: [] }])).name).toBe("A");
    expect(toShippingGroup(schema.parse({ id: 1, name: "B" })).name).toBe("B");
    expect(() => z.array(storeShippingGroupSchema).parse([{ name: "no id" }])).toThrow();
  });
});
