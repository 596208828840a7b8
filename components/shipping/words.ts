import { formatMoney } from "@/lib/money";
import { placeName } from "@/lib/places";
import type { Range } from "@/lib/shipping-calculator";
import type { RangeKind, ShippingDestination, ShippingOption } from "@/lib/store/shipping/model";

/** Shipping options in words, for lists and the calculator. Plain: safe anywhere. */

const plain = (n: number) => new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(n);

/** The per-cart part: "$5.00 per order", "10% of the subtotal", null when it charges nothing. */
export function perCartWords(option: ShippingOption): string | null {
  const { perCart, currency } = option;
  if (perCart.type === "percentage") return perCart.percent ? `${plain(perCart.percent)}% of the subtotal` : null;
  return perCart.amount ? `${formatMoney(perCart.amount, currency)} per order` : null;
}

/**
 * Weights have no unit in the contract: plain numbers, in the unit the store's
 * products are weighed in (docs/pricing-cases.json: "the store's weight unit").
 * With STORE_WEIGHT_UNIT set (components/weight-unit.tsx) it is named ("in kg");
 * else said as whose unit it is. Said wherever a weight is typed or shown.
 */
export const weightUnitWords = (unit: string | null) => (unit ? `in ${unit}` : "in your products' weight unit");

/** A weight column's or field's unit in parentheses: "kg", or "weight" when unnamed. */
export const weightUnitLabel = (unit: string | null) => unit ?? "weight";

const rangeUnit: Record<RangeKind, (n: number, currency: string) => string> = {
  quantity_ranges: (n) => `${plain(n)} ${n === 1 ? "item" : "items"}`,
  price_ranges: (n, currency) => formatMoney(n, currency),
  weight_ranges: (n) => plain(n),
};

export const rangeMeasure: Record<RangeKind, string> = {
  quantity_ranges: "items",
  price_ranges: "subtotal",
  weight_ranges: "weight",
};

/** One range as a person reads it: "up to 5 items", "6 items and more", "over $50.00". */
export function rangeWords(kind: RangeKind, ranges: readonly Range[], index: number, currency: string): string {
  const range = ranges[index];
  if (!range) return "";
  const previous = index > 0 ? (ranges[index - 1]?.max ?? null) : null;
  const unit = rangeUnit[kind];
  if (range.max === null) {
    if (previous === null) return "any " + rangeMeasure[kind];
    return kind === "quantity_ranges" ? `${unit(previous + 1, currency)} or more` : `over ${unit(previous, currency)}`;
  }
  if (previous === null) return `up to ${unit(range.max, currency)}`;
  if (kind === "quantity_ranges") {
    return previous + 1 === range.max
      ? unit(range.max, currency)
      : `${plain(previous + 1)}–${unit(range.max, currency)}`;
  }
  return `over ${unit(previous, currency)}, up to ${unit(range.max, currency)}`;
}

/** The per-item part: "$1.00 per item", "by the number of items", null when none. */
export function perItemWords(option: ShippingOption): string | null {
  const { perItem, currency } = option;
  if (perItem.type === "none") return null;
  if (perItem.type === "flat_per_item") return `${formatMoney(perItem.amount, currency)} per item`;
  const by = { quantity_ranges: "number of items", price_ranges: "subtotal", weight_ranges: "total weight" }[
    perItem.type
  ];
  return `by the ${by}`;
}

/** The whole charge in a line: "$5.00 per order + $1.00 per item", "Free". */
export function chargeWords(option: ShippingOption): string {
  const parts = [perCartWords(option), perItemWords(option)].filter(Boolean);
  return parts.length ? parts.join(" + ") : "Free";
}

/** Where it ships, in words: allowed places and excluded ones. Empty lists: anywhere. */
export function destinationWords(destinations: readonly ShippingDestination[]): { to: string[]; notTo: string[] } {
  const name = (d: ShippingDestination) => placeName(d.country, d.region);
  return {
    to: destinations.filter((d) => d.allowed).map(name),
    notTo: destinations.filter((d) => !d.allowed).map(name),
  };
}
