import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { minorDigits } from "./money";
import { type CouponTerms, type PricingLine, type ShippingGroupTerms, type TaxGroupTerms, priceCart } from "./pricing";
import { type CartItem, type OptionTerms, quoteGroup } from "./shipping-calculator";

/*
 * The shared worked cases of docs/contract.md#pricing (docs/pricing-cases.json,
 * its "about" says the shape). The store's pricing module runs every case
 * whole (its own test, on its side of the line), and so does the dashboard's
 * (lib/pricing.ts): the subtotal, the discount and each line's share, each
 * group's option and charge, the shipping after a coupon, the tax of each
 * line and of the shipping, the total, what was posted, and the group that
 * ships nowhere the address is. The shipping calculator (one group at a
 * time, on a group's page) runs the shipping of every case that posts none.
 * Read from the repository root, never imported.
 */

interface FileOption {
  name: string;
  per_cart_type: "flat_fee" | "percentage";
  per_cart_rate: number;
  per_item_type: "none" | "flat_per_item" | "quantity_ranges" | "price_ranges" | "weight_ranges";
  per_item_rate?: number;
  ranges?: { range_max: number | null; rate: number }[];
  destinations: { country: string; region?: string; allowed?: boolean }[];
}

interface FileLine {
  unit_price: number;
  quantity: number;
  extras?: number;
  weight?: number;
  total?: number;
  shipping_group?: string;
  tax_group?: string;
}

interface FileCoupon {
  type: CouponTerms["type"];
  percentage?: number;
  flat_rate?: number;
  threshold?: number;
  free_ship?: boolean;
}

interface FileExpected {
  groups: { group: string; option: string; amount: number }[];
  subtotal: number;
  discount: number;
  shipping: number;
  shipping_tax: number;
  tax: number;
  total: number;
  lines?: { total: number; discount: number; tax: number }[];
}

interface FileCase {
  name: string;
  currency?: string;
  lines: FileLine[];
  ship_to: { country: string; region?: string };
  coupon?: FileCoupon;
  posted?: { shipping?: number; tax?: number; total?: number };
  expected?: FileExpected;
  refused?: { field: string; group: string };
}

interface CasesFile {
  currencies: Record<string, number>;
  shipping_groups: Record<string, { options: FileOption[] }>;
  tax_groups: Record<string, { rules: { country: string; region?: string; rate: number; on_shipping?: boolean }[] }>;
  cases: FileCase[];
}

const file = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../docs/pricing-cases.json"), "utf8"),
) as CasesFile;

/* ---------- the file's shape → the dashboard's terms ---------- */

function optionTerms(o: FileOption): OptionTerms {
  return {
    perCart:
      o.per_cart_type === "flat_fee"
        ? { type: "flat_fee", amount: o.per_cart_rate }
        : { type: "percentage", percent: o.per_cart_rate },
    perItem:
      o.per_item_type === "none"
        ? { type: "none" }
        : o.per_item_type === "flat_per_item"
          ? { type: "flat_per_item", amount: need(o.per_item_rate, o.name) }
          : { type: o.per_item_type, ranges: need(o.ranges, o.name).map((r) => ({ max: r.range_max, rate: r.rate })) },
    destinations: o.destinations.map((d) => ({
      allowed: d.allowed ?? true,
      country: d.country,
      region: d.region ?? null,
    })),
  };
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`docs/pricing-cases.json: "${what}" lacks a field of its kind`);
  return value;
}

function shippingGroup(name: string): ShippingGroupTerms {
  const group = file.shipping_groups[name];
  if (!group) throw new Error(`docs/pricing-cases.json names no shipping group "${name}"`);
  return { key: name, options: group.options.map(optionTerms) };
}

function taxGroup(name: string): TaxGroupTerms {
  const group = file.tax_groups[name];
  if (!group) throw new Error(`docs/pricing-cases.json names no tax group "${name}"`);
  return {
    key: name,
    rules: group.rules.map((r) => ({
      country: r.country,
      region: r.region ?? null,
      rate: r.rate,
      onShipping: r.on_shipping ?? false,
    })),
  };
}

const lineOf = (l: FileLine): PricingLine => ({
  unitPrice: l.unit_price,
  quantity: l.quantity,
  extras: l.extras ?? 0,
  weight: l.weight ?? 0,
  ...(l.total !== undefined ? { total: l.total } : {}),
  shippingGroup: l.shipping_group === undefined ? null : shippingGroup(l.shipping_group),
  taxGroup: l.tax_group === undefined ? null : taxGroup(l.tax_group),
});

