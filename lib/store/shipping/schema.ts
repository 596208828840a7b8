import { z } from "zod";
import { normaliseCurrency, toMinorUnits } from "../../money";
import type { PerCart, PerItem, Range } from "../../shipping-calculator";
import {
  amountOf,
  countryCode,
  numeric,
  optionalBoolean,
  percentOf,
  regionCode,
  storeId as id,
  text,
  tolerantList,
} from "../shapes";
import {
  isRangeKind,
  perItemTypes,
  type RangeKind,
  rangeFields,
  type ShippingDestination,
  type ShippingGroup,
  type ShippingOption,
} from "./model";

/**
 * The store's shipping groups as the API sends them
 * (docs/contract.md#shipping), read tolerantly, and their mapping to the app's
 * model. Server-only in practice: ./api.ts and the tests import it, client
 * components import ./model.ts.
 *
 * Tolerance (docs/contract.md): unknown fields pass; only a group's `id` is
 * required; one unreadable option, range or destination is left out rather
 * than hiding the group; an amount is read from its float (`_raw`) or else
 * from its formatted string; `per_item_type` (read-only) is taken when it is
 * one we know, and otherwise inferred from what the option carries. The
 * readers (ids, text, numbers, amounts, percentages, places, lists) are
 * lib/store/shapes.ts's.
 */

const storeRuleSchema = z.looseObject({
  range_max: z.unknown().optional(),
  rate_raw: z.unknown().optional(),
  rate: z.unknown().optional(),
});

const storeDestinationSchema = z
  .looseObject({ allowed: optionalBoolean, country: countryCode, region: regionCode })
  .transform((raw): ShippingDestination => ({
    allowed: raw.allowed ?? true,
    country: raw.country,
    region: raw.region,
  }));

export const storeShippingOptionSchema = z.looseObject({
  id,
  name: text,
  currency: text,
  per_cart_type: text,
  per_cart_rate: z.unknown().optional(),
  per_cart_rate_raw: z.unknown().optional(),
  per_item_type: text,
  per_item_rate: z.unknown().optional(),
  per_item_rate_raw: z.unknown().optional(),
  price_range_rates: tolerantList(storeRuleSchema),
  quantity_range_rates: tolerantList(storeRuleSchema),
  weight_range_rates: tolerantList(storeRuleSchema),
  destinations: tolerantList(storeDestinationSchema),
});

export type StoreShippingOption = z.infer<typeof storeShippingOptionSchema>;

export const storeShippingGroupSchema = z.looseObject({
  id,
  name: text,
  options: tolerantList(storeShippingOptionSchema),
});

export type StoreShippingGroup = z.infer<typeof storeShippingGroupSchema>;

function ranges(raw: StoreShippingOption, kind: RangeKind, currency: string): Range[] {
  const out: Range[] = [];
  for (const rule of raw[rangeFields[kind]]) {
    const rate = amountOf(rule.rate_raw, rule.rate, currency);
    if (rate === undefined) continue;
    let max: number | null = null;
    if (rule.range_max !== null && rule.range_max !== undefined && rule.range_max !== "") {
      const n = numeric.safeParse(rule.range_max);
      if (!n.success) continue;
      max = kind === "price_ranges" ? toMinorUnits(n.data, currency) : n.data;
    }
    out.push({ max, rate });
  }
  return out;
}

function perItemOf(raw: StoreShippingOption, currency: string): PerItem {
  const flat = amountOf(raw.per_item_rate_raw, raw.per_item_rate, currency);
  const told = (perItemTypes as readonly string[]).includes(raw.per_item_type ?? "") ? raw.per_item_type : undefined;
  const type =
    told ??
    (flat !== undefined
      ? "flat_per_item"
      : ((["quantity_ranges", "price_ranges", "weight_ranges"] as const).find((k) => raw[rangeFields[k]].length) ??
        "none"));
  if (type === "flat_per_item") return { type, amount: flat ?? 0 };
  if (type && isRangeKind(type)) return { type, ranges: ranges(raw, type, currency) };
  return { type: "none" };
}

function perCartOf(raw: StoreShippingOption, currency: string): PerCart {
  if (raw.per_cart_type === "percentage") {
    return { type: "percentage", percent: percentOf(raw.per_cart_rate_raw, raw.per_cart_rate) ?? 0 };
  }
  return { type: "flat_fee", amount: amountOf(raw.per_cart_rate_raw, raw.per_cart_rate, currency) ?? 0 };
}

export function toShippingOption(raw: StoreShippingOption, fallbackCurrency = "USD"): ShippingOption {
  const currency = normaliseCurrency(raw.currency, fallbackCurrency);
  return {
    id: raw.id,
    name: raw.name ?? "",
    currency,
    perCart: perCartOf(raw, currency),
    perItem: perItemOf(raw, currency),
    destinations: raw.destinations,
  };
}

export function toShippingGroup(raw: StoreShippingGroup): ShippingGroup {
  // Every option of a group is in the store's one currency; one that does not say takes another's.
  const currency = normaliseCurrency(raw.options.find((o) => o.currency)?.currency);
  return {
    id: raw.id,
    name: raw.name ?? "",
    options: raw.options.map((option) => toShippingOption(option, currency)),
  };
}
