import { describe, expect, it } from "vitest";
import { csvCell, csvRows, delimitedCell, guardFormula, unguardFormula } from "./csv";

describe("guarding formulas", () => {
  it("prefixes what a spreadsheet would run, not negative numbers", () => {
    expect(guardFormula("=1+1")).toBe("'=1+1");
    expect(guardFormula("+1")).toBe("'+1");
    expect(guardFormula("@A1")).toBe("'@A1");
    expect(guardFormula("-A1")).toBe("'-A1");
    expect(guardFormula("\tx")).toBe("'\tx");
    expect(guardFormula("\rx")).toBe("'\rx");
    expect(guardFormula("-1")).toBe("-1");
    expect(guardFormula("-2.50")).toBe("-2.50");
    expect(guardFormula("-2.")).toBe("'-2.");
    expect(guardFormula("plain")).toBe("plain");
    expect(guardFormula("'Tis")).toBe("'Tis");
    // A text that already starts with the guard gets one more, to survive the way back.
    expect(guardFormula("'=x")).toBe("''=x");
  });

  it("also what Excel runs after blanks, and in full-width forms", () => {
    for (const text of [" =1+1", "  +1", "\u00a0=1", "\u3000=1", "\n=1", "＝1+1", "＋1", "－A1", "＠A1", " ＝1"]) {
      expect(guardFormula(text), JSON.stringify(text)).toBe(`'${text}`);
    }
    expect(guardFormula(" - a list")).toBe("' - a list");
    expect(guardFormula("a = b")).toBe("a = b");
  });

  it("takes the guard off again, and only the guard", () => {
    for (const text of [
      "=1+1",
      "+1",
      "@A1",
      "-A1",
      "-1",
      "-2.50",
      "plain",
      "'Tis",
      "'=x",
      "''+y",
      "'",
      " =1",
      "＝1",
      "'-1",
    ]) {
      expect(unguardFormula(guardFormula(text)), JSON.stringify(text)).toBe(text);
    }
    expect(unguardFormula("'Tis")).toBe("'Tis");
  });
});

describe("CSV cells", () => {
  it("quotes a cell holding any separator a spreadsheet may split on, so that it stays one cell", () => {
    expect(csvCell("Smith;=1+1")).toBe('"Smith;=1+1"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a\tb")).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("guards and quotes together", () => {
    expect(csvCell("=1;2")).toBe(`"'=1;2"`);
    expect(csvCell(' =HYPERLINK("x")')).toBe(`"' =HYPERLINK(""x"")"`);
    expect(csvCell("＝1+1")).toBe("'＝1+1");
    expect(csvCell("-5")).toBe("-5");
  });

  it("writes rows with CRLF after each, guarding text but not numbers, flags or missing values", () => {
    expect(
      csvRows([
        ["name", "count", "ok", "note"],
        ["=x", -1, true, null],
        [" padded ", 2.5, false, "-2.50"],
      ]),
    ).toBe(`name,count,ok,note\r\n'=x,-1,true,\r\n" padded ",2.5,false,-2.50\r\n`);
    expect(csvRows([])).toBe("");
  });

  it("a delimited cell (the grid's clipboard) is quoted for its own separator only", () => {
    expect(delimitedCell("a,b", "\t")).toBe("a,b");
    expect(delimitedCell("a\tb", "\t")).toBe('"a\tb"');
    expect(delimitedCell('"', "\t")).toBe('""""');
  });
});
