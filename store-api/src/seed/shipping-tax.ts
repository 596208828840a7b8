import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../db/index.js";
import { products, shippingGroups, taxGroups } from "../db/schema/index.js";
import { createShippingGroup } from "../shipping/shipping-groups.js";
import { createShippingGroupBody } from "../shipping/schemas.js";
import { createTaxGroup } from "../tax/tax-groups.js";
import { createTaxGroupBody } from "../tax/schemas.js";
import type { SeedPart } from "./parts.js";

/**
 * The demo store's shipping and tax (docs/architecture.md#the-demo-store): two
 * shipping groups that use every kind of charge (flat, percentage, per item,
 * quantity, price and weight ranges) and destinations with exclusions, and two
 * tax groups (US state sales taxes; EU VAT). Made through the resources' own
 * functions from values parsed as a POST would be, then given to the
 * catalogue's products: physical goods ship with "Standard shipping" (the
 * heaviest with "Large items") and pay US sales tax; digital goods ship
 * nothing and pay EU VAT (where the buyer is).
 */

const EU = ["AT", "BE", "DE", "DK", "ES", "FI", "FR", "IE", "IT", "NL", "PT", "SE"];

const STANDARD = {
  name: "Standard shipping",
  options: [
    {
      name: "US standard (3–5 days)",
      per_cart_type: "flat_fee",
      per_cart_rate_raw: 5.95,
      quantity_range_rates: [
        { range_max: 2, rate_raw: 0 },
        { range_max: 5, rate_raw: 3 },
        { range_max: null, rate_raw: 6 },
      ],
      destinations: [
        { country: "US", allowed: true },
        { country: "US", region: "AK", allowed: false },
        { country: "US", region: "HI", allowed: false },
      ],
    },
    {
      name: "Alaska and Hawaii",
      per_cart_type: "flat_fee",
      per_cart_rate_raw: 14.95,
      per_item_rate_raw: 2,
      destinations: [
        { country: "US", region: "AK", allowed: true },
        { country: "US", region: "HI", allowed: true },
      ],
    },
    {
      name: "Canada and Mexico",
      per_cart_type: "flat_fee",
      per_cart_rate_raw: 12,
      price_range_rates: [
        { range_max: 100, rate_raw: 6 },
        { range_max: null, rate_raw: 0 },
      ],
      destinations: [
        { country: "CA", allowed: true },
        { country: "MX", allowed: true },
      ],
    },
    {
      name: "Europe",
      per_cart_type: "percentage",
      per_cart_rate_raw: 8,
      weight_range_rates: [
        { range_max: 1, rate_raw: 14 },
        { range_max: 5, rate_raw: 26 },
        { range_max: null, rate_raw: 45 },
      ],
      destinations: [...EU, "GB", "NO", "CH"].map((country) => ({ country, allowed: true })),
    },
    {
      name: "Rest of the world",
      per_cart_type: "flat_fee",
      per_cart_rate_raw: 19,
      weight_range_rates: [
        { range_max: 2, rate_raw: 12 },
        { range_max: null, rate_raw: 38 },
      ],
      destinations: [
        { country: "AU", allowed: true },
        { country: "NZ", allowed: true },
        { country: "JP", allowed: true },
        { country: "SG", allowed: true },
        { country: "KR", allowed: true },
      ],
    },
  ],
};

const LARGE = {
  name: "Large items",
  options: [
    {
      name: "US freight",
      per_cart_type: "flat_fee",
      per_cart_rate_raw: 0,
      price_range_rates: [
        { range_max: 150, rate_raw: 29 },
        { range_max: 400, rate_raw: 49 },
        { range_max: null, rate_raw: 0 },
      ],
      destinations: [
        { country: "US", allowed: true },
        { country: "US", region: "AK", allowed: false },
        { country: "US", region: "HI", allowed: false },
      ],
    },
  ],
};

/** State sales tax base rates; some states tax shipping. */
const US_SALES_TAX = {
  name: "US sales tax",
  rules: [
    { country: "US", region: "CA", rate: 7.25, on_shipping: false },
    { country: "US", region: "NY", rate: 4, on_shipping: true },
    { country: "US", region: "TX", rate: 6.25, on_shipping: true },
    { country: "US", region: "FL", rate: 6, on_shipping: false },
    { country: "US", region: "WA", rate: 6.5, on_shipping: true },
    { country: "US", region: "IL", rate: 6.25, on_shipping: false },
    { country: "US", region: "PA", rate: 6, on_shipping: true },
    { country: "US", region: "NJ", rate: 6.625, on_shipping: true },
    { country: "US", region: "MA", rate: 6.25, on_shipping: false },
    { country: "US", region: "GA", rate: 4, on_shipping: true },
    { country: "US", region: "CO", rate: 2.9, on_shipping: false },
    { country: "US", region: "TN", rate: 7, on_shipping: true },
  ],
};

