import type { ShippingGroupDetail } from "../shipping/shipping-groups.js";
import type { TaxGroupDetail } from "../tax/tax-groups.js";
import type { PerItem, ShippingGroupTerms, TaxGroupTerms } from "./pricing.js";

/**
 * The groups as the database holds them → the terms `pricing.ts` works on.
 * The units already agree (money in minor units, price range bounds in minor
 * units, percentages as the percent), so this is a change of shape only; its
 * store test prices a cart from groups written through the API.
 */

export function shippingGroupTerms(detail: ShippingGroupDetail): ShippingGroupTerms {
  return {
    id: detail.group.id,
    options: detail.options.map((o) => {
      let perItem: PerItem;
      if (o.perItemType === "flat_per_item") perItem = { type: "flat_per_item", amount: o.perItemAmount };
      else if (
        o.perItemType === "quantity_ranges" ||
        o.perItemType === "price_ranges" ||
        o.perItemType === "weight_ranges"
      )
        perItem = { type: o.perItemType, ranges: o.ranges.map((r) => ({ max: r.max, rate: r.rate })) };
      else perItem = { type: "none" };
      return {
        id: o.id,
        position: o.position,
        perCart:
          o.perCartType === "percentage"
            ? { type: "percentage", percent: o.perCartPercent }
            : { type: "flat_fee", amount: o.perCartAmount },
        perItem,
        destinations: o.destinations.map((d) => ({ allowed: d.allowed, country: d.country, region: d.region })),
      };
    }),
  };
}

export function taxGroupTerms(detail: TaxGroupDetail): TaxGroupTerms {
  return {
    id: detail.group.id,
    rules: detail.rules.map((r) => ({
      id: r.id,
      country: r.country,
      region: r.region,
      rate: r.rate,
      onShipping: r.onShipping,
    })),
  };
}
