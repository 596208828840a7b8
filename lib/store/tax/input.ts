import * as z from "zod/mini";
import { type RulesDraft, rulesIssues } from "./edit";

/**
 * What a person may send about tax groups: one schema per form, used by the
 * form (react-hook-form's resolver) and again by the server action
 * (lib/actions/tax.ts). zod/mini keeps the forms' JavaScript small.
 */

const storeId = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[^/?#]+$/, "Not an id."));

export const createTaxGroupInput = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Enter a name, such as Standard rate or Clothing."),
      z.maxLength(255, "Use at most 255 characters."),
    ),
});
export type CreateTaxGroupInput = z.input<typeof createTaxGroupInput>;

/** The rules editor's form: the rows as they are, with every problem under its field. */
export const rulesDraftInput = z
  .custom<RulesDraft>(
    (value) => typeof value === "object" && value !== null && Array.isArray((value as RulesDraft).rules),
  )
  .check(
    z.superRefine((draft, ctx) => {
      for (const issue of rulesIssues(draft)) {
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.split("."), input: draft });
      }
    }),
  );

const ruleWrite = z.object({
  id: z.optional(z.union([z.number().check(z.int(), z.positive()), storeId])),
  country: z.string().check(z.regex(/^[A-Z]{2}$/)),
  region: z.nullable(z.string().check(z.minLength(1), z.maxLength(64))),
  rate: z.number().check(z.gte(0), z.lte(100)),
  on_shipping: z.boolean(),
});

export const saveTaxRulesInput = z.object({
  groupId: storeId,
  /**
   * The ids of the rules the page was showing: a rule the store holds beyond
   * them was added by someone else since, and the replace-all would delete it.
   */
  knownIds: z.array(storeId).check(z.maxLength(500)),
  rules: z.array(ruleWrite).check(z.maxLength(500)),
});
export type SaveTaxRulesInput = z.input<typeof saveTaxRulesInput>;

export const taxRuleIdInput = z.object({ groupId: storeId, ruleId: storeId });
