import { type Address, unpaidReason } from "./model";

/**
 * Packing slips and the pick list (issue 31): what a slip shows of an order,
 * the pick list summed from the slips, and the print view's address
 * (`/orders/print?orders=1001-1004,1010`). Pure and free of zod, so that the
 * page, its parts and the tests share it; the store's orders are read into
 * these in ./schema-slips.ts and ./api-slips.ts.
 *
 * A line's SKU: the Store Management API specification has one `sku` per
 * product (it lives on the default option) and, per option, only a
 * `fetch_sku` (docs/contract.md#catalogue-and-settings). A store that keeps
 * variant SKUs keeps them there (the bundled store's demo catalogue does), so
 * a line's SKU is its option's `fetch_sku` when it has one, else the
 * product's `sku`.
 */

/** The most orders one print view reads (each is one GET of the store's, a few at a time). */
export const maxSlipOrders = 250;

/** Where a line's product stands: in the catalogue, or gone (deleted since: docs/contract.md#orders). */
export type SlipProductState = "present" | "gone" | "unknown";

export interface SlipLine {
  /** The line's name as ordered ("Crew Tee (M, White)"), else the product's. */
  name: string;
  /** The product's key when the store said it; null once the product is gone. */
  productKey: string | null;
  /** The option's key when known (null for a line that names none). */
  optionKey: string | null;
  /** The option's values ("Size" → "M"); empty for a product's default option. */
  optionValues: Record<string, string>;
  /** The chosen extras: their keys (when known) and values. */
  extras: { key: string | null; values: Record<string, string> }[];
  sku: string;
  quantity: number;
  /** The base unit price in minor units of the order's currency, when the store sent it. */
  unitPrice: number | null;
  /** "gone": the store's product is no longer there; the line shows what the order kept. */
  product: SlipProductState;
}

export interface PackingSlip {
  number: number;
  /** UNIX seconds. */
  created: number | null;
  currency: string;
  /** Ship-to, else the billing address (a store copies one to the other when only one is sent). */
  shipTo: Address | null;
  /** Whether `shipTo` is the billing address standing in for a missing shipping one. */
  shipToIsBilling: boolean;
  /** The store's `payment_state`, lower case ("paid", "pending", "failed", …): an unpaid order is marked. */
  paymentState: string;
  lines: SlipLine[];
}

/** What a print view could not print, and why, in a person's words. */
export interface SlipProblem {
  number: number;
  /** "missing": no such order (a 404); "failed": the store did not answer it. */
  kind: "missing" | "failed";
  message: string;
}

export interface PackingSlips {
  slips: PackingSlip[];
  problems: SlipProblem[];
  /** Products the lines named that could not be read (gone, or the store failed): their keys. */
  productsUnavailable: string[];
}

/* ---------- words ---------- */

/** "Size: M · Colour: Blue"; "" for none. */
export function valuesText(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => (!value.trim() || value.trim() === name.trim() ? name : `${name}: ${value}`))
    .join(" · ");
}