const couponOf = (c: FileCoupon): CouponTerms => ({
  type: c.type,
  percent: c.percentage ?? null,
  flatRate: c.flat_rate ?? null,
  threshold: c.threshold ?? null,
  freeShip: c.free_ship ?? false,
});

const addressOf = (c: FileCase) => ({ country: c.ship_to.country, region: c.ship_to.region ?? null });

const label = (c: FileCase) => [c.name, c] as const;

describe("docs/pricing-cases.json: the dashboard's pricing agrees with the store's", () => {
  it("knows each currency's minor-unit digits as the cases do", () => {
    for (const [code, digits] of Object.entries(file.currencies)) expect(minorDigits(code), code).toBe(digits);
  });

  it("has every case to run (the file is read, not an empty list)", () => {
    expect(file.cases.length).toBeGreaterThanOrEqual(57);
    expect(file.cases.filter((c) => c.coupon).length).toBeGreaterThan(0);
    expect(file.cases.filter((c) => c.posted).length).toBeGreaterThan(0);
    expect(file.cases.filter((c) => c.lines.some((l) => l.tax_group)).length).toBeGreaterThan(0);
  });

  it.each(file.cases.map(label))("%s", (_name, c) => {
    const outcome = priceCart({
      lines: c.lines.map(lineOf),
      to: addressOf(c),
      coupon: c.coupon ? couponOf(c.coupon) : null,
      posted: c.posted ?? null,
    });
    if (c.refused) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect({ field: outcome.refused.field, group: outcome.refused.group.key }).toEqual(c.refused);
      return;
    }
    const expected = c.expected!;
    expect(outcome.ok, "the order is priced, not refused").toBe(true);
    if (!outcome.ok) return;
    const { priced } = outcome;
    const options = (group: string, index: number) => file.shipping_groups[group]!.options[index]!.name;
    expect({
      groups: priced.groups.map((g) => ({
        group: g.group.key,
        option: options(g.group.key, g.option),
        amount: g.amount,
      })),
      subtotal: priced.subtotal,
      discount: priced.discount,
      shipping: priced.shipping,
      shipping_tax: priced.shippingTax,
      tax: priced.tax,
      total: priced.total,
    }).toEqual({ ...expected, lines: undefined });
    if (expected.lines) {
      expect(priced.lines.map((l) => ({ total: l.total, discount: l.discount, tax: l.tax }))).toEqual(expected.lines);
    }
    // The discount's shares add up to it exactly.
    expect(priced.lines.reduce((sum, l) => sum + l.discount, 0)).toBe(priced.discount);
  });
});

/* ---------- the shipping calculator, one group at a time ---------- */

/** The calculator's item: a unit's price with its extras (its shipping counts them in the subtotal). */
const itemOf = (l: FileLine): CartItem => ({
  quantity: l.quantity,
  unitPrice: l.unit_price + (l.extras ?? 0),
  weight: l.weight ?? 0,
  ...(l.total !== undefined ? { total: l.total } : {}),
});

/** The shipping groups among the lines, in the order of their first line, with their items. */
function groupsOf(lines: FileLine[]): Map<string, CartItem[]> {
  const groups = new Map<string, CartItem[]>();
  for (const l of lines) {
    if (l.shipping_group === undefined) continue;
    groups.set(l.shipping_group, [...(groups.get(l.shipping_group) ?? []), itemOf(l)]);
  }
  return groups;
}

/** Cases whose shipping the groups are asked for: every case that posts none. */
const asksTheGroups = (c: FileCase) => c.posted?.shipping === undefined;

describe("docs/pricing-cases.json: the shipping calculator's groups agree with the store's", () => {
  it("runs every case that posts no shipping", () => {
    expect(file.cases.filter(asksTheGroups).length).toBeGreaterThanOrEqual(file.cases.length - 3);
  });

  it.each(file.cases.filter(asksTheGroups).map(label))("%s", (_name, c) => {
    const to = addressOf(c);
    const quotes = [...groupsOf(c.lines)].map(([group, items]) => {
      const options = file.shipping_groups[group]!.options;
      return { group, options, quote: quoteGroup(options.map(optionTerms), items, to) };
    });
    if (c.refused) {
      // The store names the first group, in the lines' order, that ships nowhere the address is.
      expect(quotes.find((q) => !q.quote.ships)?.group).toBe(c.refused.group);
      return;
    }
    expect(
      quotes.map(({ group, options, quote }) =>
        quote.ships
          ? { group, option: options[quote.option]!.name, amount: quote.charge.total }
          : { group, refused: true },
      ),
    ).toEqual(c.expected!.groups);
  });
});
