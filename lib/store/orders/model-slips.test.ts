import { describe, expect, it } from "vitest";
import {
  type PackingSlip,
  type SlipLine,
  comparePickRows,
  formatOrderNumbers,
  parseOrderNumbers,
  pickList,
  pickTotal,
  pickableSlips,
  printHref,
  productNameOf,
  valuesText,
} from "./model-slips";

const line = (over: Partial<SlipLine>): SlipLine => ({
  name: "Crew Tee",
  productKey: "tee",
  optionKey: null,
  optionValues: {},
  extras: [],
  sku: "",
  quantity: 1,
  unitPrice: null,
  product: "present",
  ...over,
});

const slip = (number: number, lines: SlipLine[]): Pick<PackingSlip, "number" | "lines"> => ({ number, lines });

describe("pickList", () => {
  it("sums each product option across orders and says for which orders", () => {
    const rows = pickList([
      slip(1001, [
        line({
          name: "Crew Tee (M, White)",
          optionKey: "tee-m",
          optionValues: { Size: "M", Color: "White" },
          sku: "TEE-M",
          quantity: 2,
        }),
        line({ name: "Mug", productKey: "mug", sku: "MUG", quantity: 1 }),
      ]),
      slip(1002, [
        line({
          name: "Crew Tee (M, White)",
          optionKey: "tee-m",
          optionValues: { Size: "M", Color: "White" },
          sku: "TEE-M",
          quantity: 3,
        }),
        line({
          name: "Crew Tee (S, White)",
          optionKey: "tee-s",
          optionValues: { Size: "S", Color: "White" },
          sku: "TEE-S",
          quantity: 1,
        }),
      ]),
    ]);
    expect(rows.map((r) => [r.sku, r.name, valuesText(r.values), r.quantity])).toEqual([
      ["MUG", "Mug", "", 1],
      ["TEE-M", "Crew Tee", "Size: M · Color: White", 5],
      ["TEE-S", "Crew Tee", "Size: S · Color: White", 1],
    ]);
    expect(rows[1]!.orders).toEqual([
      { number: 1001, quantity: 2 },
      { number: 1002, quantity: 3 },
    ]);
    expect(pickTotal(rows)).toBe(7);
  });

  it("adds up two lines of one option in one order under that order once", () => {
    const rows = pickList([
      slip(7, [line({ optionKey: "a", sku: "A", quantity: 1 }), line({ optionKey: "a", sku: "A", quantity: 4 })]),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.orders).toEqual([{ number: 7, quantity: 5 }]);
  });

  it("sorts by SKU with numbers in order, then lines without a SKU by name and values", () => {
    const rows = pickList([
      slip(1, [
        line({ name: "Zebra", productKey: "z", sku: "" }),
        line({ name: "Apple", productKey: "a", optionKey: "a2", optionValues: { Size: "L" }, sku: "" }),
        line({ name: "Apple", productKey: "a", optionKey: "a1", optionValues: { Size: "M" }, sku: "" }),
        line({ name: "Shelf 10", productKey: "s10", sku: "BIN-10" }),
        line({ name: "Shelf 9", productKey: "s9", sku: "BIN-9" }),
        line({ name: "Other", productKey: "o", sku: "bin-2" }),
      ]),
    ]);
    expect(rows.map((r) => r.sku || `${r.name} ${valuesText(r.values)}`.trim())).toEqual([
      "bin-2",
      "BIN-9",
      "BIN-10",
      "Apple Size: L",
      "Apple Size: M",
      "Zebra",
    ]);
  });

  it("gives extras rows of their own, by the line's quantity, after the options", () => {
    const rows = pickList([
      slip(1, [
        line({ optionKey: "o", sku: "TEE", quantity: 2, extras: [{ key: "gift", values: { "Gift wrap": "Yes" } }] }),
      ]),
      slip(2, [
        line({ optionKey: "o", sku: "TEE", quantity: 1, extras: [{ key: "gift", values: { "Gift wrap": "Yes" } }] }),
      ]),
    ]);
    expect(rows.map((r) => [r.kind, r.sku, r.quantity])).toEqual([
      ["option", "TEE", 3],
      ["extra", "", 3],
    ]);
    expect(rows[1]!.name).toBe("Crew Tee");
  });

  it("groups lines of a product that is gone by the name and values the orders kept", () => {
    const gone = { productKey: null, product: "gone" as const, optionValues: { Size: "M" } };
    const rows = pickList([
      slip(1, [line({ ...gone, name: "Old Tee (M)" })]),
      slip(2, [line({ ...gone, name: "Old Tee (M)", quantity: 2 })]),
      slip(3, [line({ ...gone, name: "Old Tee (L)", optionValues: { Size: "L" } })]),
    ]);
    expect(rows.map((r) => [r.name, valuesText(r.values), r.quantity, r.gone])).toEqual([
      ["Old Tee", "Size: L", 1, true],
      ["Old Tee", "Size: M", 3, true],
    ]);
  });

  it("leaves out lines of no quantity", () => {
    expect(pickList([slip(1, [line({ quantity: 0 })])])).toEqual([]);
  });

  it("compares a SKU before none", () => {
    const row = { id: "", kind: "option" as const, name: "A", values: {}, quantity: 1, orders: [], gone: false };
    expect(comparePickRows({ ...row, sku: "" }, { ...row, sku: "Z" })).toBeGreaterThan(0);
  });
});

describe("productNameOf", () => {
  it("takes the option's values off the end of the line's name", () => {
    expect(productNameOf({ name: "Crew Tee (M, White)", optionValues: { Size: "M", Color: "White" } })).toBe(
      "Crew Tee",
    );
    expect(productNameOf({ name: "Crew Tee", optionValues: { Size: "M" } })).toBe("Crew Tee");
    expect(productNameOf({ name: "Mug", optionValues: {} })).toBe("Mug");
  });
});

describe("valuesText", () => {
  it("writes a name alone when its value repeats it or is empty", () => {
    expect(valuesText({ Engraving: "", "Gift wrap": "Yes", Note: "Note" })).toBe("Engraving · Gift wrap: Yes · Note");
  });
});

describe("order numbers in the address", () => {
  it("writes ascending runs as ranges and keeps the order given", () => {
    expect(formatOrderNumbers([1001, 1002, 1003, 1004, 1010, 1011, 999])).toBe("1001-1004,1010,1011,999");
    expect(formatOrderNumbers([])).toBe("");
  });

  it("reads ranges, #, spaces and commas, each order once", () => {
    expect(parseOrderNumbers("1001-1003, #1010 1002,1011")).toEqual({
      numbers: [1001, 1002, 1003, 1010, 1011],
      invalid: [],
      truncated: false,
    });
  });

  it("names what is not an order number", () => {
    expect(parseOrderNumbers("12,abc,0,9-3")).toMatchObject({ numbers: [12], invalid: ["abc", "0", "9-3"] });
  });

  it("keeps at most `max` orders and says so, even of a huge range", () => {
    const parsed = parseOrderNumbers("1-100000000", 250);
    expect(parsed.numbers).toHaveLength(250);
    expect(parsed.numbers.at(-1)).toBe(250);
    expect(parsed.truncated).toBe(true);
  });

  it("round-trips a hundred scattered orders in a short address", () => {
    const numbers = Array.from({ length: 100 }, (_, i) => 10_000 + i * 3);
    const href = printHref(numbers);
    expect(parseOrderNumbers(new URL(href, "http://x").searchParams.get("orders") ?? "").numbers).toEqual(numbers);
    expect(href.length).toBeLessThan(2_000);
    expect(printHref(Array.from({ length: 100 }, (_, i) => 5_000 + i))).toBe("/orders/print?orders=5000-5099");
  });

  it("prints one order's slip only, several orders' pick list and slips", () => {
    expect(printHref([1042])).toBe("/orders/print?orders=1042&show=slips");
    expect(printHref([1, 2])).toBe("/orders/print?orders=1%2C2");
  });
});

describe("pickableSlips", () => {
  const slips = [
    { number: 1001, paymentState: "paid" },
    { number: 1002, paymentState: "pending" },
    { number: 1003, paymentState: "failed" },
    { number: 1004, paymentState: "paid" },
  ];

  it("leaves the unpaid orders out of the pick list, with their reason", () => {
    const choice = pickableSlips(slips, { includeUnpaid: false });
    expect(choice.picked.map((s) => s.number)).toEqual([1001, 1004]);
    expect(choice.unpaid).toEqual([
      { number: 1002, reason: "Payment pending" },
      { number: 1003, reason: "Payment failed" },
    ]);
  });

  it("counts them when included on purpose, and still names them", () => {
    const choice = pickableSlips(slips, { includeUnpaid: true });
    expect(choice.picked.map((s) => s.number)).toEqual([1001, 1002, 1003, 1004]);
    expect(choice.unpaid.map((u) => u.number)).toEqual([1002, 1003]);
  });
});