/** The number of items on a slip (its lines' quantities). */
export function slipItemCount(slip: Pick<PackingSlip, "lines">): number {
  return slip.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/* ---------- the pick list ---------- */

export interface PickRow {
  /** Groups the lines: product and option keys, else the name and values the order kept. */
  id: string;
  kind: "option" | "extra";
  sku: string;
  /** The product's name; for an extra, the name of the product it comes with. */
  name: string;
  /** The option's (or the extra's) values. */
  values: Record<string, string>;
  quantity: number;
  /** The orders it goes to, each with how many, in the order the slips come. */
  orders: { number: number; quantity: number }[];
  /** The product is no longer in the catalogue (the lines' own words are shown). */
  gone: boolean;
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/**
 * The line's product name without the option's values that the store may
 * have appended ("Crew Tee (M, White)" → "Crew Tee"): the pick list shows the
 * values in their own column, and groups lines of one product whatever they
 * were called when ordered.
 */
export function productNameOf(line: Pick<SlipLine, "name" | "optionValues">): string {
  const values = Object.values(line.optionValues).filter((v) => v.trim());
  if (!values.length) return line.name;
  const suffix = ` (${values.join(", ")})`;
  return line.name.endsWith(suffix) ? line.name.slice(0, -suffix.length) : line.name;
}

function valuesKey(values: Record<string, string>): string {
  return JSON.stringify(Object.entries(values));
}

/**
 * Sums the slips' lines per product option (and per extra, which is taken
 * from stock once per item, as the option is: docs/contract.md#orders),
 * sorted so that a picker walks the shelves once: by SKU (numbers in a SKU in
 * their numeric order), then the rows with no SKU, by name and values.
 */
export function pickList(slips: readonly Pick<PackingSlip, "number" | "lines">[]): PickRow[] {
  const rows = new Map<string, PickRow>();
  const add = (id: string, row: Omit<PickRow, "id" | "quantity" | "orders">, number: number, quantity: number) => {
    let entry = rows.get(id);
    if (!entry) {
      entry = { ...row, id, quantity: 0, orders: [] };
      rows.set(id, entry);
    }
    entry.quantity += quantity;
    const last = entry.orders[entry.orders.length - 1];
    if (last?.number === number) last.quantity += quantity;
    else entry.orders.push({ number, quantity });
  };
  for (const slip of slips) {
    for (const line of slip.lines) {
      if (line.quantity <= 0) continue;
      const name = productNameOf(line);
      const gone = line.product === "gone";
      const productId = line.productKey ? `p:${line.productKey}` : `n:${name}`;
      const optionId = line.optionKey ? `o:${line.optionKey}` : `v:${valuesKey(line.optionValues)}`;
      add(
        `${productId}|${optionId}`,
        { kind: "option", sku: line.sku, name, values: line.optionValues, gone },
        slip.number,
        line.quantity,
      );
      for (const extra of line.extras) {
        const extraId = extra.key ? `e:${extra.key}` : `x:${valuesKey(extra.values)}`;
        add(
          `${productId}|${extraId}`,
          { kind: "extra", sku: "", name, values: extra.values, gone },
          slip.number,
          line.quantity,
        );
      }
    }
  }
  return [...rows.values()].sort(comparePickRows);
}

export function comparePickRows(a: PickRow, b: PickRow): number {
  const aSku = a.sku.trim();
  const bSku = b.sku.trim();
  if (aSku && !bSku) return -1;
  if (!aSku && bSku) return 1;
  return (
    collator.compare(aSku, bSku) ||
    collator.compare(a.name, b.name) ||
    (a.kind === b.kind ? 0 : a.kind === "option" ? -1 : 1) ||
    collator.compare(valuesText(a.values), valuesText(b.values))
  );
}

/** The items a pick list holds in all. */
export function pickTotal(rows: readonly Pick<PickRow, "quantity">[]): number {
  return rows.reduce((sum, row) => sum + row.quantity, 0);
}

/* ---------- the print view's address ---------- */

/**
 * Order numbers as the print view's `orders` parameter: ascending runs
 * written as ranges ("1001-1004,1010"), so that a hundred consecutive
 * orders cost ten characters of URL, and a hundred scattered ones some
 * 500 — well within what browsers and servers take (a few kB). The order the
 * slips print in is the order given, so it is kept: only runs that ascend by
 * one become ranges.
 */
export function formatOrderNumbers(numbers: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < numbers.length) {
    const start = numbers[i]!;
    let end = start;
    while (i + 1 < numbers.length && numbers[i + 1] === end + 1) {
      end = numbers[++i]!;
    }
    parts.push(end === start ? String(start) : end === start + 1 ? `${start},${end}` : `${start}-${end}`);
    i++;
  }
  return parts.join(",");
}

export interface ParsedOrderNumbers {
  /** Each order once, in the order given. */
  numbers: number[];
  /** Parts that are no order number ("abc", "0", a range that runs backwards), as written. */
  invalid: string[];
  /** Whether more than `max` were asked for (the first `max` are kept). */
  truncated: boolean;
}

/** Reads `orders` ("1001-1004,1010", "#1042", spaces or commas between). */
export function parseOrderNumbers(
  param: string | string[] | undefined,
  max: number = maxSlipOrders,
): ParsedOrderNumbers {
  const text = (Array.isArray(param) ? param.join(",") : (param ?? "")).slice(0, 20_000);
  const numbers: number[] = [];
  const seen = new Set<number>();
  const invalid: string[] = [];
  let truncated = false;
  const push = (n: number) => {
    if (seen.has(n)) return;
    if (numbers.length >= max) {
      truncated = true;
      return;
    }
    seen.add(n);
    numbers.push(n);
  };
  for (const part of text.split(/[\s,]+/)) {
    if (!part) continue;
    const match = /^#?(\d{1,15})(?:-#?(\d{1,15}))?$/.exec(part);
    const start = match ? Number(match[1]) : NaN;
    const end = match?.[2] !== undefined ? Number(match[2]) : start;
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 1 || end < start) {
      invalid.push(part.slice(0, 40));
      continue;
    }
    for (let n = start; n <= end; n++) {
      push(n);
      if (truncated) break;
    }
  }
  return { numbers, invalid: invalid.slice(0, 20), truncated };
}

/** Why a slip's order is not paid ("Payment pending"), the bulk fulfil's words (model.ts `unpaidReason`); null when paid. */
export function slipUnpaidReason(slip: Pick<PackingSlip, "paymentState">): string | null {
  return unpaidReason(slip);
}

export interface PickChoice<S> {
  /** The slips whose items the pick list sums. */
  picked: S[];
  /** The unpaid orders among the chosen, with their reason: left out of `picked` unless `includeUnpaid`. */
  unpaid: { number: number; reason: string }[];
}

/**
 * Which orders the pick list sums: the paid ones, and the unpaid ones only
 * when the person includes them on purpose (`unpaid=1` in the address), as
 * the bulk fulfil holds unpaid orders back. Their slips print either way,
 * marked.
 */
export function pickableSlips<S extends Pick<PackingSlip, "number" | "paymentState">>(
  slips: readonly S[],
  { includeUnpaid }: { includeUnpaid: boolean },
): PickChoice<S> {
  const picked: S[] = [];
  const unpaid: { number: number; reason: string }[] = [];
  for (const slip of slips) {
    const reason = slipUnpaidReason(slip);
    if (reason !== null) unpaid.push({ number: slip.number, reason });
    if (reason === null || includeUnpaid) picked.push(slip);
  }
  return { picked, unpaid };
}

/** What the print view shows: slips and the pick list, or one of them. */
export const printParts = ["all", "slips", "pick"] as const;
export type PrintPart = (typeof printParts)[number];

export const printPartLabels: Record<PrintPart, string> = {
  all: "Pick list and slips",
  slips: "Packing slips",
  pick: "Pick list",
};

export function readPrintPart(param: string | string[] | undefined): PrintPart {
  const value = Array.isArray(param) ? param[0] : param;
  return printParts.find((part) => part === value) ?? "all";
}

/**
 * The print view's address for these orders. One order prints its slip only
 * (a pick list of one order says what its slip says).
 */
export function printHref(numbers: readonly number[], part?: PrintPart): string {
  const chosen = part ?? (numbers.length === 1 ? "slips" : "all");
  const query = new URLSearchParams({ orders: formatOrderNumbers(numbers) });
  if (chosen !== "all") query.set("show", chosen);
  return `/orders/print?${query.toString()}`;
}
