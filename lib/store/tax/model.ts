/**
 * Tax groups in the dashboard's own terms (docs/contract.md#tax).
 * A rate is the percent itself (8.25 for 8.25%). Safe anywhere and free of
 * zod: client components import it; the raw API shape is read in ./schema.ts.
 */

/** A tax rule: the rate for a country, or for one region of it. */
export interface TaxRule {
  id: string;
  /** 2-letter ISO code, upper case. */
  country: string;
  /** A US state's code, a camel-cased name elsewhere; null for the whole country. */
  region: string | null;
  /** The percent: 8.25 for 8.25%. */
  rate: number;
  /** Whether shipping is taxed too. */
  onShipping: boolean;
}

export interface TaxGroup {
  id: string;
  name: string;
  rules: TaxRule[];
}

/** A rate in words: 8.25 → "8.25%". */
export function rateWords(rate: number): string {
  return `${new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(rate)}%`;
}
