import { z } from "zod";
import { formBoolean, formBody, formString } from "../api/input.js";
import { moneyField } from "../money/schema.js";

export const COUPON_TYPES = ["percentage_off", "flat_discount", "free_shipping"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const CODE_TYPES = ["multi_use", "one_use"] as const;

/** Without a code, `limit` is how many one_use codes are made (docs/contract.md#coupons). */
export const GENERATED_LIMIT = { min: 1, max: 100_000 } as const;
/** A code given on creation: trimmed, 1–64 ASCII letters, digits, `-` and `_` (matched without case). */
export const CODE_LENGTH = { min: 1, max: 64 } as const;
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The latest date the store takes: 9999-12-31T23:59:59Z. */
export const LATEST_TIME = 253_402_300_799;
const MAX_INT = 2_147_483_647;

/**
 * A whole number in [min, max], sent as a JSON number or a form string. A value
 * of another type (a boolean, a list) is malformed (400); a number out of range
 * or text that is not a whole number is a 422 completing "must be <what>".
 */
function wholeNumber(min: number, max: number, what: string) {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== "number" && typeof value !== "string") {
      ctx.addIssue({ code: "invalid_type", expected: "number", input: value, message: `must be ${what}` });
      return z.NEVER;
    }
    const n = typeof value === "string" ? (/^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : NaN) : value;
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    ctx.addIssue({ code: "custom", message: `must be ${what}`, input: value });
    return z.NEVER;
  });
}

const PERCENT_TEXT = /^(\d{1,3}(?:\.\d{1,6})?)\s*%?$/;
const PERCENT_RULE = "must be a percentage above 0 and at most 100, such as 15 or 12.5%";

/** `percentage`: 15, "15", "15%" or "12.5%"; above 0, at most 100, at most six decimals (docs/contract.md#pricing). */
export const percentageField = z
  .unknown()
  .transform((value, ctx) => {
    if (typeof value !== "number" && typeof value !== "string") {
      ctx.addIssue({ code: "invalid_type", expected: "number", input: value, message: PERCENT_RULE });
      return z.NEVER;
    }
    // Fifteen significant digits absorb binary noise (0.1 + 0.2 → 0.3), as money does.
    const text = typeof value === "number" ? String(Number(value.toPrecision(15))) : value.trim();
    const match = PERCENT_TEXT.exec(text);
    const percent = match ? Number(match[1]) : NaN;
    if (percent > 0 && percent <= 100) return percent;
    ctx.addIssue({ code: "custom", message: PERCENT_RULE, input: value });
    return z.NEVER;
  })
  .meta({
    type: ["string", "number"],
    description:
      'percentage_off only (required there): the percent off, above 0 and at most 100, written 15, "15" or "15%" (up to six decimals, "12.5%").',
    examples: ["15%"],
  });

const unixTime = (what: string) =>
  wholeNumber(0, LATEST_TIME, "a UNIX time in seconds (a whole number from 0)").meta({
    type: ["integer", "string"],
    description: `${what}: UNIX time in seconds.`,
  });

const limitField = wholeNumber(0, MAX_INT, "a whole number from 0 (0 is no limit)").meta({
  type: ["integer", "string"],
  description:
    `The most redemptions; 0 is no limit. Without a code, ${GENERATED_LIMIT.min}–${GENERATED_LIMIT.max.toLocaleString("en-US")}: ` +
    "that many one_use codes are generated on creation.",
});

const nameField = formString
  .min(1, { error: "must not be empty" })
  .max(255, { error: "must be at most 255 characters" })
  .meta({ description: "1–255 characters." });

const typeField = z
  .enum(COUPON_TYPES, {
    error: (issue) => (issue.input === undefined ? "is required" : `must be one of ${COUPON_TYPES.join(", ")}`),
  })
  .meta({ description: COUPON_TYPES.join(", ") });

export const codeField = formString
  .min(CODE_LENGTH.min, { error: "must not be empty" })
  .max(CODE_LENGTH.max, { error: `must be at most ${CODE_LENGTH.max} characters` })
  .regex(CODE_PATTERN, { error: "may only hold letters, digits, - and _" })
  .meta({
    description:
      `One multi_use code with this value (trimmed; ${CODE_LENGTH.min}–${CODE_LENGTH.max} letters, digits, - and _; ` +
      "unique across all coupons without case, else 409). Omitted: `limit` one_use codes are generated.",
  });

const readOnly = z
  .unknown()
  .refine(() => false, { error: "is read-only" })
  .meta({ description: "Read-only (a 422)." });

