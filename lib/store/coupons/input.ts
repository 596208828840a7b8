import * as z from "zod/mini";
import { moneyText, parseMoneyText } from "../../money";
import {
  type Coupon,
  type CouponType,
  couponTypes,
  hasGeneratedCodes,
  maxCouponLimit,
  maxGeneratedCodes,
} from "./model";

/**
 * What a person may send about coupons: the form's values, checked where
 * they are typed (react-hook-form's resolver), turned into the store's
 * fields in the browser (dates are days in the person's own time zone, which
 * only the browser knows), and the server actions' payloads, checked again
 * on the server. zod/mini keeps the form's JavaScript small.
 */

/* ---------- days and UNIX seconds ---------- */

function dayParts(day: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1970 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  return [y, m, d];
}

function localMidnight(y: number, m: number, d: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(y, m - 1, d);
  date.setHours(0, 0, 0, 0);
  return date;
}

/** Whether "2025-02-30" is a day of the calendar (a date input sends only those, a person may type others). */
export function isDay(day: string): boolean {
  const parts = dayParts(day);
  if (!parts) return false;
  const date = localMidnight(...parts);
  return date.getFullYear() === parts[0] && date.getMonth() === parts[1] - 1 && date.getDate() === parts[2];
}

/** The start of a day ("2025-03-01") in the browser's time zone, in UNIX seconds. */
export function dayStart(day: string): number | null {
  const parts = dayParts(day);
  if (!parts || !isDay(day)) return null;
  return Math.floor(localMidnight(...parts).getTime() / 1000);
}

/**
 * The end of a day, as the store's `end_date` takes it: the coupon works
 * before end_date, so a coupon that works through 31 March ends when
 * 1 April starts.
 */
export function dayEnd(day: string): number | null {
  const parts = dayParts(day);
  if (!parts || !isDay(day)) return null;
  return Math.floor(localMidnight(parts[0], parts[1], parts[2] + 1).getTime() / 1000);
}

