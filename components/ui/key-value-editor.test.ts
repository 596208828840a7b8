import { describe, expect, it } from "vitest";
import { isBlankPair, pairErrors, pairsToRecord, updatePair } from "./key-value-editor";

const p = (key: string, value = "x") => ({ key, value });

describe("pairErrors", () => {
  it("flags every row of a repeated key, naming the other rows", () => {
    expect(pairErrors([p("color"), p("size"), p(" color "), p("color")])).toEqual([
      "must be unique: row 3, 4 have it too",
      undefined,
      "must be unique: row 1, 4 have it too",
      "must be unique: row 1, 3 have it too",
    ]);
  });
  it("keeps case: Color and color are two keys", () => {
    expect(pairErrors([p("Color"), p("color")])).toEqual([undefined, undefined]);
  });
  it("flags a value without a key, never a blank row", () => {
    expect(pairErrors([p("", "red"), p("", ""), p("  ", " ")])).toEqual([
      "is required when the row has a value",
      undefined,
      undefined,
    ]);
  });
});

describe("pairsToRecord", () => {
  it("builds the object without blank rows, keys trimmed", () => {
    expect(pairsToRecord([p(" color ", "red"), p("", ""), p("size", "")])).toEqual({ color: "red", size: "" });
  });
  it("refuses while a row has an error", () => {
    expect(pairsToRecord([p("a"), p("a")])).toBeUndefined();
  });
});

describe("updatePair and isBlankPair", () => {
  it("changes one row in a copy", () => {
    const pairs = [p("a", "1"), p("b", "2")];
    expect(updatePair(pairs, 1, { value: "3" })).toEqual([p("a", "1"), p("b", "3")]);
    expect(pairs[1]).toEqual(p("b", "2"));
    expect(isBlankPair(p(" ", ""))).toBe(true);
    expect(isBlankPair(p("", "v"))).toBe(false);
  });
});
