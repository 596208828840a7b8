import { describe, expect, it } from "vitest";
import { newItemRow } from "../../../lib/store/products/edit";
import { collapseAfter, inputWidthCh, rowMatches, rowSummary, rowsView } from "./items-view";

const sizes = ["XS", "S", "M", "L", "XL"];
const colours = ["White", "Black", "Heather Grey", "Navy"];
// The demo tee: 5 sizes × 4 colours.
const tee = sizes.flatMap((size) =>
  colours.map((colour) => ({
    values: [size, colour],
    fetchSku: `APP-TEE-${size}-${colour.toUpperCase().replace(/ /g, "-")}`,
  })),
);

describe("rowMatches", () => {
  it("finds every word of the filter in the values or the fetch SKU, case aside", () => {
    expect(rowMatches({ values: ["M", "Heather Grey"], fetchSku: "APP-TEE-M-HEATHER-GREY" }, "m grey")).toBe(true);
    expect(rowMatches({ values: ["M", "Navy"], fetchSku: "APP-TEE-M-NAVY" }, "tee-m-navy")).toBe(true);
    expect(rowMatches({ values: ["M", "Navy"], fetchSku: "" }, "grey")).toBe(false);
    expect(rowMatches({ values: ["M", "Navy"], fetchSku: "" }, "   ")).toBe(true);
  });
});

describe("rowsView", () => {
  it("shows every row of a dozen, with nothing to collapse", () => {
    const view = rowsView(tee.slice(0, collapseAfter), { filter: "navy" });
    expect(view).toEqual({ shown: [...Array(12).keys()], matched: 12, collapsible: false, hidden: 0 });
  });

  it("collapses past a dozen rows to the first dozen, until expanded", () => {
    expect(rowsView(tee)).toMatchObject({ shown: [...Array(12).keys()], matched: 20, collapsible: true, hidden: 8 });
    expect(rowsView(tee, { expanded: true })).toMatchObject({ shown: [...Array(20).keys()], hidden: 0 });
  });

  it("filters every row, collapsed or not", () => {
    const view = rowsView(tee, { filter: "navy" });
    expect(view.shown).toEqual([3, 7, 11, 15, 19]);
    expect(view).toMatchObject({ matched: 5, hidden: 0 });
    expect(rowsView(tee, { filter: "xl heather" }).shown).toEqual([18]);
    expect(rowsView(tee, { filter: "purple" })).toMatchObject({ shown: [], matched: 0 });
  });

  it("always shows the rows it must keep: an error, a row just added", () => {
    expect(rowsView(tee, { keep: [19] }).shown).toEqual([...Array(12).keys(), 19]);
    expect(rowsView(tee, { filter: "navy", keep: [0] }).shown).toEqual([0, 3, 7, 11, 15, 19]);
  });
});

describe("inputWidthCh", () => {
  it("fits the longest value, within bounds", () => {
    // 19 capitals and 4 hyphens.
    expect(inputWidthCh(["APP-TEE-XS-HEATHER-GREY", "APP-TEE-S-NAVY"])).toBe(33);
    expect(inputWidthCh(["small"])).toBe(10);
    expect(inputWidthCh(["S", ""])).toBe(6);
    expect(inputWidthCh(["x".repeat(200)])).toBe(40);
  });
});

describe("rowSummary", () => {
  it("says a row in one line", () => {
    const row = { ...newItemRow(2), values: ["M", "Red"], quantity: "3", unlimited: false, surcharge: "2.00" };
    expect(rowSummary(row, { currency: "USD" })).toBe("M / Red · 3 in stock · +2.00 USD");
    expect(rowSummary({ ...row, unlimited: true, surcharge: "0" }, { currency: "USD" })).toBe("M / Red · unlimited");
    expect(rowSummary({ ...newItemRow(1) }, { currency: "USD", withQuantity: false })).toBe("No values yet");
  });
});
