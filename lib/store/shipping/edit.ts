import { formatMoney, minorDigits } from "../../money";
import { isCountryCode, placeKey, regionProblem } from "../../places";
import type { PerItem, Range } from "../../shipping-calculator";
import { moneyText, parseMoneyText } from "../../money";
import {
  isRangeKind,
  type PerCartType,
  type PerItemType,
  type RangeKind,
  rangeFields,
  type ShippingDestination,
  type ShippingOption,
} from "./model";

/**
 * The shipping option editor's pure half: the draft a form edits, built from an
 * option; every problem of a draft under its field; and the option as the
 * replace-all `POST /shipping_groups/{id}/options` writes it
 * (docs/contract.md#shipping): rates through `per_cart_rate_raw`,
 * `per_item_rate_raw` and each range's `rate_raw` (floats); `per_item_type` is
 * never written, the store infers it from which of those is sent. Plain
 * TypeScript, no zod: the form (a client component) and the server action both
 * use it.
 */

/* ---------- the draft ---------- */

export interface RangeDraft {
  /** Stable within the page, for React keys; never sent. */
  id: string;
  /** The inclusive upper bound as typed; empty on the last row: no upper bound. */
  max: string;
  rate: string;
}

export interface DestinationDraft {
  id: string;
  allowed: boolean;
  country: string;
  /** Empty: the whole country. */
  region: string;
}

export interface OptionDraft {
  name: string;
  perCartType: PerCartType;
  /** An amount (flat_fee) or a percent (percentage), as typed. */
  perCartRate: string;
  perItemType: PerItemType;
  /** The fee per item (flat_per_item), as typed. */
  perItemRate: string;
  /** The ranges of a range kind; kept while another kind is chosen, sent only for a range kind. */
  ranges: RangeDraft[];
  destinations: DestinationDraft[];
}

