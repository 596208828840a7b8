import { describe, expect, it } from "vitest";
import { formatPercent, parsePercent, PercentError, percentRaw } from "./percent.js";

describe("parsePercent", () => {
  it.each([
    [8.25, 8.25],
    ["8.25", 8.25],
    ["8.25%", 8.25],
    [" 8.25 % ", 8.25],
    ["8.", 8],
    [".5", 0.5],
    [0, 0],
    ["100%", 100],
    [7.0000004, 7],
    [0.1 + 0.2, 0.3],
  ])("%j is %j", (value, percent) => {
    expect(parsePercent(value)).toBe(percent);
  });

  it.each([-1, 100.01, "101", "-5", "8,25", "1e2", "abc", "", "%", "8.25%%", NaN, Infinity, null, true, [8]])(
    "refuses %j",
    (value) => {
      expect(() => parsePercent(value)).toThrow(PercentError);
    },
  );
});

describe("formatPercent and percentRaw", () => {
  it.each([
    [8.25, "8.25%"],
    [10, "10%"],
    [0, "0%"],
    [12.5, "12.5%"],
    [0.000001, "0.000001%"],
    [6.625, "6.625%"],
  ])("%j shows as %j", (percent, text) => {
    expect(formatPercent(percent)).toBe(text);
    expect(percentRaw(percent)).toBe(percent);
  });
});
