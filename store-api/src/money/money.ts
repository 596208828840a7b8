/**
 * Money, the one way every resource reads and writes it (docs/contract.md#money):
 * stored as integer minor units of the store currency; written as `12.5`,
 * `"12.50"` or `"$12.50"`; read as the formatted string (`"$12.50"`) beside the
 * float (`12.5`, the `_raw` fields).
 *
 * Amounts are parsed as decimal text, never through floating-point arithmetic,
 * so `"0.29"` is 29 cents and not 28.999….
 */

/** The largest amount the store keeps: 10^13 minor units (a hundred billion dollars). */
export const MAX_MINOR_UNITS = 10 ** 13;

/** Why a value is not an amount; the sentence completes "<field> …". */
export class MoneyError extends Error {
  override name = "MoneyError";
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let f = formatters.get(currency);
  if (!f) {
    // en-US: the spec's examples ("$12.50"); the code is what matters, not the reader's locale.
    f = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, f);
  }
  return f;
}

/** How many decimal places the currency has (USD 2, JPY 0, KWD 3). */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    // resolvedOptions() builds a new object each call: once per currency, not once per amount.
    digits = formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

const digitsOf = new Map<string, number>();

/** The ways an amount may name the store currency: its symbols and its code. */
function currencyMarks(currency: string): string[] {
  const marks = new Set<string>([currency]);
  for (const display of ["symbol", "narrowSymbol"] as const) {
    const parts = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      currencyDisplay: display,
    }).formatToParts(1);
    const mark = parts.find((p) => p.type === "currency")?.value;
    if (mark) marks.add(mark);
  }
  // Longest first, so "CA$" is taken whole before "$".
  return [...marks].sort((a, b) => b.length - a.length);
}

const DIGITS = /^(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/;

function stripMark(text: string, currency: string): string {
  for (const mark of currencyMarks(currency)) {
    if (text.startsWith(mark)) return text.slice(mark.length).trimStart();
    if (text.endsWith(mark) && /^[A-Z]{3}$/.test(mark)) return text.slice(0, -mark.length).trimEnd();
  }
  if (/^[^\d\s.,+-]/.test(text)) throw new MoneyError(`must be in the store currency (${currency})`);
  return text;
}

/**
 * Parses an amount into integer minor units of `currency`: a number (`12.5`)
 * or text with an optional sign, the currency's symbol or code, and thousands
 * separators (`"12.50"`, `"$12.50"`, `"$1,234.50"`, `"-$5"`, `"12.50 USD"`).
 * Throws MoneyError with a sentence for the field when it is not one.
 */
export function parseMoney(value: unknown, currency: string, opts: { allowNegative?: boolean } = {}): number {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new MoneyError("must be an amount such as 12.50");
    if (Math.abs(value) >= MAX_MINOR_UNITS) throw new MoneyError("is too large");
    // Fifteen significant digits absorb binary noise (0.1 + 0.2 → 0.3) and keep every real decimal.
    text = String(Number(value.toPrecision(15)));
    // Only a tiny fraction prints in exponent form here (large values were refused above).
    if (text.includes("e")) text = (0).toFixed(currencyDigits(currency) + 1) + "1";
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    throw new MoneyError("must be an amount such as 12.50");
  }
  if (!text) throw new MoneyError("must be an amount such as 12.50");

  let negative = false;
  if (text.startsWith("-") || text.startsWith("+")) {
    negative = text.startsWith("-");
    text = text.slice(1).trimStart();
  }
  text = stripMark(text, currency);
  if (!negative && (text.startsWith("-") || text.startsWith("+"))) {
    negative = text.startsWith("-");
    text = text.slice(1).trimStart();
  }

  const match = DIGITS.exec(text);
  if (!match || text === "" || text === ".") throw new MoneyError("must be an amount such as 12.50");
  const [whole = "", fraction = ""] = text.replace(/,/g, "").split(".");
  const digits = currencyDigits(currency);
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits))) {
    throw new MoneyError(
      digits === 0
        ? `must be a whole amount (${currency} has no minor unit)`
        : `must have at most ${digits} decimal places`,
    );
  }
  const minorText = (whole || "0") + fraction.slice(0, digits).padEnd(digits, "0");
  if (minorText.replace(/^0+/, "").length > String(MAX_MINOR_UNITS).length) throw new MoneyError("is too large");
  const minor = Number(minorText);
  if (minor >= MAX_MINOR_UNITS) throw new MoneyError("is too large");
  if (negative && minor !== 0 && !opts.allowNegative) throw new MoneyError("must not be negative");
  return negative && minor !== 0 ? -minor : minor;
}

/** `"$12.50"`: how the API shows an amount of minor units. */
export function formatMoney(minor: number, currency: string): string {
  // A catalogue repeats its amounts (each option's $0.00 surcharge): each is formatted once.
  let texts = formatted.get(currency);
  if (!texts) formatted.set(currency, (texts = new Map()));
  let text = texts.get(minor);
  if (text === undefined) {
    text = formatter(currency).format(moneyRaw(minor, currency));
    if (texts.size >= 10_000) texts.clear();
    texts.set(minor, text);
  }
  return text;
}

const formatted = new Map<string, Map<number, string>>();

/** `12.5`: the float of the API's `_raw` fields. */
export function moneyRaw(minor: number, currency: string): number {
  // Both this quotient and the text "12.5" round the same real number to the nearest double.
  return minor / 10 ** currencyDigits(currency);
}
