import type { PerCart, PerItem } from "../../shipping-calculator";

/**
 * Shipping groups in the dashboard's own terms (docs/contract.md#shipping).
 * Money in minor units; a percentage as the percent itself. Safe anywhere and
 * free of zod: client components import it; the raw API shape is read in
 * ./schema.ts.
 */

export const perCartTypes = ["flat_fee", "percentage"] as const;
export type PerCartType = (typeof perCartTypes)[number];

export const perItemTypes = ["none", "flat_per_item", "quantity_ranges", "price_ranges", "weight_ranges"] as const;
export type PerItemType = (typeof perItemTypes)[number];

export type RangeKind = "quantity_ranges" | "price_ranges" | "weight_ranges";
export const rangeKinds: readonly RangeKind[] = ["quantity_ranges", "price_ranges", "weight_ranges"];

export function isRangeKind(type: string): type is RangeKind {
  return (rangeKinds as readonly string[]).includes(type);
}

/** The list field of each range kind (written and read: docs/contract.md#shipping). */
export const rangeFields = {
  quantity_ranges: "quantity_range_rates",
  price_ranges: "price_range_rates",
  weight_ranges: "weight_range_rates",
} as const satisfies Record<RangeKind, string>;

export const perCartLabels: Record<PerCartType, string> = {
  flat_fee: "A flat fee",
  percentage: "A percentage of the subtotal",
};

export const perItemLabels: Record<PerItemType, string> = {
  none: "Nothing per item",
  flat_per_item: "A fee for each item",
  quantity_ranges: "By the number of items",
  price_ranges: "By the subtotal",
  weight_ranges: "By the total weight",
};

/** Where an option ships (`allowed`), or not: a country, or one region of it. */
export interface ShippingDestination {
  allowed: boolean;
  /** 2-letter ISO code, upper case. */
  country: string;
  /** A US state's code, a camel-cased name elsewhere; null for the whole country. */
  region: string | null;
}

export interface ShippingOption {
  id: string;
  name: string;
  /** The currency of its amounts. */
  currency: string;
  perCart: PerCart;
  /** Range maxima: items, minor units (price) or weight; rates in minor units. */
  perItem: PerItem;
  /** Empty: ships anywhere. */
  destinations: ShippingDestination[];
}

export interface ShippingGroup {
  id: string;
  name: string;
  /** In the group's order: among options that fit an address equally, the first applies. */
  options: ShippingOption[];
}

/** The group's currency, from its options; null when it has none. */
export function groupCurrency(group: Pick<ShippingGroup, "options">): string | null {
  return group.options[0]?.currency ?? null;
}
