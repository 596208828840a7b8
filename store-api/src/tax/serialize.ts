import { formatPercent, percentRaw } from "../settings/percent.js";
import type { TaxGroupDetail, TaxRuleRow } from "./tax-groups.js";

/** A tax rule as the API returns it (tax/schemas.ts `taxRule`): its rate as "8.25%" and 8.25. */
export function serializeTaxRule(row: TaxRuleRow) {
  return {
    id: row.id,
    country: row.country,
    region: row.region,
    rate: formatPercent(row.rate),
    rate_raw: percentRaw(row.rate),
    on_shipping: row.onShipping,
  };
}

/** A tax group as the API returns it, also inside a product (tax/schemas.ts `taxGroup`): its rules under `taxes`. */
export function serializeTaxGroup(d: TaxGroupDetail) {
  return { id: d.group.id, name: d.group.name, taxes: d.rules.map(serializeTaxRule) };
}
