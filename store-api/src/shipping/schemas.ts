import { z } from "zod";
import { formBoolean, formBody } from "../api/input.js";
import { idParams } from "../api/schemas.js";
import type { ShippingDestination, ShippingRange } from "../db/schema/shipping.js";
import { MAX_MINOR_UNITS, MoneyError, moneyRaw, parseMoney } from "../money/money.js";
import { moneyField } from "../money/schema.js";
import { PercentError, parsePercent } from "../settings/percent.js";
import { groupName, itemId, itemList, nestedList, readOnlyField } from "../settings/lists.js";
import { checkRegion, countryField, regionDescription } from "../settings/places.js";

/**
 * Shipping groups and their options as the API writes and reads them
 * (docs/contract.md#shipping). Rates are written through `per_cart_rate_raw`,
 * `per_item_rate_raw` and a range's `rate_raw` (the spec's exception to "only
 * the form without _raw is writable"); `per_item_type` follows from what was
 * written.
 */

export const PER_CART_TYPES = ["flat_fee", "percentage"] as const;
export const PER_ITEM_TYPES = ["none", "flat_per_item", "quantity_ranges", "price_ranges", "weight_ranges"] as const;
export type PerCartType = (typeof PER_CART_TYPES)[number];
export type PerItemType = (typeof PER_ITEM_TYPES)[number];

/** The three range fields and the per_item_type each one means. */
export const RANGE_FIELDS = {
  quantity_range_rates: "quantity_ranges",
  price_range_rates: "price_ranges",
  weight_range_rates: "weight_ranges",
} as const satisfies Record<string, PerItemType>;
export type RangeField = keyof typeof RANGE_FIELDS;
type RangeKind = (typeof RANGE_FIELDS)[RangeField];

/** At most this many options in a group, ranges in an option, destinations in an option. */
export const LIMITS = { options: 100, ranges: 100, destinations: 500 } as const;

/** /shipping_groups/{id}/options/{option_id} */
export const shippingOptionParams = idParams.extend({
  option_id: idParams.shape.id.meta({ description: "The option's id." }),
});

// --- Writing -----------------------------------------------------------------

/** An option as a replace-all writes it: every column, its id when it keeps one. */
export interface ShippingOptionInput {
  id?: number | undefined;
  name: string;
  perCartType: PerCartType;
  perCartAmount: number;
  perCartPercent: number;
  perItemType: PerItemType;
  perItemAmount: number;
  ranges: ShippingRange[];
  destinations: ShippingDestination[];
}

const WEIGHT_MAX = 1e9;

/** A range's `range_max` in the kind's unit (price ranges in minor units); null is the open-ended top range. */
function rangeMax(kind: RangeKind, currency: string) {
  const what =
    kind === "quantity_ranges"
      ? "a whole number of items from 1"
      : kind === "price_ranges"
        ? "an amount above 0, such as 50.00"
        : "a weight above 0";
  const message = `must be ${what}, or null for the open-ended top range`;
  return z
    .unknown()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined) return null;
      if (typeof value !== "number" && typeof value !== "string") {
        ctx.addIssue({ code: "invalid_type", expected: "number", input: value, message });
        return z.NEVER;
      }
      let n: number | undefined;
      if (kind === "price_ranges") {
        try {
          n = parseMoney(value, currency);
        } catch (err) {
          if (!(err instanceof MoneyError)) throw err;
        }
      } else {
        const text = typeof value === "string" ? value.trim() : "";
        n = typeof value === "number" ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
      }
      const whole = kind !== "weight_ranges";
      const top = kind === "price_ranges" ? MAX_MINOR_UNITS : kind === "quantity_ranges" ? 2_147_483_647 : WEIGHT_MAX;
      if (n !== undefined && Number.isFinite(n) && n > 0 && n <= top && (!whole || Number.isInteger(n))) return n;
      ctx.addIssue({ code: "custom", message, input: value });
      return z.NEVER;
    })
    .meta({
      type: ["number", "string", "null"],
      description: `Inclusive upper bound: ${what}; null for the open-ended top range.`,
    });
}

/** A range's bound as the API shows it: price ranges in the currency's major unit. */
export function rangeMaxOut(kind: PerItemType, max: number | null, currency: string): number | null {
  return max === null || kind !== "price_ranges" ? max : moneyRaw(max, currency);
}

function rangeRule(kind: RangeKind, currency: string) {
  return z
    .strictObject(
      {
        range_max: rangeMax(kind, currency).optional(),
        rate_raw: moneyField(currency).meta({ description: "What the range charges, in the store currency." }),
        rate: readOnlyField("is read-only: write rate_raw").optional(),
        currency: readOnlyField("is read-only: rates are in the store currency").optional(),
        range_min: readOnlyField(
          "is not a field of a range: each range starts just above the previous one's range_max (the first at 0)",
        ).optional(),
      },
      { error: "must be a dictionary" },
    )
    .transform((r): ShippingRange => ({ max: r.range_max ?? null, rate: r.rate_raw }));
}

