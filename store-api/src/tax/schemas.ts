import { z } from "zod";
import { formBoolean, formBody } from "../api/input.js";
import { idParams } from "../api/schemas.js";
import { groupName, itemId, itemList, readOnlyField } from "../settings/lists.js";
import { checkRegion, countryField, regionDescription } from "../settings/places.js";
import { percentField } from "../settings/percent.js";

/**
 * Tax groups and their rules as the API writes and reads them
 * (docs/contract.md#tax). A group is read with its rules under `taxes` and
 * written with `rules`. A rule's rate is the percent itself: written 8.25,
 * "8.25" or "8.25%", read "8.25%" beside 8.25.
 */

export const RULE_LIMIT = 500;

/** /tax_groups/{id}/rules/{rule_id} */
export const taxRuleParams = idParams.extend({
  rule_id: idParams.shape.id.meta({ description: "The rule's id." }),
});

/** A rule as a POST writes it: the whole rule, its id when it keeps one. */
export interface TaxRuleInput {
  id?: number | undefined;
  country: string;
  region: string | null;
  rate: number;
  onShipping: boolean;
}

const regionIn = z
  .string({ error: "must be a string" })
  .nullable()
  .optional()
  .meta({ description: `${regionDescription} Omitted: the whole country.` });

const ruleItem = z
  .strictObject(
    {
      id: itemId.optional(),
      country: countryField,
      region: regionIn,
      rate: percentField,
      on_shipping: formBoolean.optional().meta({ description: "Whether shipping is taxed; default false." }),
      rate_raw: readOnlyField("is read-only: write rate").optional(),
    },
    { error: "must be a dictionary" },
  )
  .transform((r, ctx): TaxRuleInput => {
    let region: string | null = null;
    if (r.region != null && r.region.trim() !== "") {
      const checked = checkRegion(r.country, r.region);
      if ("problem" in checked) {
        ctx.addIssue({ code: "custom", path: ["region"], message: checked.problem, input: r.region });
        return z.NEVER;
      }
      region = checked.region;
    }
    return { id: r.id, country: r.country, region, rate: r.rate, onShipping: r.on_shipping ?? false };
  });

/** `rules`: a JSON list of {id?, country, region?, rate, on_shipping?}. */
export const rulesField = itemList(ruleItem, { noun: "rule", max: RULE_LIMIT });

const RULES_DESCRIPTION =
  'JSON list of rules: {country, region?, rate, on_shipping?} (e.g. [{"country": "US", "region": "CA", "rate": "7.25%"}]); a rule omitting region covers the whole country, one omitting on_shipping does not tax shipping. One rule per country and region.';

export const createTaxGroupBody = formBody({
  name: groupName,
  rules: rulesField.optional().meta({ description: `${RULES_DESCRIPTION} No ids.` }),
});

export const addTaxRulesBody = formBody({
  rules: rulesField.optional().meta({ description: `${RULES_DESCRIPTION} Added after the group's rules; no ids.` }),
  name: groupName.optional().meta({
    description:
      "Extension: renames the group (a tax group has no PUT, so its name, writable by the contract, changes here).",
    "x-store-extension": true,
  }),
});

export const replaceTaxRulesBody = formBody({
  rules: rulesField.meta({
    description: `${RULES_DESCRIPTION} Every rule of the group: an item with the id of one of this group's rules updates it (and keeps the id), one without creates a rule, the rules left out are deleted; empty deletes them all. Every item is the whole rule (what it omits takes the default). All or nothing.`,
  }),
});

/**
 * PUT of one rule: country, region, rate. on_shipping is written by POST
 * only; any other field is a 422 naming it.
 */
export const updateTaxRuleBody = z.preprocess(
  (body) => (body == null || body === "" ? {} : body),
  z
    .object({
      country: countryField.optional(),
      region: z
        .string({ error: "must be a string" })
        .nullable()
        .optional()
        .meta({ description: `${regionDescription} An empty value clears it (the whole country).` }),
      rate: percentField.optional(),
      on_shipping: z
        .unknown()
        .refine(() => false, {
          error:
            "can only be written by POST: when the group is created, by POST /tax_groups/{id}, or by the /tax_groups/{id}/rules replace-all",
        })
        .optional()
        .meta({ description: "Not here (a 422): on_shipping is written by POST only." }),
    })
    .catchall(
      z
        .unknown()
        .refine(() => false, { error: "cannot be changed here: a rule's PUT takes country, region and rate" })
        .meta({ not: {}, description: "Any other field is a 422 naming it." }),
    ),
);

export type CreateTaxGroupInput = z.output<typeof createTaxGroupBody>;
export type AddTaxRulesInput = z.output<typeof addTaxRulesBody>;
export type UpdateTaxRuleInput = z.output<typeof updateTaxRuleBody>;

export const taxRule = z
  .object({
    id: z.number().int(),
    country: z.string().meta({ description: "ISO 3166-1 alpha-2." }),
    region: z
      .string()
      .nullable()
      .meta({ description: "A US state's code, a camel-cased name elsewhere; null: the whole country." }),
    rate: z.string().meta({ description: 'The percent: "8.25%".' }),
    rate_raw: z.number().meta({ description: "The percent as a number: 8.25." }),
    on_shipping: z.boolean().meta({ description: "Whether shipping is taxed." }),
  })
  .meta({ description: "A tax rate (tax rule)." });

export const taxGroup = z
  .object({
    id: z.number().int(),
    name: z.string(),
    taxes: z.array(taxRule).meta({ description: "The group's rules, in order." }),
  })
  .meta({ description: "A tax group." });

export const taxGroupList = z.array(taxGroup).meta({ description: "Every tax group, by id." });
export const taxRuleList = z.array(taxRule).meta({ description: "Every rule of the group, in order." });
