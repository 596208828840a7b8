import { describe, expect, it } from "vitest";
import type { ColumnId } from "./columns";
import { importCsv, toCsv } from "./csv";
import { applyChanges, emptyEdits } from "../../../grid";
import { byKey, ctx, product } from "./fixtures";

const rows = [
  product("k1", { name: "Mug, large", price: 1250, quantity: -1, shippingGroup: "2", salePrice: null }),
  product("k2", { name: '=HYPERLINK("http://evil")', sku: "-5", price: 0, hasOptions: true, cost: -250 }),
  product("k3", { name: "Line\nbreak ünï 🍵", sku: "@sku", nameShort: "+short", status: "coming soon" }),
];
const products = byKey(rows);
const cols: ColumnId[] = ["name", "sku", "price", "salePrice", "cost", "quantity", "shippingGroup", "status"];

describe("toCsv", () => {
  it("writes a header, the key and the formatted values, RFC 4180 with CRLF", () => {
    const csv = toCsv(rows, cols, emptyEdits(), ctx);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Key,Name,SKU,Price,Sale price,Cost,Quantity,Shipping group,Status");
    expect(lines[1]).toBe('k1,"Mug, large",SKU-k1,12.50,,4.00,Unlimited,Heavy goods,Available');
    expect(lines[2]).toBe(`k2,"'=HYPERLINK(""http://evil"")",-5,0.00,,-2.50,5,Standard,Available`);
    expect(csv).toContain('k3,"Line\nbreak ünï 🍵",\'@sku,10.00');
    expect(csv.endsWith("Coming soon\r\n")).toBe(true);
  });

  it("writes the edited values, not a text in error", () => {
    const state = applyChanges(
      emptyEdits(),
      [
        { key: "k1", column: "price", text: "3" },
        { key: "k1", column: "sku", text: "" },
        { key: "k1", column: "name", text: "" },
      ],
      products,
      ctx,
      "Edit",
    );
    expect(toCsv(rows.slice(0, 1), ["name", "sku", "price"], state, ctx)).toBe(
      'Key,Name,SKU,Price\r\nk1,"Mug, large",,3.00\r\n',
    );
  });

  it("guards a key too", () => {
    expect(toCsv([product("=k")], ["sku"], emptyEdits(), ctx)).toBe("Key,SKU\r\n'=k,SKU-=k\r\n");
  });
});