/**
 * The ranges of one kind: ascending and contiguous (each starts just above the
 * previous range_max), range_max inclusive, and only the top one open-ended.
 */
function rangeList(kind: RangeKind, currency: string) {
  return nestedList(rangeRule(kind, currency), { noun: "range", max: LIMITS.ranges })
    .superRefine((ranges, ctx) => {
      for (const [i, range] of ranges.entries()) {
        const previous = ranges[i - 1];
        if (range.max === null && i < ranges.length - 1) {
          ctx.addIssue({
            code: "custom",
            path: [i, "range_max"],
            message: "may only be null (open-ended) on the top range",
            input: null,
          });
        } else if (previous && previous.max !== null && range.max !== null && range.max <= previous.max) {
          ctx.addIssue({
            code: "custom",
            path: [i, "range_max"],
            message: `must be above the previous range's (${rangeMaxOut(kind, previous.max, currency)}): ranges ascend`,
            input: range.max,
          });
        }
      }
    })
    .meta({
      description: `A list of {range_max, rate_raw}, ascending: each range runs from just above the previous range_max (the first from 0) up to its own range_max, inclusive; only the top range may have range_max null (no upper bound). Sets per_item_type ${kind}.`,
    });
}

const destination = z
  .strictObject(
    {
      country: countryField,
      region: z
        .string({ error: "must be a string" })
        .nullable()
        .optional()
        .meta({ description: `${regionDescription} Omitted: the whole country.` }),
      allowed: formBoolean.optional().meta({ description: "Default true; false excludes the place." }),
    },
    { error: "must be a dictionary" },
  )
  .transform((d, ctx): ShippingDestination => {
    let region: string | null = null;
    if (d.region != null && d.region.trim() !== "") {
      const checked = checkRegion(d.country, d.region);
      if ("problem" in checked) {
        ctx.addIssue({ code: "custom", path: ["region"], message: checked.problem, input: d.region });
        return z.NEVER;
      }
      region = checked.region;
    }
    return { allowed: d.allowed ?? true, country: d.country, region };
  });

function optionItem(currency: string) {
  return z
    .strictObject(
      {
        id: itemId.optional(),
        name: z
          .string({ error: "must be a string" })
          .trim()
          .min(1, { error: "must not be empty" })
          .max(255, { error: "must be at most 255 characters" }),
        per_cart_type: z
          .enum(PER_CART_TYPES, { error: `must be one of ${PER_CART_TYPES.join(", ")}` })
          .optional()
          .meta({ description: "flat_fee (default) or percentage." }),
        per_cart_rate_raw: z
          .unknown()
          .optional()
          .meta({
            type: ["number", "string"],
            description:
              'flat_fee: the fee per cart, an amount (5, "5.00", "$5.00"); percentage: the percent of the group\'s lines\' subtotal (10, "10" or "10%"). Default 0.',
          }),
        per_item_rate_raw: moneyField(currency)
          .nullable()
          .optional()
          .meta({ description: "The fee per item: sets per_item_type flat_per_item." }),
        quantity_range_rates: rangeList("quantity_ranges", currency).optional(),
        price_range_rates: rangeList("price_ranges", currency).optional(),
        weight_range_rates: rangeList("weight_ranges", currency).optional(),
        destinations: nestedList(destination, { noun: "destination", max: LIMITS.destinations })
          .optional()
          .meta({ description: "Where the option ships: a list of {country, region?, allowed?}; none: anywhere." }),
        per_cart_rate: readOnlyField("is read-only: write per_cart_rate_raw").optional(),
        per_item_rate: readOnlyField("is read-only: write per_item_rate_raw").optional(),
        per_item_type: readOnlyField(
          "is read-only: it follows from the rate written (per_item_rate_raw or one of the *_range_rates)",
        ).optional(),
        currency: readOnlyField("is read-only: rates are in the store currency").optional(),
      },
      { error: "must be a dictionary" },
    )
    .transform((o, ctx): ShippingOptionInput => {
      const perCartType = o.per_cart_type ?? "flat_fee";
      let perCartAmount = 0;
      let perCartPercent = 0;
      const rate = o.per_cart_rate_raw;
      if (rate !== undefined && rate !== null) {
        if (typeof rate !== "number" && typeof rate !== "string") {
          ctx.addIssue({
            code: "invalid_type",
            expected: "number",
            path: ["per_cart_rate_raw"],
            input: rate,
            message: "must be a number",
          });
          return z.NEVER;
        }
        try {
          if (perCartType === "percentage") perCartPercent = parsePercent(rate);
          else perCartAmount = parseMoney(rate, currency);
        } catch (err) {
          if (!(err instanceof MoneyError || err instanceof PercentError)) throw err;
          ctx.addIssue({ code: "custom", path: ["per_cart_rate_raw"], message: err.message, input: rate });
          return z.NEVER;
        }
      }

      const written: { field: string; type: PerItemType; ranges: ShippingRange[] }[] = [];
      if (o.per_item_rate_raw != null) written.push({ field: "per_item_rate_raw", type: "flat_per_item", ranges: [] });
      for (const [field, type] of Object.entries(RANGE_FIELDS) as [RangeField, RangeKind][]) {
        const ranges = o[field];
        if (ranges?.length) written.push({ field, type, ranges });
      }
      if (written.length > 1) {
        ctx.addIssue({
          code: "custom",
          message: `sets both ${written.map((w) => w.field).join(" and ")}: an option has one per-item charge, so write at most one of per_item_rate_raw, quantity_range_rates, price_range_rates and weight_range_rates`,
          input: o,
        });
        return z.NEVER;
      }
      const perItem = written[0];
      return {
        id: o.id,
        name: o.name,
        perCartType,
        perCartAmount,
        perCartPercent,
        perItemType: perItem?.type ?? "none",
        perItemAmount: perItem?.type === "flat_per_item" ? (o.per_item_rate_raw ?? 0) : 0,
        ranges: perItem?.ranges ?? [],
        destinations: o.destinations ?? [],
      };
    });
}