/** The day (YYYY-MM-DD, the browser's time zone) a UNIX time falls on: a date input's value. */
export function dayOf(seconds: number): string {
  const date = new Date(seconds * 1000);
  const y = String(date.getFullYear()).padStart(4, "0");
  return `${y}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** The last day a coupon works, for its end_date: the day of the second before it. */
export function lastDayOf(endSeconds: number): string {
  return dayOf(endSeconds - 1);
}

/* ---------- the form ---------- */

export type CodeMode = "code" | "generate";

/** What the coupon form holds, as typed. */
export interface CouponFormValues {
  name: string;
  type: CouponType;
  /** percentage_off: 0–100, as typed ("15", "12.5"). */
  percentage: string;
  /** flat_discount: amounts as typed ("5", "5.00"). */
  flatRate: string;
  threshold: string;
  /** Free shipping on top of a percentage or an amount off. */
  freeShip: boolean;
  /** YYYY-MM-DD: the first and the last day the coupon works. */
  startDate: string;
  endDate: string;
  /** Creating: one code to share, or generated single-use codes. */
  codeMode: CodeMode;
  code: string;
  /** How many single-use codes to generate. */
  count: string;
  /** How many times the coupon may be used (not with `unlimited`). */
  limit: string;
  unlimited: boolean;
}

export type CouponFormField = keyof CouponFormValues;

export interface CouponFormOptions {
  currency: string;
  mode: "create" | "edit";
  /** Editing a coupon of generated single-use codes: its limit stays 1–100,000. */
  generated?: boolean;
}

export interface CouponFormIssue {
  field: CouponFormField;
  message: string;
}

/** The most characters of a code this form takes; the store may allow fewer, and says so. */
export const maxCodeLength = 64;
const maxNameLength = 255;

function wholeNumber(text: string): number | null {
  return /^\s*\d{1,10}\s*$/.test(text) ? Number(text) : null;
}

/** A percentage as typed: "15", "12.5", "15%" → 15, 12.5; null when it is not one. */
export function parsePercentage(text: string): number | null {
  const match = /^\s*(\d{1,3}(?:[.,]\d{1,6})?)\s*%?\s*$/.exec(text);
  return match ? Number(match[1]!.replace(",", ".")) : null;
}

const countText = new Intl.NumberFormat("en");

/** Every problem of the form's values, each under its field, in words a person can act on. */
export function couponFormIssues(values: CouponFormValues, options: CouponFormOptions): CouponFormIssue[] {
  const issues: CouponFormIssue[] = [];
  const add = (field: CouponFormField, message: string) => issues.push({ field, message });

  const name = values.name.trim();
  if (!name) add("name", "Enter a name: it tells this coupon apart in the list.");
  else if (name.length > maxNameLength) add("name", `Use at most ${maxNameLength} characters.`);

  if (!(couponTypes as readonly string[]).includes(values.type)) add("type", "Choose what the coupon gives.");

  if (values.type === "percentage_off") {
    const percent = parsePercentage(values.percentage);
    if (!values.percentage.trim()) add("percentage", "Enter the percentage off, such as 15.");
    else if (percent === null || percent <= 0 || percent > 100)
      add("percentage", "Enter a percentage above 0 and at most 100, such as 15 or 12.5.");
  }

  if (values.type === "flat_discount") {
    if (!values.flatRate.trim()) add("flatRate", `Enter the amount off, such as ${moneyText(500, options.currency)}.`);
    else {
      const parsed = parseMoneyText(values.flatRate, options.currency);
      if (!parsed.ok) add("flatRate", `The amount ${parsed.error}.`);
      else if (parsed.minor <= 0) add("flatRate", "The amount must be more than 0.");
    }
    if (values.threshold.trim()) {
      const parsed = parseMoneyText(values.threshold, options.currency);
      if (!parsed.ok) add("threshold", `The minimum order ${parsed.error}.`);
    }
  }

  const start = values.startDate.trim();
  const end = values.endDate.trim();
  if (!start) add("startDate", "Choose the first day the coupon works.");
  else if (!isDay(start)) add("startDate", "Enter a date such as 2025-03-01.");
  if (!end) add("endDate", "Choose the last day the coupon works.");
  else if (!isDay(end)) add("endDate", "Enter a date such as 2025-03-31.");
  else if (isDay(start) && end < start) add("endDate", "Choose an end date on or after the start date.");

  const generating = options.mode === "create" ? values.codeMode === "generate" : Boolean(options.generated);
  if (options.mode === "create" && values.codeMode === "code") {
    const code = values.code.trim();
    if (!code) add("code", "Enter the code customers type at checkout, such as SUMMER15.");
    else if (/\s/.test(code)) add("code", "Use a code without spaces.");
    else if (code.length > maxCodeLength) add("code", `Use at most ${maxCodeLength} characters.`);
  }
  if (options.mode === "create" && values.codeMode === "generate") {
    const n = wholeNumber(values.count);
    if (n === null || n < 1 || n > maxGeneratedCodes)
      add("count", `Enter how many codes to make: a whole number from 1 to ${countText.format(maxGeneratedCodes)}.`);
  } else if (generating) {
    const n = wholeNumber(values.limit);
    if (n === null || n < 1 || n > maxGeneratedCodes)
      add("limit", `Enter a whole number from 1 to ${countText.format(maxGeneratedCodes)}.`);
  } else if (!values.unlimited) {
    const n = wholeNumber(values.limit);
    if (n === null || n < 1 || n > maxCouponLimit) add("limit", "Enter a whole number from 1, or tick Unlimited.");
  }
  return issues;
}

/** The form's schema for react-hook-form: the values as they are, every problem under its field. */
export function couponFormInput(options: CouponFormOptions) {
  return z
    .custom<CouponFormValues>((value) => typeof value === "object" && value !== null)
    .check(
      z.superRefine((values, ctx) => {
        for (const issue of couponFormIssues(values, options)) {
          ctx.addIssue({ code: "custom", message: issue.message, path: [issue.field], input: values });
        }
      }),
    );
}

/** Today in the browser's time zone, for a new coupon's start date. */
export function today(): string {
  return dayOf(Math.floor(Date.now() / 1000));
}

export function newCouponValues(start: string): CouponFormValues {
  return {
    name: "",
    type: "percentage_off",
    percentage: "",
    flatRate: "",
    threshold: "",
    freeShip: false,
    startDate: start,
    endDate: "",
    codeMode: "code",
    code: "",
    count: "100",
    limit: "",
    unlimited: true,
  };
}

/** A stored coupon as the edit form shows it (days in the browser's time zone). */
export function couponValues(coupon: Coupon, currency: string): CouponFormValues {
  const generated = hasGeneratedCodes(coupon);
  return {
    name: coupon.name,
    type: (couponTypes as readonly string[]).includes(coupon.type) ? (coupon.type as CouponType) : "percentage_off",
    percentage: coupon.percentage !== null ? String(coupon.percentage) : "",
    flatRate: coupon.flatRate !== null ? moneyText(coupon.flatRate, currency) : "",
    threshold: coupon.threshold ? moneyText(coupon.threshold, currency) : "",
    freeShip: coupon.freeShip,
    startDate: coupon.startDate !== null ? dayOf(coupon.startDate) : "",
    endDate: coupon.endDate !== null ? lastDayOf(coupon.endDate) : "",
    codeMode: generated ? "generate" : "code",
    code: coupon.codes.single ?? "",
    count: String(coupon.codes.total),
    limit: coupon.limit > 0 ? String(coupon.limit) : "",
    unlimited: !generated && coupon.limit === 0,
  };
}

/* ---------- what is sent ---------- */

/** A coupon's writable fields, as the store takes them (docs/contract.md#coupons). */
export interface CouponWrite {
  name: string;
  type: CouponType;
  start_date: number;
  end_date: number;
  /** 0: no limit (with a code). Without a code: how many single-use codes. */
  limit: number;
  code?: string;
  free_ship?: boolean;
  percentage?: number;
  flat_rate?: string;
  threshold?: string;
}

/**
 * The form's values (already checked by couponFormIssues) as the store's
 * fields: only the chosen type's fields; free_ship only beside a discount;
 * money as plain amounts ("12.50"); the code only when creating with one.
 */
export function couponWrite(values: CouponFormValues, options: CouponFormOptions): CouponWrite {
  const { currency } = options;
  const amount = (text: string) => {
    const parsed = parseMoneyText(text, currency);
    return moneyText(parsed.ok ? parsed.minor : 0, currency);
  };
  const generating = options.mode === "create" ? values.codeMode === "generate" : Boolean(options.generated);
  const limit =
    options.mode === "create" && generating
      ? Number(values.count)
      : !generating && values.unlimited
        ? 0
        : Number(values.limit);
  const write: CouponWrite = {
    name: values.name.trim(),
    type: values.type,
    start_date: dayStart(values.startDate) ?? 0,
    end_date: dayEnd(values.endDate) ?? 0,
    limit,
  };
  if (options.mode === "create" && !generating) write.code = values.code.trim();
  if (values.type !== "free_shipping") write.free_ship = values.freeShip;
  if (values.type === "percentage_off") write.percentage = parsePercentage(values.percentage) ?? 0;
  if (values.type === "flat_discount") {
    write.flat_rate = amount(values.flatRate);
    write.threshold = values.threshold.trim() ? amount(values.threshold) : moneyText(0, currency);
  }
  return write;
}

export type CouponChanges = Partial<Omit<CouponWrite, "code">>;

/**
 * What an edit changes: the fields whose value differs from what the form
 * started with, so that a day the store holds at another hour is not moved
 * by a save that did not touch it. A change of type brings the new type's
 * fields along (the store needs them).
 */
export function couponChanges(
  initial: CouponFormValues,
  values: CouponFormValues,
  options: CouponFormOptions,
): CouponChanges {
  const before = couponWrite(initial, options);
  const after = couponWrite(values, options);
  const changes: CouponChanges = {};
  const typeChanged = before.type !== after.type;
  const put = <K extends keyof CouponChanges>(key: K) => {
    if (after[key] !== undefined && (typeChanged || after[key] !== before[key])) changes[key] = after[key];
  };
  if (after.name !== before.name) changes.name = after.name;
  if (typeChanged) changes.type = after.type;
  if (after.start_date !== before.start_date) changes.start_date = after.start_date;
  if (after.end_date !== before.end_date) changes.end_date = after.end_date;
  if (after.limit !== before.limit) changes.limit = after.limit;
  put("percentage");
  put("flat_rate");
  put("threshold");
  if (after.free_ship !== undefined && after.free_ship !== before.free_ship) changes.free_ship = after.free_ship;
  return changes;
}

/* ---------- the server actions' payloads ---------- */

const couponId = z.string().check(z.regex(/^[^/?#]+$/, "Not a coupon id."), z.maxLength(100));
const unixTime = z.int().check(z.gte(0, "Not a time."));
const amount = z.string().check(z.regex(/^\d{1,15}(\.\d{1,4})?$/, "Not an amount."));

const writableFields = {
  name: z.string().check(z.trim(), z.minLength(1, "Enter a name."), z.maxLength(maxNameLength)),
  type: z.enum(couponTypes),
  start_date: unixTime,
  end_date: unixTime,
  limit: z.int().check(z.gte(0), z.lte(maxCouponLimit)),
  free_ship: z.optional(z.boolean()),
  percentage: z.optional(z.number().check(z.gt(0, "Above 0."), z.lte(100, "At most 100."))),
  flat_rate: z.optional(amount),
  threshold: z.optional(amount),
};

type Check = { start_date?: number; end_date?: number; type?: string; percentage?: number; flat_rate?: string };

function endAfterStart(value: Check, ctx: z.core.$RefinementCtx<Check>) {
  if (value.start_date !== undefined && value.end_date !== undefined && value.end_date <= value.start_date) {
    ctx.addIssue({ code: "custom", message: "Must be after the start date.", path: ["end_date"], input: value });
  }
}

function typeFields(value: Check, ctx: z.core.$RefinementCtx<Check>) {
  if (value.type === "percentage_off" && value.percentage === undefined)
    ctx.addIssue({ code: "custom", message: "Enter the percentage.", path: ["percentage"], input: value });
  if (value.type === "flat_discount" && value.flat_rate === undefined)
    ctx.addIssue({ code: "custom", message: "Enter the amount off.", path: ["flat_rate"], input: value });
}

export const createCouponInput = z
  .object({
    ...writableFields,
    code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(maxCodeLength), z.regex(/^\S+$/))),
  })
  .check(
    z.superRefine((value, ctx) => {
      endAfterStart(value, ctx);
      typeFields(value, ctx);
      if (value.code === undefined && (value.limit < 1 || value.limit > maxGeneratedCodes)) {
        ctx.addIssue({ code: "custom", message: "From 1 to 100,000 codes.", path: ["limit"], input: value });
      }
    }),
  );
export type CreateCouponInput = z.input<typeof createCouponInput>;

export const updateCouponInput = z
  .object({
    id: couponId,
    name: z.optional(writableFields.name),
    type: z.optional(writableFields.type),
    start_date: z.optional(unixTime),
    end_date: z.optional(unixTime),
    limit: z.optional(writableFields.limit),
    free_ship: writableFields.free_ship,
    percentage: writableFields.percentage,
    flat_rate: writableFields.flat_rate,
    threshold: writableFields.threshold,
  })
  .check(
    z.superRefine((value, ctx) => {
      endAfterStart(value, ctx);
      typeFields(value, ctx);
    }),
  );
export type UpdateCouponInput = z.input<typeof updateCouponInput>;

export const couponIdInput = z.object({ id: couponId });

/* ---------- the store's field names and the form's ---------- */

/** Which form field a store field (named in a refusal) is shown under. */
export function formFieldOf(
  storeField: string,
  options: CouponFormOptions,
  codeMode: CodeMode,
): CouponFormField | null {
  switch (storeField) {
    case "name":
    case "type":
    case "percentage":
    case "threshold":
    case "code":
      return storeField;
    case "flat_rate":
      return "flatRate";
    case "free_ship":
      return "freeShip";
    case "start_date":
      return "startDate";
    case "end_date":
      return "endDate";
    case "limit":
      return options.mode === "create" && codeMode === "generate" ? "count" : "limit";
    default:
      return null;
  }
}

/** Our sentence for a field the store refused, naming what to change (the store's own words are never shown). */
export const refusedSentences: Partial<Record<CouponFormField, string>> = {
  name: "The store did not accept this name.",
  percentage: "The store did not accept this percentage. Use a number above 0 and at most 100.",
  flatRate: "The store did not accept this amount.",
  threshold: "The store did not accept this minimum order.",
  startDate: "The store did not accept this start date.",
  endDate: "The store did not accept this end date. Choose a day after the start date.",
  code: "The store did not accept this code. Letters, digits, - and _ work in every store.",
  count: "The store did not accept this number of codes.",
  limit: "The store did not accept this limit.",
};
