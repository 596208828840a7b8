/**
 * Money inside the dashboard is integer minor units of a currency
 * (docs/architecture.md#habits). The store sends each amount twice, a
 * formatted string and a float (`price`, `price_raw`: docs/contract.md#money);
 * these helpers turn what it sent into minor units and minor units into
 * words, with Intl only. Plain: safe in client components.
 */

// Intl formatters are slow to make (tens of microseconds each): a catalogue of 10,000 products asks
// for a currency's check several times a product (price, options, extras), so each is made once.
const digitsCache = new Map<string, number>();
const knownCurrencies = new Map<string, boolean>();
const formatters = new Map<string, Intl.NumberFormat>();

/** A currency code Intl knows; anything else reads as the store's default. */
export function normaliseCurrency(code: unknown, fallback = "USD"): string {
  if (typeof code !== "string") return fallback;
  const upper = code.trim().toUpperCase();
  let known = knownCurrencies.get(upper);
  if (known === undefined) {
    known = /^[A-Z]{3}$/.test(upper);
    if (known) {
      try {
        new Intl.NumberFormat("en", { style: "currency", currency: upper });
      } catch {
        known = false;
      }
    }
    // Bounded: a store sends a handful of currencies, but the text is the store's.
    if (knownCurrencies.size < 1000) knownCurrencies.set(upper, known);
  }
  return known ? upper : fallback;
}

/** How many minor digits the currency has: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** A float amount (`price_raw`: 12.5) in minor units (1250). */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorDigits(currency));
}

/**
 * An amount from a formatted string when the float is missing: "$1,234.50",
 * "12.50 USD", "-3". Only the plain form is read (digits, an optional
 * thousands comma, a dot for decimals): any other layout is not guessed at.
 */
export function parseFormattedAmount(text: string): number | undefined {
  const match = /^[^\d-]*(-?)\s*[^\d-]*?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)[^\d]*$/.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[2]!.replaceAll(",", ""));
  if (!Number.isFinite(value)) return undefined;
  return match[1] ? -value : value;
}

/**
 * Minor units in words for a person: 1250 USD → "$12.50". One fixed locale
 * by default, so that the server's render and the browser's agree.
 */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  const key = `${locale} ${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    if (formatters.size < 1000) formatters.set(key, format);
  }
  return format.format(minor / 10 ** minorDigits(currency));
}

/* ---------- money as a person types it (forms, the grid, CSV files) ---------- */

/**
 * Minor units as a person types them, for an input: 1250 USD → "12.50",
 * 500 JPY → "500", -200 → "-2.00". No symbol, no grouping.
 */
export function moneyText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.round(minor));
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, "0")}`;
}

export type MoneyParse = { ok: true; minor: number } | { ok: false; error: string };

/**
 * What a person typed as an amount, in minor units: "12.5", "12.50",
 * "$1,234.50", "-2" (when `negative`). More decimals than the currency has,
 * or anything that is not an amount, is an error in words.
 */
export function parseMoneyText(text: string, currency: string, { negative = false } = {}): MoneyParse {
  const digits = minorDigits(currency);
  const invalid: MoneyParse = { ok: false, error: `must be an amount such as ${moneyText(1250, currency)}` };
  let t = text.trim().replace(/\s+/g, "");
  let isNegative = false;
  if (t.startsWith("-")) {
    isNegative = true;
    t = t.slice(1);
  }
  // A symbol before ("$", "US$") or a code after ("USD") is allowed, not checked.
  t = t.replace(/^[^\d.,-]{1,3}/, "").replace(/[A-Za-z]{3}$/, "");
  if (t.startsWith("-")) {
    if (isNegative) return invalid;
    isNegative = true;
    t = t.slice(1);
  }
  const match = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/.exec(t);
  const whole = match?.[1]?.replaceAll(",", "") ?? "";
  const fraction = match?.[2] ?? "";
  if (!match || (whole === "" && fraction === "")) return invalid;
  if (fraction.length > digits) {
    return {
      ok: false,
      error: digits === 0 ? "must be a whole amount in this currency" : `must have at most ${digits} decimals`,
    };
  }
  const minor = Number(whole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (!Number.isSafeInteger(minor) || minor > 1e15) return { ok: false, error: "is too large" };
  if (isNegative && minor !== 0 && !negative) return { ok: false, error: "must not be negative" };
  return { ok: true, minor: isNegative && minor !== 0 ? -minor : minor };
}
