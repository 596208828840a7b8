import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_GROUPS, GENERATED_CODE, GROUP_LENGTH, generateCodes } from "./codes.js";

describe("generateCodes", () => {
  it("makes the number asked for, distinct, in groups of the readable alphabet", () => {
    const codes = generateCodes(5_000);
    expect(codes).toHaveLength(5_000);
    expect(new Set(codes).size).toBe(5_000);
    for (const code of codes) {
      expect(code).toMatch(GENERATED_CODE);
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    }
    expect(generateCodes(0)).toEqual([]);
  });

  it("leaves out the look-alikes 0, O, 1 and I, and has at least 50 random bits", () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    for (const c of "0O1I") expect(CODE_ALPHABET).not.toContain(c);
    expect(CODE_GROUPS * GROUP_LENGTH * Math.log2(CODE_ALPHABET.length)).toBeGreaterThanOrEqual(50);
  });

  it("uses every symbol about equally often (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (const code of generateCodes(10_000)) {
      for (const c of code.replace(/-/g, "")) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    // 120,000 symbols: 3,750 each expected, with a standard deviation near 60; ±15% is over 9 of them.
    expect(counts.size).toBe(32);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(3_750 * 0.85);
      expect(n).toBeLessThan(3_750 * 1.15);
    }
  });
});