/** Fields the API shows but never takes: a 422 naming them rather than silence. */
const READ_ONLY = [
  "id",
  "hits",
  "redeemed",
  "codes",
  "percentage_raw",
  "flat_rate_raw",
  "threshold_raw",
  "currency",
  "created",
  "modified",
] as const;

/** The fields POST and PUT share; each optional here (POST requires its own). */
function couponFields(currency: string) {
  return {
    ...Object.fromEntries(READ_ONLY.map((f) => [f, readOnly.optional()])),
    free_ship: formBoolean.optional().meta({
      description:
        "Default false: free shipping on top of a percentage or flat discount; ignored (false) for free_shipping.",
    }),
    percentage: percentageField.optional(),
    flat_rate: moneyField(currency)
      .optional()
      .meta({ description: "flat_discount only (required there): the amount off, above 0." }),
    threshold: moneyField(currency).optional().meta({
      description: "flat_discount only: the least subtotal the discount applies to; default 0.",
    }),
  };
}

/** POST /coupons. Empty form fields count as absent (an HTML form sends every input). */
export function createCouponBody(currency: string) {
  return formBody(
    {
      ...couponFields(currency),
      name: nameField,
      type: typeField,
      start_date: unixTime("When the coupon starts to work"),
      end_date: unixTime("When the coupon stops working (after start_date)"),
      limit: limitField,
      code: codeField.optional(),
    },
    { emptyIsAbsent: true },
  );
}

/** PUT /coupons/{id}: what is sent is merged with what is stored, and the whole is checked. */
export function updateCouponBody(currency: string) {
  return formBody(
    {
      ...couponFields(currency),
      name: nameField.optional(),
      type: typeField.optional(),
      start_date: unixTime("When the coupon starts to work").optional(),
      end_date: unixTime("When the coupon stops working (after start_date)").optional(),
      limit: limitField.optional(),
      code: z
        .unknown()
        .refine(() => false, { error: "cannot change: a coupon's codes are set when it is created" })
        .optional()
        .meta({ description: "Not writable here (a 422): codes are set when the coupon is created." }),
    },
    { emptyIsAbsent: true },
  );
}

export type CreateCouponInput = z.output<ReturnType<typeof createCouponBody>>;
export type UpdateCouponInput = z.output<ReturnType<typeof updateCouponBody>>;

const time = z.number().int().meta({ description: "UNIX time in seconds." });

export const couponCode = z
  .object({
    code: z.string(),
    type: z.enum(CODE_TYPES),
    active: z.boolean().meta({ description: "A one_use code turns inactive when an order redeems it." }),
    created: time,
    modified: time,
  })
  .meta({ description: "A coupon code." });

export const coupon = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(COUPON_TYPES),
    codes: z.array(couponCode).meta({ description: "In the order they were made." }),
    start_date: time,
    end_date: time.meta({ description: "UNIX time in seconds; the coupon works before it, from start_date on." }),
    limit: z.number().int().meta({ description: "The most redemptions; 0 is no limit." }),
    hits: z.number().int().meta({ description: "Order requests that named one of its codes, refused ones included." }),
    redeemed: z.number().int().meta({ description: "Orders created with it." }),
    free_ship: z.boolean(),
    percentage: z.string().nullable().meta({ description: 'percentage_off: "15%"; else null.' }),
    percentage_raw: z.number().nullable().meta({ description: "percentage_off: 15; else null." }),
    flat_rate: z
      .string()
      .nullable()
      .meta({ description: "flat_discount: formatted in the store currency; else null." }),
    flat_rate_raw: z.number().nullable(),
    threshold: z.string().nullable().meta({ description: "flat_discount: the least subtotal; else null." }),
    threshold_raw: z.number().nullable(),
    currency: z.string().meta({ description: "The store currency (every coupon carries it)." }),
    created: time,
    modified: time,
  })
  .meta({ description: "A coupon." });

export const couponList = z.array(coupon).meta({ description: "Every coupon, by id." });

/** The header that says a list was filtered by `code` (GET /coupons?code=, an extension). */
export const CODE_FILTER_HEADER = "x-coupon-code-filter";

export const couponListQuery = z.object({
  code: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(64, "must be at most 64 characters")
    .optional()
    .meta({
      description:
        "Extension: only the coupons holding this code (matched without case), each with that code only in " +
        `\`codes\`; the answer then carries \`X-Coupon-Code-Filter: applied\`. A store without the extension ` +
        "ignores the parameter and lists every coupon, without the header.",
      "x-store-extension": true,
    }),
});
