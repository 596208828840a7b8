import { formatMoney, moneyRaw } from "../money/money.js";
import { formatPercent, percentRaw } from "../settings/percent.js";
import { type PerCartType, type PerItemType, RANGE_FIELDS, rangeMaxOut, type RangeField } from "./schemas.js";
import type { ShippingGroupDetail, ShippingOptionRow } from "./shipping-groups.js";

/** A shipping option as the API returns it (shipping/schemas.ts `shippingOption`). */
export function serializeShippingOption(row: ShippingOptionRow, currency: string) {
  const perCartType = row.perCartType as PerCartType;
  const perItemType = row.perItemType as PerItemType;
  const flatPerItem = perItemType === "flat_per_item";
  const rules = (field: RangeField) =>
    RANGE_FIELDS[field] !== perItemType
      ? []
      : row.ranges.map((r) => ({
          currency,
          range_max: rangeMaxOut(perItemType, r.max, currency),
          rate: formatMoney(r.rate, currency),
          rate_raw: moneyRaw(r.rate, currency),
        }));
  return {
    id: row.id,
    name: row.name,
    currency,
    per_cart_type: perCartType,
    // A percentage shows as the percent ("10%", 10), a fee as money ("$5.00", 5).
    per_cart_rate:
      perCartType === "percentage" ? formatPercent(row.perCartPercent) : formatMoney(row.perCartAmount, currency),
    per_cart_rate_raw:
      perCartType === "percentage" ? percentRaw(row.perCartPercent) : moneyRaw(row.perCartAmount, currency),
    per_item_type: perItemType,
    per_item_rate: flatPerItem ? formatMoney(row.perItemAmount, currency) : null,
    per_item_rate_raw: flatPerItem ? moneyRaw(row.perItemAmount, currency) : null,
    price_range_rates: rules("price_range_rates"),
    quantity_range_rates: rules("quantity_range_rates"),
    weight_range_rates: rules("weight_range_rates"),
    destinations: row.destinations.map((d) => ({ allowed: d.allowed, country: d.country, region: d.region ?? null })),
  };
}

/** A shipping group as the API returns it, also inside a product (shipping/schemas.ts `shippingGroup`). */
export function serializeShippingGroup(d: ShippingGroupDetail, currency: string) {
  return {
    id: d.group.id,
    name: d.group.name,
    options: d.options.map((o) => serializeShippingOption(o, currency)),
  };
}