const EU_VAT = {
  name: "EU VAT (digital goods)",
  rules: [
    { country: "AT", rate: 20 },
    { country: "BE", rate: 21 },
    { country: "DE", rate: 19 },
    { country: "DK", rate: 25 },
    { country: "ES", rate: 21 },
    { country: "FI", rate: 25.5 },
    { country: "FR", rate: 20 },
    { country: "IE", rate: 23 },
    { country: "IT", rate: 22 },
    { country: "NL", rate: 21 },
    { country: "PT", rate: 23 },
    { country: "SE", rate: 25 },
  ].map((rule) => ({ ...rule, on_shipping: true })),
};

/** Physical goods at least this heavy (kilograms) ship as large items. */
const LARGE_FROM_KG = 4;

/** The ids of the seed's groups. */
export interface SeedGroups {
  standard: number;
  large: number;
  usTax: number;
  euVat: number;
}

/**
 * The groups giveSeedGroups gives a product of this type and weight (kilograms), for a product written
 * with them (seed/generated.ts); null for none (a type it leaves alone).
 */
export function seedGroupsOf(
  type: string,
  weight: number,
  groups: SeedGroups,
): { shippingGroupId: number | null; taxGroupId: number; kind: "heavy" | "standard" | "digital" } | null {
  if (type === "physical") {
    return weight > LARGE_FROM_KG
      ? { shippingGroupId: groups.large, taxGroupId: groups.usTax, kind: "heavy" }
      : { shippingGroupId: groups.standard, taxGroupId: groups.usTax, kind: "standard" };
  }
  return type === "digital" ? { shippingGroupId: null, taxGroupId: groups.euVat, kind: "digital" } : null;
}

/**
 * Gives every product without a tax group yet (the products added since the
 * groups were made: all of them on the plain seed, the generated ones of
 * `seed --products`) its groups, by type and weight. Answers how many got which.
 */
export async function giveSeedGroups(tx: Tx, groups: SeedGroups) {
  const physical = eq(products.type, "physical");
  const ungrouped = isNull(products.taxGroupId);
  const heavy = await tx
    .update(products)
    .set({ shippingGroupId: groups.large, taxGroupId: groups.usTax })
    .where(and(ungrouped, physical, gt(products.weight, LARGE_FROM_KG)))
    .returning({ id: products.id });
  const standard = await tx
    .update(products)
    .set({ shippingGroupId: groups.standard, taxGroupId: groups.usTax })
    .where(and(ungrouped, physical, isNull(products.shippingGroupId)))
    .returning({ id: products.id });
  const digital = await tx
    .update(products)
    .set({ taxGroupId: groups.euVat })
    .where(and(ungrouped, inArray(products.type, ["digital"])))
    .returning({ id: products.id });
  return { heavy: heavy.length, standard: standard.length, digital: digital.length };
}

/** The seed's groups, found by name; null when this part did not run (a test's own list of parts). */
export async function findSeedGroups(tx: Tx): Promise<SeedGroups | null> {
  const shipping = new Map(
    (await tx.select({ id: shippingGroups.id, name: shippingGroups.name }).from(shippingGroups)).map((g) => [
      g.name,
      g.id,
    ]),
  );
  const tax = new Map(
    (await tx.select({ id: taxGroups.id, name: taxGroups.name }).from(taxGroups)).map((g) => [g.name, g.id]),
  );
  const standard = shipping.get(STANDARD.name);
  const large = shipping.get(LARGE.name);
  const usTax = tax.get(US_SALES_TAX.name);
  const euVat = tax.get(EU_VAT.name);
  if (standard === undefined || large === undefined || usTax === undefined || euVat === undefined) return null;
  return { standard, large, usTax, euVat };
}

export const shippingAndTax: SeedPart = {
  name: "shipping and tax",
  async run(ctx, tx) {
    const shippingBody = createShippingGroupBody(ctx.currency);
    const group = (g: typeof STANDARD) =>
      createShippingGroup(tx, shippingBody.parse({ name: g.name, options: JSON.stringify(g.options) }));
    const standard = await group(STANDARD);
    const large = await group(LARGE);
    const tax = (g: { name: string; rules: object[] }) =>
      createTaxGroup(tx, createTaxGroupBody.parse({ name: g.name, rules: JSON.stringify(g.rules) }));
    const usTax = await tax(US_SALES_TAX);
    const euVat = await tax(EU_VAT);

    const given = await giveSeedGroups(tx, {
      standard: standard.group.id,
      large: large.group.id,
      usTax: usTax.group.id,
      euVat: euVat.group.id,
    });

    const options = STANDARD.options.length + LARGE.options.length;
    const rules = US_SALES_TAX.rules.length + EU_VAT.rules.length;
    return (
      `2 shipping groups (${options} options) and 2 tax groups (${rules} rules); ` +
      `${given.standard} products ship standard, ${given.heavy} as large items, ${given.digital} digital ones pay EU VAT`
    );
  },
};