/** `options`: every option of the group, as a JSON list. */
export function optionsField(currency: string) {
  return itemList(optionItem(currency), { noun: "option", max: LIMITS.options });
}

const OPTIONS_DESCRIPTION =
  "JSON list of every option: {id?, name, per_cart_type?, per_cart_rate_raw?, and at most one of per_item_rate_raw, quantity_range_rates, price_range_rates, weight_range_rates; destinations?}. An item with the id of one of this group's options updates it (and keeps the id), one without creates an option, the options left out are deleted; empty deletes them all. All or nothing.";

export function createShippingGroupBody(currency: string) {
  return formBody({
    name: groupName,
    options: optionsField(currency)
      .optional()
      .meta({ description: "JSON list of the group's options (as for /shipping_groups/{id}/options), no ids." }),
  });
}

export function updateShippingGroupBody(currency: string) {
  return formBody({
    name: groupName.optional(),
    options: optionsField(currency).optional().meta({ description: OPTIONS_DESCRIPTION }),
  });
}

export function replaceShippingOptionsBody(currency: string) {
  return formBody({ options: optionsField(currency).meta({ description: OPTIONS_DESCRIPTION }) });
}

export type CreateShippingGroupInput = z.output<ReturnType<typeof createShippingGroupBody>>;
export type UpdateShippingGroupInput = z.output<ReturnType<typeof updateShippingGroupBody>>;

// --- Reading -----------------------------------------------------------------

const moneyOut = z.string().meta({ description: "Formatted in the store currency." });

export const shippingRule = z
  .object({
    currency: z.string(),
    range_max: z.number().nullable().meta({
      description:
        "Inclusive upper bound (price ranges: an amount in the store currency, quantity ranges: items, weight ranges: weight); null for the open-ended top range.",
    }),
    rate: moneyOut,
    rate_raw: z.number(),
  })
  .meta({ description: "A shipping rule: one range of a range-priced option." });

export const shippingDestination = z
  .object({
    allowed: z.boolean().meta({ description: "false excludes the place." }),
    country: z.string().meta({ description: "ISO 3166-1 alpha-2." }),
    region: z
      .string()
      .nullable()
      .meta({ description: "A US state's code, a camel-cased name elsewhere; null: the whole country." }),
  })
  .meta({ description: "Where an option ships, or (allowed false) does not." });

export const shippingOption = z
  .object({
    id: z.number().int(),
    name: z.string(),
    currency: z.string(),
    per_cart_type: z.enum(PER_CART_TYPES),
    per_cart_rate: z.string().meta({ description: 'flat_fee: the fee ("$5.00"); percentage: the percent ("10%").' }),
    per_cart_rate_raw: z.number().meta({ description: "flat_fee: the fee (5); percentage: the percent (10)." }),
    per_item_type: z.enum(PER_ITEM_TYPES).meta({ description: "Follows from the rate written." }),
    per_item_rate: moneyOut.nullable().meta({ description: "The fee per item (flat_per_item); else null." }),
    per_item_rate_raw: z.number().nullable(),
    price_range_rates: z.array(shippingRule),
    quantity_range_rates: z.array(shippingRule),
    weight_range_rates: z.array(shippingRule),
    destinations: z.array(shippingDestination).meta({ description: "Empty: ships anywhere." }),
  })
  .meta({ description: "A shipping option." });

export const shippingGroup = z
  .object({
    id: z.number().int(),
    name: z.string(),
    options: z.array(shippingOption).meta({ description: "In the group's order: among equals, the first applies." }),
  })
  .meta({ description: "A shipping group." });

export const shippingGroupList = z.array(shippingGroup).meta({ description: "Every shipping group, by id." });
export const shippingGroupCreated = z.array(shippingGroup).meta({ description: "A list holding the created group." });
export const shippingOptionList = z.array(shippingOption).meta({ description: "Every option of the group, in order." });
