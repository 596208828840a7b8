import { z } from "zod";
import type { TaxGroup, TaxRule } from "./model";

/**
 * The store's tax groups as the API sends them (docs/contract.md#tax), read
 * tolerantly, and their mapping to the app's model. A group is read with its
 * rules under `taxes` (a store answering `rules` is read too). A rule's rate is
 * read from `rate_raw`, else from `rate` ("8.25%", 8.25). One unreadable rule
 * is left out rather than hiding the group.
 */

const numeric = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

const id = z.union([z.string().trim().min(1), z.number().transform(String)]);

function tolerantList<T>(item: z.ZodType<T>) {
  return z
    .unknown()
    .optional()
    .transform((value): T[] | undefined =>
      Array.isArray(value)
        ? value.flatMap((entry) => {
            const parsed = item.safeParse(entry);
            return parsed.success ? [parsed.data] : [];
          })
        : undefined,
    );
}

function rateOf(raw: unknown, formatted: unknown): number | undefined {
  const float = numeric.safeParse(raw);
  if (float.success) return float.data;
  if (typeof formatted === "number" && Number.isFinite(formatted)) return formatted;
  if (typeof formatted === "string") {
    const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(formatted);
    if (match) return Number(match[1]);
  }
  return undefined;
}

export const storeTaxRuleSchema = z
  .looseObject({
    id,
    country: z.string().trim().min(1),
    region: z.string().nullable().optional().catch(undefined),
    rate: z.unknown().optional(),
    rate_raw: z.unknown().optional(),
    on_shipping: z
      .union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")])
      .optional()
      .catch(undefined),
  })
  .transform((raw, ctx): TaxRule => {
    const rate = rateOf(raw.rate_raw, raw.rate);
    if (rate === undefined) {
      ctx.addIssue({ code: "custom", message: "a rule without a readable rate", input: raw });
      return z.NEVER;
    }
    return {
      id: raw.id,
      country: raw.country.toUpperCase(),
      region: raw.region?.trim() ? raw.region.trim() : null,
      rate,
      onShipping: raw.on_shipping ?? false,
    };
  });

export const storeTaxGroupSchema = z.looseObject({
  id,
  name: z
    .union([z.string(), z.number().transform(String)])
    .optional()
    .catch(undefined),
  taxes: tolerantList(storeTaxRuleSchema),
  rules: tolerantList(storeTaxRuleSchema),
});

export type StoreTaxGroup = z.infer<typeof storeTaxGroupSchema>;

export function toTaxGroup(raw: StoreTaxGroup): TaxGroup {
  return { id: raw.id, name: raw.name ?? "", rules: raw.taxes ?? raw.rules ?? [] };
}
