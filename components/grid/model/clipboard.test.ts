import { describe, expect, it } from "vitest";
import { copyCells, parseTsv, pasteRequests, toTsv } from "./clipboard";
import type { ColumnId } from "../columns";
import { applyChanges, emptyEdits } from "./edits";
import { byKey, ctx, product } from "../../products/bulk/model/fixtures";
import { collapse, type Selection } from "./selection";

const range = (top: number, left: number, bottom: number, right: number): Selection => ({
  anchor: { row: top, col: left },
  focus: { row: bottom, col: right },
});

describe("TSV", () => {
  it("writes tabs and line feeds, quoting only where needed", () => {
    expect(
      toTsv([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe("a\tb\nc\td");
    expect(toTsv([["tab\there", "line\nbreak", 'say "hi"', "crlf\r\n"]])).toBe(
      '"tab\there"\t"line\nbreak"\t"say ""hi"""\t"crlf\r\n"',
    );
    expect(toTsv([["5\" screen, 'single'"]])).toBe('"5"" screen, \'single\'"');
    expect(toTsv([])).toBe("");
    expect(toTsv([[""]])).toBe("");
  });

  it("reads what Excel and Google Sheets put on the clipboard", () => {
    // Excel: CRLF and a line break at the end.
    expect(parseTsv("a\tb\r\nc\td\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    // Sheets: LF, no line break at the end.
    expect(parseTsv("a\tb\nc\td")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    // A lone CR (old Mac).
    expect(parseTsv("a\rb")).toEqual([["a"], ["b"]]);
    // Quoted cells with line breaks, tabs and doubled quotes.
    expect(parseTsv('"two\nlines"\t"tab\tin"\t"say ""hi"""\r\n')).toEqual([["two\nlines", "tab\tin", 'say "hi"']]);
    expect(parseTsv('"crlf\r\ninside"\tx')).toEqual([["crlf\r\ninside", "x"]]);
  });

  it("keeps empty cells and empty rows, but not the line break at the end", () => {
    expect(parseTsv("\tb\t")).toEqual([["", "b", ""]]);
    expect(parseTsv("a\n\nb\n")).toEqual([["a"], [""], ["b"]]);
    expect(parseTsv("")).toEqual([[""]]);
    expect(parseTsv("\r\n")).toEqual([[""]]);
    expect(parseTsv("x\n\n")).toEqual([["x"], [""]]);
  });

  it("reads a quote that does not open a quoted cell as text", () => {
    expect(parseTsv('5" screen\tx')).toEqual([['5" screen', "x"]]);
    expect(parseTsv('a"b"c')).toEqual([['a"b"c']]);
    // Never closed: as it stands.
    expect(parseTsv('"open\tx')).toEqual([['"open', "x"]]);
    // Text after a closing quote: no spreadsheet writes it, so the text is read as it stands.
    expect(parseTsv('"quoted" tail\tx')).toEqual([['"quoted" tail', "x"]]);
    expect(parseTsv('"Classic" mug\n"open\nx')).toEqual([['"Classic" mug'], ['"open'], ["x"]]);
  });

  it("round-trips any cells", () => {
    const samples = [
      [["plain", "ünïcødé 🍵", "", 'a "quote"']],
      [["multi\nline", "tab\t", "\r\n", '"']],
      [["a"], [""]],
      [[""], [""], [""]],
      [
        ["", ""],
        ["", ""],
      ],
      [
        ["x", ""],
        ["", "y"],
      ],
      [["𝒳 surrogate", "\u00a0nbsp"]],
    ];
    for (const cells of samples) expect(parseTsv(toTsv(cells))).toEqual(cells);
  });
});

describe("pasteRequests", () => {
  const rows = [product("a"), product("b"), product("c", { hasOptions: true }), product("d")];
  const cols: ColumnId[] = ["name", "price", "quantity"];

  it("pastes a block at the range's top-left", () => {
    const { requests, skipped, readOnly } = pasteRequests("X\t1\nY\t2\n", collapse({ row: 0, col: 0 }), rows, cols);
    expect(requests).toEqual([
      { key: "a", column: "name", text: "X" },
      { key: "a", column: "price", text: "1" },
      { key: "b", column: "name", text: "Y" },
      { key: "b", column: "price", text: "2" },
    ]);
    expect(skipped).toBe(0);
    expect(readOnly).toBe(0);
    // The top-left of a range selected upwards.
    const up = pasteRequests("Z", { anchor: { row: 1, col: 1 }, focus: { row: 1, col: 1 } }, rows, cols);
    expect(up.requests).toEqual([{ key: "b", column: "price", text: "Z" }]);
  });

  it("fills a range with a single value", () => {
    const { requests, readOnly } = pasteRequests("7\r\n", range(3, 2, 0, 1), rows, cols);
    expect(requests).toHaveLength(7);
    expect(requests.every((r) => r.text === "7")).toBe(true);
    // c's quantity cannot change.
    expect(readOnly).toBe(1);
    expect(requests.some((r) => r.key === "c" && r.column === "quantity")).toBe(false);
  });

  it("tiles a block that divides the range", () => {
    const { requests } = pasteRequests("A\nB", range(0, 0, 3, 0), rows, cols);
    expect(requests.map((r) => `${r.key}:${r.text}`)).toEqual(["a:A", "b:B", "c:A", "d:B"]);
    const across = pasteRequests("1\t2", range(0, 0, 0, 1), rows, cols);
    expect(across.requests.map((r) => r.text)).toEqual(["1", "2"]);
  });

  it("pastes once, at its own size, when the block does not divide the range", () => {
    const { requests } = pasteRequests("A\nB", range(0, 0, 2, 0), rows, cols);
    expect(requests.map((r) => `${r.key}:${r.text}`)).toEqual(["a:A", "b:B"]);
  });

  it("counts what falls outside the grid", () => {
    const { requests, skipped } = pasteRequests("1\t2\t3\n4\t5\t6", collapse({ row: 3, col: 1 }), rows, cols);
    expect(requests).toEqual([
      { key: "d", column: "price", text: "1" },
      { key: "d", column: "quantity", text: "2" },
    ]);
    expect(skipped).toBe(4);
  });

  it("pastes missing cells of a short row as empty, and keeps quoted line breaks in one cell", () => {
    const { requests } = pasteRequests('"two\nlines"\t5\nshort', collapse({ row: 0, col: 0 }), rows, cols);
    expect(requests).toEqual([
      { key: "a", column: "name", text: "two\nlines" },
      { key: "a", column: "price", text: "5" },
      { key: "b", column: "name", text: "short" },
      { key: "b", column: "price", text: "" },
    ]);
  });
});

describe("copyCells", () => {
  const rows = [product("a", { name: 'Tab\t"quoted"', price: 1250, quantity: -1 }), product("b", { salePrice: 99 })];
  const cols: ColumnId[] = ["name", "price", "salePrice", "quantity", "shippingGroup"];

  it("copies the range as shown, and round-trips through a paste", () => {
    const text = copyCells(range(0, 0, 1, 4), rows, cols, emptyEdits(), ctx);
    expect(text).toBe('"Tab\t""quoted"""\t12.50\t\tUnlimited\tStandard\nProduct b\t10.00\t0.99\t5\tStandard');
    const { requests } = pasteRequests(text, collapse({ row: 0, col: 0 }), rows, cols);
    const state = applyChanges(emptyEdits(), requests, byKey(rows), ctx, "Paste");
    expect(state.cells.size).toBe(0);
  });

  it("copies edited values, and a text in error as typed", () => {
    const state = applyChanges(
      emptyEdits(),
      [
        { key: "a", column: "price", text: "3" },
        { key: "b", column: "price", text: "oops" },
      ],
      byKey(rows),
      ctx,
      "Edit",
    );
    expect(copyCells(range(0, 1, 1, 1), rows, cols, state, ctx)).toBe("3.00\noops");
  });

  it("leaves out what is past the grid", () => {
    expect(copyCells(range(1, 3, 5, 9), rows, cols, emptyEdits(), ctx)).toBe("5\tStandard");
  });
});
