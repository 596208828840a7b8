import { z } from "zod";
import {
  countryCode,
  optionalBoolean,
  percentOf,
  regionCode,
  storeId as id,
  text,
  tolerantListOrAbsent,
} from "../shapes";
import type { TaxGroup, TaxRule } from "./model";

/**
 * The store's tax groups as the API sends them (docs/contract.md#tax), read
 * tolerantly, and their mapping to the app's model. A group is read with its
 * rules under `taxes` (a store answering `rules` is read too). A rule's rate is
 * read from `rate_raw`, else from `rate` ("8.25%", 8.25). One unreadable rule
 * is left out rather than hiding the group. The readers are lib/store/shapes.ts's.
 */

export const storeTaxRuleSchema = z
  .looseObject({
    id,
    country: countryCode,
    region: regionCode,
    rate: z.unknown().optional(),
    rate_raw: z.unknown().optional(),
    on_shipping: optionalBoolean,
  })
  .transform((raw, ctx): TaxRule => {
    const rate = percentOf(raw.rate_raw, raw.rate);
    if (rate === undefined) {
      ctx.addIssue({ code: "custom", message: "a rule without a readable rate", input: raw });
      return z.NEVER;
    }
    return {
      id: raw.id,
      country: raw.country,
      region: raw.region,
      rate,
      onShipping: raw.on_shipping ?? false,
    };
  });

export const storeTaxGroupSchema = z.looseObject({
  id,
  name: text,
  taxes: tolerantListOrAbsent(storeTaxRuleSchema),
  rules: tolerantListOrAbsent(storeTaxRuleSchema),
});

export type StoreTaxGroup = z.infer<typeof storeTaxGroupSchema>;

export function toTaxGroup(raw: StoreTaxGroup): TaxGroup {
  return { id: raw.id, name: raw.name ?? "", rules: raw.taxes ?? raw.rules ?? [] };
}