describe("importCsv", () => {
  it("reads back an export as no change at all", () => {
    const csv = toCsv(rows, cols, emptyEdits(), ctx);
    const result = importCsv(csv, products, ctx);
    expect(result).toEqual({ requests: [], rows: 0, unknownKeys: [], unknownColumns: [], problems: [] });
    // With the byte-order mark the download adds, and LF line ends.
    expect(importCsv("\uFEFF" + csv.replaceAll("\r\n", "\n"), products, ctx).requests).toEqual([]);
  });

  it("turns changed cells into requests, by label or field name in any case", () => {
    const csv = ["KEY,name,Sale_Price,PRICE,shipping group", "k1,Mug XL,9.99,12.50,Standard", "k3,,,$1,"].join("\r\n");
    const result = importCsv(csv, products, ctx);
    expect(result.requests).toEqual([
      { key: "k1", column: "name", text: "Mug XL" },
      { key: "k1", column: "salePrice", text: "9.99" },
      { key: "k1", column: "shippingGroup", text: "Standard" },
      // An empty name is a change too: the review shows its error.
      { key: "k3", column: "name", text: "" },
      { key: "k3", column: "price", text: "$1" },
      { key: "k3", column: "shippingGroup", text: "" },
    ]);
    expect(result.rows).toBe(2);
    expect(result.problems).toEqual([]);
    const state = applyChanges(emptyEdits(), result.requests, products, ctx, "Import");
    expect(state.cells.size).toBe(6);
  });

  it("requires a Key column", () => {
    expect(importCsv("Name,Price\r\nMug,1\r\n", products, ctx)).toEqual({
      requests: [],
      rows: 0,
      unknownKeys: [],
      unknownColumns: [],
      problems: ["The file has no Key column: export a CSV from this page to see the columns it needs."],
    });
    expect(importCsv("", products, ctx).problems).toEqual(["The file is empty."]);
    expect(importCsv("\uFEFF\r\n", products, ctx).problems).toEqual(["The file is empty."]);
  });

  it("reports unknown keys and columns, each once", () => {
    const csv = "Key,Name,Description,Colour\nnope,x,y,z\nnope,x,y,z\nk1,Mug XL,a,b\nother,1,2,3\n";
    const result = importCsv(csv, products, ctx);
    expect(result.unknownKeys).toEqual(["nope", "other"]);
    expect(result.unknownColumns).toEqual(["Description", "Colour"]);
    expect(result.requests).toEqual([{ key: "k1", column: "name", text: "Mug XL" }]);
  });

  it("takes the formula guard off, keeps quoted line breaks, quotes and commas", () => {
    const csv = [
      "Key,Name,SKU,Cost",
      `k2,"'=HYPERLINK(""http://evil"") v2",'@x,-2.50`,
      `k3,"two\r\nlines, ""quoted""",'-5,`,
    ].join("\r\n");
    const result = importCsv(csv, products, ctx);
    expect(result.requests).toEqual([
      { key: "k2", column: "name", text: '=HYPERLINK("http://evil") v2' },
      { key: "k2", column: "sku", text: "@x" },
      { key: "k3", column: "name", text: 'two\r\nlines, "quoted"' },
      { key: "k3", column: "sku", text: "-5" },
      { key: "k3", column: "cost", text: "" },
    ]);
  });

  it("skips cells equal to the current value however they are written", () => {
    const csv = "Key,Price,Status,Quantity,Shipping group\nk1,$12.5,AVAILABLE,unlimited,heavy goods\n";
    expect(importCsv(csv, products, ctx).requests).toEqual([]);
  });

  it("compares with the edited value when given the edits", () => {
    const state = applyChanges(emptyEdits(), [{ key: "k1", column: "price", text: "3" }], products, ctx, "E");
    // 12.50 is the loaded price: against the edits it is a change (back).
    expect(importCsv("Key,Price\nk1,12.50\n", products, ctx, state).requests).toEqual([
      { key: "k1", column: "price", text: "12.50" },
    ]);
    expect(importCsv("Key,Price\nk1,3\n", products, ctx, state).requests).toEqual([]);
    expect(importCsv("Key,Price\nk1,12.50\n", products, ctx).requests).toEqual([]);
  });

  it("leaves out a quantity on a product with options, and says so", () => {
    const result = importCsv("Key,Quantity\nk2,7\nk1,3\n", products, ctx);
    expect(result.requests).toEqual([{ key: "k1", column: "quantity", text: "3" }]);
    expect(result.problems).toEqual(["1 quantity was left out: on a product with options it is the sum of theirs."]);
  });

  it("lets a later row of the same product win, and says so", () => {
    const result = importCsv("Key,Price,SKU\nk1,1,X\nk1,12.50,Y\n", products, ctx);
    expect(result.requests).toEqual([{ key: "k1", column: "sku", text: "Y" }]);
    expect(result.problems).toEqual(["1 product has more than one row (k1): the last row counts."]);
  });

  it("skips blank lines, leaves the cells of a short row alone, and reports rows without a key", () => {
    const result = importCsv("Key,Name,SKU\r\n\r\n,,\r\nk1,Renamed\r\n,Orphan,x\r\n", products, ctx);
    expect(result.requests).toEqual([{ key: "k1", column: "name", text: "Renamed" }]);
    expect(result.problems).toEqual(["1 row has no key and was left out."]);
  });

  it("reads a semicolon-separated file (Excel where the decimal mark is a comma)", () => {
    const result = importCsv('Key;Name;Price\r\nk1;"Mug; XL";12.50\r\n', products, ctx);
    expect(result.requests).toEqual([{ key: "k1", column: "name", text: "Mug; XL" }]);
  });

  it("reads Excel's text formula for a value kept as typed", () => {
    const result = importCsv('Key,SKU\r\nk1,"=""00123"""\r\n', products, ctx);
    expect(result.requests).toEqual([{ key: "k1", column: "sku", text: "00123" }]);
  });

  it("reports a quoted cell that is never closed", () => {
    const result = importCsv('Key,Name\r\nk1,"never closed\r\n', products, ctx);
    expect(result.problems).toEqual(["A quoted cell is never closed: check the file's last rows."]);
  });

  it("reports text after a closing quote, which may run into the rows after it", () => {
    const result = importCsv('Key,Name\r\nk1,"Mug" XL\r\nk3,"a, b"\r\n', products, ctx);
    expect(result.problems).toEqual([
      "Row 2 has text after a quoted cell's closing quote: check it and the rows after it, which may have been read into that cell.",
    ]);
  });

  it("reads only the first of two columns with one name", () => {
    const result = importCsv("Key,Name,name\nk1,A,B\n", products, ctx);
    expect(result.requests).toEqual([{ key: "k1", column: "name", text: "A" }]);
    expect(result.problems).toEqual(["The column Name appears twice: only the first one was read."]);
  });

  it("handles 10,000 rows", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => product(`p${i}`, { name: `Name ${i}, "x"` }));
    const map = byKey(many);
    const csv = toCsv(many, cols, emptyEdits(), ctx);
    const result = importCsv(csv.replaceAll("10.00", "11.00"), map, ctx);
    expect(result.requests).toHaveLength(10_000);
    expect(result.rows).toBe(10_000);
  });
});
