import { isCountryCode, placeKey, regionProblem } from "../../places";
import type { TaxRule } from "./model";

/**
 * The tax rules editor's pure half: the rows a form edits, every problem of
 * them under its field, and the set as the replace-all
 * `POST /tax_groups/{id}/rules` writes it (every rule of the group, existing
 * ones with their `id`; the ones left out are deleted:
 * docs/contract.md#replace-all-and-item-errors-shipping-options-tax-rules).
 * Plain TypeScript, no zod: the form and the server action both use it.
 */

export interface RuleDraft {
  /** Stable within the page, for React keys; never sent. */
  key: string;
  /** The store's id of a rule it holds; "" for a new row. */
  id: string;
  country: string;
  /** Empty: the whole country. */
  region: string;
  /** The percent as typed: "8.25" (a trailing % is fine). */
  rate: string;
  onShipping: boolean;
}

export interface RulesDraft {
  rules: RuleDraft[];
}

let counter = 0;
const nextKey = () => `t${++counter}`;

export function newRuleDraft(country = "US"): RuleDraft {
  return { key: nextKey(), id: "", country, region: "", rate: "", onShipping: false };
}

/** A rate without float noise, as a person types it: 8.25 → "8.25". */
export function rateText(rate: number): string {
  return String(Number(rate.toFixed(6)));
}

export function draftFromRules(rules: readonly TaxRule[]): RulesDraft {
  return {
    rules: rules.map((rule) => ({
      key: nextKey(),
      id: rule.id,
      country: rule.country,
      region: rule.region ?? "",
      rate: rateText(rule.rate),
      onShipping: rule.onShipping,
    })),
  };
}

/** A rate from 0 to 100, at most six decimals: "8.25" or "8.25%". */
export function parseRateText(text: string): number | null {
  const t = text.trim().replace(/\s*%$/, "");
  if (!/^(\d{1,3}(\.\d{1,6})?|\.\d{1,6})$/.test(t)) return null;
  const n = Number(t);
  return n <= 100 ? n : null;
}

export interface DraftIssue {
  /** "rules.2.rate". */
  path: string;
  message: string;
}

/** Every problem of the rows, under their fields: a country, a region that fits it, a rate, one rule per place. */
export function rulesIssues(draft: RulesDraft): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const seen = new Map<string, number>();
  draft.rules.forEach((rule, index) => {
    const at = `rules.${index}`;
    const rate = rule.rate.trim();
    if (!rate) issues.push({ path: `${at}.rate`, message: "Enter a rate, such as 8.25." });
    else if (parseRateText(rate) === null)
      issues.push({ path: `${at}.rate`, message: "Enter a percentage from 0 to 100, such as 8.25." });
    if (!rule.country) {
      issues.push({ path: `${at}.country`, message: "Choose a country." });
      return;
    }
    if (!isCountryCode(rule.country)) {
      issues.push({ path: `${at}.country`, message: "Choose a country from the list." });
      return;
    }
    const problem = regionProblem(rule.country, rule.region);
    if (problem) {
      issues.push({ path: `${at}.region`, message: problem });
      return;
    }
    const key = placeKey(rule.country, rule.region.trim() || null);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      issues.push({
        path: `${at}.${rule.region.trim() ? "region" : "country"}`,
        message: `Rule ${earlier + 1} is for this place already: a group has one rule per country and region.`,
      });
    } else seen.set(key, index);
  });
  return issues;
}

/** A rule as the replace-all writes it. `region` null is the whole country (docs/contract.md#tax). */
export interface RuleWrite {
  id?: number | string;
  country: string;
  region: string | null;
  rate: number;
  on_shipping: boolean;
}

/** The set to send. Throws on rows with problems: check `rulesIssues` first. */
export function rulesWrite(draft: RulesDraft): RuleWrite[] {
  return draft.rules.map((rule) => {
    const rate = parseRateText(rule.rate);
    if (rate === null) throw new Error(`not a rate: ${rule.rate}`);
    const region = rule.region.trim();
    return {
      ...(rule.id ? { id: /^\d{1,15}$/.test(rule.id) ? Number(rule.id) : rule.id } : {}),
      country: rule.country,
      region: region ? (rule.country === "US" ? region.toUpperCase() : region) : null,
      rate,
      on_shipping: rule.onShipping,
    };
  });
}

/** Whether two drafts hold the same rules, in the same order (a save would change nothing). */
export function sameRules(a: RulesDraft, b: RulesDraft): boolean {
  const plain = (d: RulesDraft) =>
    JSON.stringify(
      d.rules.map((r) => [r.id, r.country, r.region.trim(), parseRateText(r.rate) ?? r.rate.trim(), r.onShipping]),
    );
  return plain(a) === plain(b);
}

/**
 * A rule the store refused, under the editor's field, in our words (never
 * the store's: docs/contract.md#errors). `path` and `rest` come from
 * lib/store/list-errors.ts; `rule` is the row as it was sent.
 */
export function ruleRefusal(
  index: number,
  path: readonly (string | number)[],
  rest: string,
  rule: Pick<RuleWrite, "region"> | undefined,
): { field: string; message: string } {
  const at = `rules.${index}`;
  const [first] = path;
  if (first === "rate" || first === "rate_raw")
    return { field: `${at}.rate`, message: "The store did not accept this rate." };
  if (first === "region")
    return { field: `${at}.region`, message: "The store did not accept this region for the country." };
  if (first === "country") return { field: `${at}.country`, message: "The store did not accept this country." };
  if (first === "on_shipping")
    return { field: `${at}.onShipping`, message: "The store did not accept this choice about shipping." };
  if (/\bid\b/.test(rest) || first === "id") {
    return {
      field: `${at}.country`,
      message:
        "This rule is no longer in the store: another person may have deleted it. Remove the row, or reload the page to see the rules as they are now.",
    };
  }
  if (/already/.test(rest)) {
    return {
      field: `${at}.${rule?.region ? "region" : "country"}`,
      message:
        "The store already has a rule for this place in this group: a group has one rule per country and region.",
    };
  }
  return { field: `${at}.country`, message: "The store did not accept this rule." };
}