let counter = 0;
export function newDraftId(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}`;
}

export const newRange = (): RangeDraft => ({ id: newDraftId("r"), max: "", rate: "" });
export const newDestination = (country = ""): DestinationDraft => ({
  id: newDraftId("d"),
  allowed: true,
  country,
  region: "",
});

export function emptyOptionDraft(): OptionDraft {
  return {
    name: "",
    perCartType: "flat_fee",
    perCartRate: "",
    perItemType: "none",
    perItemRate: "",
    ranges: [newRange()],
    destinations: [],
  };
}

/** A number as typed, without float noise: 2.5 → "2.5", 0.1 + 0.2 → "0.3". */
function numberText(n: number): string {
  return String(Number(n.toFixed(6)));
}

/** A range's maximum in words for an input: items, an amount, or a weight. */
export function rangeMaxText(kind: RangeKind, max: number | null, currency: string): string {
  if (max === null) return "";
  return kind === "price_ranges" ? moneyText(max, currency) : numberText(max);
}

export function draftFromOption(option: ShippingOption): OptionDraft {
  const { currency, perCart, perItem } = option;
  return {
    name: option.name,
    perCartType: perCart.type,
    perCartRate: perCart.type === "flat_fee" ? moneyText(perCart.amount, currency) : numberText(perCart.percent),
    perItemType: perItem.type,
    perItemRate: perItem.type === "flat_per_item" ? moneyText(perItem.amount, currency) : "",
    ranges:
      isRangeKind(perItem.type) && "ranges" in perItem && perItem.ranges.length
        ? perItem.ranges.map((r) => ({
            id: newDraftId("r"),
            max: rangeMaxText(perItem.type as RangeKind, r.max, currency),
            rate: moneyText(r.rate, currency),
          }))
        : [newRange()],
    destinations: option.destinations.map((d) => ({
      id: newDraftId("d"),
      allowed: d.allowed,
      country: d.country,
      region: d.region ?? "",
    })),
  };
}

/* ---------- reading what was typed ---------- */

/** A percentage from 0 to 100, at most six decimals: "8.25" or "8.25%". */
export function parsePercentText(text: string): number | null {
  const t = text.trim().replace(/\s*%$/, "");
  if (!/^(\d{1,3}(\.\d{1,6})?|\.\d{1,6})$/.test(t)) return null;
  const n = Number(t);
  return n <= 100 ? n : null;
}

/** A range's maximum as typed, in the kind's unit (price in minor units); null when it does not read. */
export function parseRangeMax(kind: RangeKind, text: string, currency: string): number | null {
  const t = text.trim();
  if (kind === "price_ranges") {
    const parsed = parseMoneyText(t, currency);
    return parsed.ok && parsed.minor > 0 ? parsed.minor : null;
  }
  if (kind === "quantity_ranges") {
    if (!/^\d{1,10}$/.test(t)) return null;
    const n = Number(t);
    return n >= 1 && n <= 2_147_483_647 ? n : null;
  }
  if (!/^(\d{1,9}(\.\d{1,6})?|\.\d{1,6})$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

const maxExample: Record<RangeKind, (currency: string) => string> = {
  quantity_ranges: () => "Enter a whole number of items, such as 5.",
  price_ranges: (currency) => `Enter an amount above 0, such as ${moneyText(5000, currency)}.`,
  weight_ranges: () => "Enter a weight above 0, such as 2.5.",
};

/** The bound of a range as a person reads it: "5", "$50.00", "2.5". */
export function rangeBoundWords(kind: RangeKind, value: number, currency: string): string {
  return kind === "price_ranges" ? formatMoney(value, currency) : numberText(value);
}

/**
 * Where each range starts, as the table shows it (not typed: each range runs
 * from just above the previous one's maximum, the first from 0). Items are
 * whole, so the next range of 1–5 starts at 6; amounts and weights start
 * "over" the previous maximum. Null when the previous maximum does not read.
 */
export function rangeFromWords(kind: RangeKind, ranges: readonly RangeDraft[], index: number, currency: string) {
  if (index === 0) return kind === "price_ranges" ? formatMoney(0, currency) : "0";
  const previous = parseRangeMax(kind, ranges[index - 1]?.max ?? "", currency);
  if (previous === null) return null;
  if (kind === "quantity_ranges") return String(previous + 1);
  return `over ${rangeBoundWords(kind, previous, currency)}`;
}

export interface DraftIssue {
  /** The draft field, dotted: "perCartRate", "ranges.2.max", "destinations.0.region". */
  path: string;
  message: string;
}

/**
 * The problems of a range table as they are typed: a maximum that does not
 * read, one not above the previous one, an open end before the last row, a
 * rate that is no amount. Contiguous by construction: no row has a "from".
 */
export function rangeIssues(kind: RangeKind, ranges: readonly RangeDraft[], currency: string): DraftIssue[] {
  const issues: DraftIssue[] = [];
  if (!ranges.length) {
    issues.push({ path: "ranges", message: "Add a range, or choose another charge by the items." });
    return issues;
  }
  let previous: number | null = null;
  ranges.forEach((range, index) => {
    const at = `ranges.${index}`;
    const last = index === ranges.length - 1;
    const typed = range.max.trim();
    if (!typed) {
      if (!last) issues.push({ path: `${at}.max`, message: "Enter a maximum: only the last range may be open-ended." });
      previous = null;
    } else {
      const max = parseRangeMax(kind, typed, currency);
      if (max === null) issues.push({ path: `${at}.max`, message: maxExample[kind](currency) });
      else if (previous !== null && max <= previous) {
        issues.push({
          path: `${at}.max`,
          message: `Make it more than ${rangeBoundWords(kind, previous, currency)}, the maximum of the range before.`,
        });
      }
      previous = max ?? previous;
    }
    const rate = range.rate.trim();
    if (!rate) issues.push({ path: `${at}.rate`, message: "Enter a rate, such as 5.00 (0 for free)." });
    else {
      const parsed = parseMoneyText(rate, currency);
      if (!parsed.ok) issues.push({ path: `${at}.rate`, message: `The rate ${parsed.error}.` });
    }
  });
  return issues;
}

/** The problems of a list of destinations: a country from the list, a region that fits it, no place twice. */
export function destinationIssues(destinations: readonly DestinationDraft[]): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const seen = new Map<string, number>();
  destinations.forEach((d, index) => {
    const at = `destinations.${index}`;
    if (!d.country) {
      issues.push({ path: `${at}.country`, message: "Choose a country." });
      return;
    }
    if (!isCountryCode(d.country)) {
      issues.push({ path: `${at}.country`, message: "Choose a country from the list." });
      return;
    }
    const problem = regionProblem(d.country, d.region);
    if (problem) {
      issues.push({ path: `${at}.region`, message: problem });
      return;
    }
    const key = placeKey(d.country, d.region.trim() || null);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      issues.push({
        path: `${at}.${d.region.trim() ? "region" : "country"}`,
        message: `Destination ${earlier + 1} already names this place.`,
      });
    } else seen.set(key, index);
  });
  return issues;
}

/** Every problem of an option draft, each under its field, in words a person can act on. */
export function optionIssues(draft: OptionDraft, currency: string): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const name = draft.name.trim();
  if (!name) issues.push({ path: "name", message: "Enter a name, such as Standard or Express." });
  else if (name.length > 255) issues.push({ path: "name", message: "Use at most 255 characters." });

  const perCart = draft.perCartRate.trim();
  if (draft.perCartType === "percentage") {
    if (perCart && parsePercentText(perCart) === null)
      issues.push({ path: "perCartRate", message: "Enter a percentage from 0 to 100, such as 10." });
  } else if (perCart) {
    const parsed = parseMoneyText(perCart, currency);
    if (!parsed.ok) issues.push({ path: "perCartRate", message: `The fee ${parsed.error}.` });
  }

  if (draft.perItemType === "flat_per_item") {
    const fee = draft.perItemRate.trim();
    if (!fee) issues.push({ path: "perItemRate", message: "Enter the fee for each item, such as 1.00." });
    else {
      const parsed = parseMoneyText(fee, currency);
      if (!parsed.ok) issues.push({ path: "perItemRate", message: `The fee ${parsed.error}.` });
    }
  } else if (isRangeKind(draft.perItemType)) {
    issues.push(...rangeIssues(draft.perItemType, draft.ranges, currency));
  }

  issues.push(...destinationIssues(draft.destinations));
  return issues;
}

/* ---------- what is written ---------- */

export interface RangeWrite {
  range_max: number | null;
  rate_raw: number;
}

export interface DestinationWrite {
  country: string;
  region?: string;
  allowed: boolean;
}

/** An option as the replace-all writes it: only fields of the contract's POST. */
export interface OptionWrite {
  id?: number | string;
  name: string;
  per_cart_type: PerCartType;
  per_cart_rate_raw: number;
  per_item_rate_raw?: number;
  quantity_range_rates?: RangeWrite[];
  price_range_rates?: RangeWrite[];
  weight_range_rates?: RangeWrite[];
  destinations: DestinationWrite[];
}

/** Minor units as the float the API takes: 1250 USD → 12.5. */
export function moneyFloat(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** The store's ids are whole numbers; one that is not is sent as it came. */
function idWrite(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

function destinationWrite(d: ShippingDestination): DestinationWrite {
  return d.region
    ? { country: d.country, region: d.region, allowed: d.allowed }
    : { country: d.country, allowed: d.allowed };
}

function perItemWrite(perItem: PerItem, currency: string): Partial<OptionWrite> {
  if (perItem.type === "flat_per_item") return { per_item_rate_raw: moneyFloat(perItem.amount, currency) };
  if (perItem.type === "none") return {};
  const kind = perItem.type;
  return {
    [rangeFields[kind]]: perItem.ranges.map((r: Range) => ({
      range_max: r.max === null ? null : kind === "price_ranges" ? moneyFloat(r.max, currency) : r.max,
      rate_raw: moneyFloat(r.rate, currency),
    })),
  };
}

/** An option as the store holds it, written back unchanged (the replace-all needs every option). */
export function optionWriteFrom(option: ShippingOption): OptionWrite {
  const { currency, perCart } = option;
  return {
    id: idWrite(option.id),
    name: option.name,
    per_cart_type: perCart.type,
    per_cart_rate_raw: perCart.type === "flat_fee" ? moneyFloat(perCart.amount, currency) : perCart.percent,
    ...perItemWrite(option.perItem, currency),
    destinations: option.destinations.map(destinationWrite),
  };
}

/**
 * The option a valid draft describes, in the model's terms (minor units).
 * Throws on a draft with problems: check `optionIssues` first.
 */
export function optionFromDraft(draft: OptionDraft, currency: string, id = ""): ShippingOption {
  const money = (text: string) => {
    const parsed = parseMoneyText(text.trim() || "0", currency);
    if (!parsed.ok) throw new Error(`not an amount: ${text}`);
    return parsed.minor;
  };
  const percent = parsePercentText(draft.perCartRate.trim() || "0");
  if (draft.perCartType === "percentage" && percent === null) throw new Error("not a percentage");
  let perItem: PerItem = { type: "none" };
  if (draft.perItemType === "flat_per_item") perItem = { type: "flat_per_item", amount: money(draft.perItemRate) };
  else if (isRangeKind(draft.perItemType)) {
    const kind = draft.perItemType;
    perItem = {
      type: kind,
      ranges: draft.ranges.map((r, index) => {
        const last = index === draft.ranges.length - 1;
        const max = r.max.trim() ? parseRangeMax(kind, r.max, currency) : null;
        if (max === null && (!last || r.max.trim())) throw new Error(`not a maximum: ${r.max}`);
        return { max, rate: money(r.rate) };
      }),
    };
  }
  return {
    id,
    name: draft.name.trim(),
    currency,
    perCart:
      draft.perCartType === "percentage"
        ? { type: "percentage", percent: percent ?? 0 }
        : { type: "flat_fee", amount: money(draft.perCartRate) },
    perItem,
    destinations: draft.destinations.map((d) => {
      const region = d.region.trim();
      return {
        allowed: d.allowed,
        country: d.country,
        region: region ? (d.country === "US" ? region.toUpperCase() : region) : null,
      };
    }),
  };
}

/* ---------- the store's refusals, under the draft's fields ---------- */

/**
 * The draft field that a part of an option named by the store belongs to
 * (lib/store/list-errors.ts reads where a refusal points): `name`,
 * `per_cart_rate_raw`, `price_range_rates, range 3: range_max`,
 * `destinations, destination 2: region`… Unknown parts: null.
 */
export function optionFieldOf(path: readonly (string | number)[]): string | null {
  const [first, second, third] = path;
  if (first === "name") return "name";
  if (first === "per_cart_rate_raw" || first === "per_cart_type") return "perCartRate";
  if (first === "per_item_rate_raw") return "perItemRate";
  if (typeof first === "string" && first.endsWith("_range_rates")) {
    if (typeof second !== "number") return "ranges";
    return `ranges.${second}.${third === "rate_raw" ? "rate" : "max"}`;
  }
  if (first === "destinations") {
    if (typeof second !== "number") return "destinations";
    return `destinations.${second}.${third === "region" ? "region" : "country"}`;
  }
  return null;
}

/** Our sentence for a part of an option the store refused (never the store's own words: docs/contract.md#errors). */
export function optionFieldSentence(field: string): string {
  if (field === "name") return "The store did not accept this name.";
  if (field === "perCartRate") return "The store did not accept this charge per cart.";
  if (field === "perItemRate") return "The store did not accept this fee per item.";
  if (field === "ranges") return "The store did not accept these ranges.";
  if (field.endsWith(".max")) return "The store did not accept this maximum.";
  if (field.endsWith(".rate")) return "The store did not accept this rate.";
  if (field.endsWith(".region")) return "The store did not accept this region for the country.";
  if (field.endsWith(".country")) return "The store did not accept this country.";
  return "The store did not accept this value.";
}
