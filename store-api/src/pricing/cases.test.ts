import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { currencyDigits } from "../money/money.js";
import {
  type Cart,
  type CouponTerms,
  NoShippingOption,
  type PerItem,
  priceCart,
  type ShippingGroupTerms,
  type TaxGroupTerms,
} from "./pricing.js";

/*
 * The shared worked cases of docs/contract.md#pricing (docs/pricing-cases.json,
 * its "about" says the shape): the dashboard's shipping calculator runs the
 * same file (lib/pricing-cases.test.ts), so the two implementations agree.
 * Read from the repository root, never imported. The schema is strict: a
 * misspelt field in the file fails here rather than being read as absent.
 */

const amount = z.number().int().nonnegative();
const place = { country: z.string(), region: z.string().optional() };
const option = z.strictObject({
  name: z.string(),
  per_cart_type: z.enum(["flat_fee", "percentage"]),
  per_cart_rate: z.number().nonnegative(),
  per_item_type: z.enum(["none", "flat_per_item", "quantity_ranges", "price_ranges", "weight_ranges"]),
  per_item_rate: amount.optional(),
  ranges: z.array(z.strictObject({ range_max: z.number().positive().nullable(), rate: amount })).optional(),
  destinations: z.array(z.strictObject({ ...place, allowed: z.boolean().optional() })),
});
const line = z.strictObject({
  unit_price: amount,
  quantity: z.number().int().positive(),
  extras: amount.optional(),
  weight: z.number().nonnegative().optional(),
  total: amount.optional(),
  shipping_group: z.string().optional(),
  tax_group: z.string().optional(),
});
const expected = z.strictObject({
  groups: z.array(z.strictObject({ group: z.string(), option: z.string(), amount })),
  subtotal: amount,
  discount: amount,
  shipping: amount,
  shipping_tax: amount,
  tax: amount,
  total: amount,
  lines: z.array(z.strictObject({ total: amount, discount: amount, tax: amount })).optional(),
});
const pricingCase = z
  .strictObject({
    name: z.string(),
    rule: z.string(),
    why: z.string().optional(),
    currency: z.string().optional(),
    lines: z.array(line).min(1),
    ship_to: z.strictObject(place),
    coupon: z
      .strictObject({
        type: z.enum(["percentage_off", "flat_discount", "free_shipping"]),
        percentage: z.number().positive().optional(),
        flat_rate: amount.optional(),
        threshold: amount.optional(),
        free_ship: z.boolean().optional(),
      })
      .optional(),
    posted: z
      .strictObject({ shipping: amount.optional(), tax: amount.optional(), total: amount.optional() })
      .optional(),
    expected: expected.optional(),
    refused: z.strictObject({ field: z.literal("ship_country"), group: z.string() }).optional(),
  })
  .refine((c) => (c.expected === undefined) !== (c.refused === undefined), "a case has expected or refused");
const casesFile = z.strictObject({
  about: z.array(z.string()),
  currencies: z.record(z.string(), z.number().int()),
  shipping_groups: z.record(z.string(), z.strictObject({ options: z.array(option) })),
  tax_groups: z.record(
    z.string(),
    z.strictObject({
      rules: z.array(z.strictObject({ ...place, rate: z.number().nonnegative(), on_shipping: z.boolean().optional() })),
    }),
  ),
  cases: z.array(pricingCase),
});
type PricingCase = z.infer<typeof pricingCase>;

const file = casesFile.parse(
  JSON.parse(readFileSync(new URL("../../../docs/pricing-cases.json", import.meta.url), "utf8")),
);

/* ---------- the file's shape → pricing.ts's terms (ids by order, from 1) ---------- */

const groupNames = Object.keys(file.shipping_groups);
const shippingGroups = new Map<string, ShippingGroupTerms>(
  Object.entries(file.shipping_groups).map(([name, group], g) => [
    name,
    {
      id: g + 1,
      options: group.options.map((o, i) => {
        let perItem: PerItem;
        if (o.per_item_type === "none") perItem = { type: "none" };
        else if (o.per_item_type === "flat_per_item") perItem = { type: "flat_per_item", amount: o.per_item_rate! };
        else perItem = { type: o.per_item_type, ranges: o.ranges!.map((r) => ({ max: r.range_max, rate: r.rate })) };
        return {
          id: i + 1,
          position: i,
          perCart:
            o.per_cart_type === "flat_fee"
              ? { type: "flat_fee", amount: o.per_cart_rate }
              : { type: "percentage", percent: o.per_cart_rate },
          perItem,
          destinations: o.destinations.map((d) => ({
            allowed: d.allowed ?? true,
            country: d.country,
            region: d.region ?? null,
          })),
        };
      }),
    },
  ]),
);
const taxGroups = new Map<string, TaxGroupTerms>(
  Object.entries(file.tax_groups).map(([name, group], g) => [
    name,
    {
      id: g + 1,
      rules: group.rules.map((r, i) => ({
        id: i + 1,
        country: r.country,
        region: r.region ?? null,
        rate: r.rate,
        onShipping: r.on_shipping ?? false,
      })),
    },
  ]),
);

function named<T>(map: Map<string, T>, name: string | undefined): T | null {
  if (name === undefined) return null;
  const found = map.get(name);
  if (!found) throw new Error(`docs/pricing-cases.json names no group "${name}"`);
  return found;
}

function cartOf(c: PricingCase): Cart {
  const coupon: CouponTerms | null = c.coupon
    ? {
        type: c.coupon.type,
        percent: c.coupon.percentage ?? null,
        flatRate: c.coupon.flat_rate ?? null,
        threshold: c.coupon.threshold ?? null,
        freeShip: c.coupon.free_ship ?? false,
      }
    : null;
  return {
    lines: c.lines.map((l) => ({
      unitPrice: l.unit_price,
      quantity: l.quantity,
      extras: l.extras ?? 0,
      weight: l.weight ?? 0,
      ...(l.total === undefined ? {} : { total: l.total }),
      shippingGroup: named(shippingGroups, l.shipping_group),
      taxGroup: named(taxGroups, l.tax_group),
    })),
    destination: { country: c.ship_to.country, region: c.ship_to.region ?? null },
    coupon,
    posted: c.posted ?? null,
  };
}

/* ---------- every case, whole ---------- */

describe("docs/pricing-cases.json: the store prices every case as worked", () => {
  it("knows each currency's minor-unit digits as the cases do", () => {
    for (const [code, digits] of Object.entries(file.currencies)) expect(currencyDigits(code), code).toBe(digits);
    for (const c of file.cases) expect(file.currencies, c.name).toHaveProperty(c.currency ?? "USD");
  });

  it.each(file.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const cart = cartOf(c);
    if (c.refused) {
      let thrown: unknown;
      try {
        priceCart(cart);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(NoShippingOption);
      const refusal = thrown as NoShippingOption;
      expect({ field: refusal.field, group: groupNames[refusal.groupId - 1] }).toEqual(c.refused);
      return;
    }
    const priced = priceCart(cart);
    const want = c.expected!;
    expect({
      groups: priced.groups.map((g) => {
        const name = groupNames[g.groupId - 1]!;
        return { group: name, option: file.shipping_groups[name]!.options[g.optionId - 1]!.name, amount: g.amount };
      }),
      subtotal: priced.subtotal,
      discount: priced.discount,
      shipping: priced.shipping,
      shipping_tax: priced.shippingTax,
      tax: priced.tax,
      total: priced.total,
      ...(want.lines ? { lines: priced.lines.map(({ total, discount, tax }) => ({ total, discount, tax })) } : {}),
    }).toEqual(want);
  });
});
