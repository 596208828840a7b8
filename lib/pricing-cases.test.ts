import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { minorDigits } from "./money";
import { type CartItem, type OptionTerms, quoteGroup } from "./shipping-calculator";

/*
 * The shared worked cases of docs/contract.md#pricing (docs/pricing-cases.json,
 * its "about" says the shape). The store's pricing module runs every case
 * whole (its own test, on its side of the line); the calculator prices
 * shipping one group at a time, so here every case that posts no shipping and
 * sets no line total by hand is run for its shipping: each group's option and
 * charge before any coupon, or the group that ships nowhere the address is.
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
}

interface FileCase {
  name: string;
  currency?: string;
  lines: FileLine[];
  ship_to: { country: string; region?: string };
  posted?: { shipping?: number };
  expected?: { groups: { group: string; option: string; amount: number }[] };
  refused?: { field: string; group: string };
}

interface CasesFile {
  currencies: Record<string, number>;
  shipping_groups: Record<string, { options: FileOption[] }>;
  cases: FileCase[];
}

const file = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../docs/pricing-cases.json"), "utf8"),
) as CasesFile;

/* ---------- the file's shape → the calculator's terms ---------- */

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
  if (value === undefined) throw new Error(`docs/pricing-cases.json: option "${what}" lacks a field of its kind`);
  return value;
}

function groupOf(name: string) {
  const group = file.shipping_groups[name];
  if (!group) throw new Error(`docs/pricing-cases.json names no shipping group "${name}"`);
  return group.options;
}

/** The calculator's item: a unit's price with its extras (its shipping counts them in the subtotal). */
const itemOf = (l: FileLine): CartItem => ({
  quantity: l.quantity,
  unitPrice: l.unit_price + (l.extras ?? 0),
  weight: l.weight ?? 0,
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

/** Cases whose shipping the calculator prices: the groups are asked, on the lines' own prices. */
const applies = (c: FileCase) => c.posted?.shipping === undefined && c.lines.every((l) => l.total === undefined);

describe("docs/pricing-cases.json: the calculator's shipping agrees with the store's", () => {
  it("knows each currency's minor-unit digits as the cases do", () => {
    for (const [code, digits] of Object.entries(file.currencies)) expect(minorDigits(code), code).toBe(digits);
  });

  it("runs most of the cases (those that post no shipping and set no line total)", () => {
    expect(file.cases.filter(applies).length).toBeGreaterThanOrEqual(file.cases.length - 6);
  });

  it.each(file.cases.filter(applies).map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const to = { country: c.ship_to.country, region: c.ship_to.region ?? null };
    const quotes = [...groupsOf(c.lines)].map(([group, items]) => {
      const options = groupOf(group);
      return { group, options, quote: quoteGroup(options.map(optionTerms), items, to) };
    });
    if (c.refused) {
      // The store names the first group, in the lines' order, that ships nowhere the address is.
      const first = quotes.find((q) => !q.quote.ships);
      expect(first?.group).toBe(c.refused.group);
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
