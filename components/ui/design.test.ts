import { readFile } from "node:fs/promises";
import path from "node:path";
import tailwind from "@tailwindcss/postcss";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import tokens from "../../lib/design/tokens.json";
import { pageInfo } from "./pagination";
import { parseTheme } from "./theme";

const root = path.resolve(__dirname, "../..");

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

type Name = keyof typeof tokens.color.light;
const surfaces: Name[] = ["canvas", "surface", "surface-muted", "surface-hover"];
// Text on the backgrounds it is used on (docs/design.md#colour).
const textPairs: Array<[Name, Name]> = [
  ...surfaces.flatMap((bg): Array<[Name, Name]> => [
    ["fg", bg],
    ["fg-muted", bg],
    ["danger", bg],
    ["accent", bg],
  ]),
  ["primary-fg", "primary"],
  ["primary-fg", "primary-hover"],
  ["danger-fg", "danger"],
  ["danger-fg", "danger-hover"],
  ["accent-soft-fg", "accent-soft"],
  ["danger-soft-fg", "danger-soft"],
  ["success-soft-fg", "success-soft"],
  ["warning-soft-fg", "warning-soft"],
  ["info-soft-fg", "info-soft"],
];
// Controls' edges and the focus ring against what they sit on (WCAG 1.4.11).
const uiPairs: Array<[Name, Name]> = [
  ["border-strong", "surface"],
  ["border-strong", "canvas"],
  ["ring", "surface"],
  ["ring", "canvas"],
  ["ring", "surface-muted"],
];

describe.each(["light", "dark"] as const)("the %s colours", (scheme) => {
  const colour = tokens.color[scheme];
  it.each(textPairs)("%s on %s reads at 4.5:1 or more", (fg, bg) => {
    expect(contrast(colour[fg], colour[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(uiPairs)("%s on %s shows at 3:1 or more", (fg, bg) => {
    expect(contrast(colour[fg], colour[bg])).toBeGreaterThanOrEqual(3);
  });
});

describe("the theme's CSS", () => {
  it("declares every token as a variable: light at the root, dark when chosen or when the system is dark", async () => {
    const file = path.join(root, "app/globals.css");
    const result = await postcss([tailwind({ base: root })]).process(await readFile(file, "utf8"), { from: file });
    const blocks: Record<string, Record<string, string>> = {};
    result.root.walkRules((rule) => {
      const media = rule.parent?.type === "atrule" && rule.parent.name === "media" ? `${rule.parent.params} ` : "";
      const block = (blocks[media + rule.selector] ??= {});
      rule.walkDecls((decl) => {
        block[decl.prop] = decl.value;
      });
    });
    const light = blocks[":root"];
    const chosenDark = blocks[':root[data-theme="dark"]'];
    const systemDark = blocks['(prefers-color-scheme: dark) :root[data-theme="system"]'];
    for (const [name, value] of Object.entries(tokens.color.light)) expect(light?.[`--color-${name}`]).toBe(value);
    for (const [name, value] of Object.entries(tokens.color.dark)) {
      expect(chosenDark?.[`--color-${name}`]).toBe(value);
      expect(systemDark?.[`--color-${name}`]).toBe(value);
    }
    expect(light?.["color-scheme"]).toBe("light");
    expect(chosenDark?.["color-scheme"]).toBe("dark");
    expect(systemDark?.["color-scheme"]).toBe("dark");
    expect(light?.["--focus-ring-width"]).toBe(tokens.focusRing.width);
    expect(blocks[":focus-visible"]?.outline).toBe("var(--focus-ring-width) solid var(--color-ring)");
  });
});

describe("parseTheme", () => {
  it("keeps a known theme and reads anything else as system", () => {
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("system")).toBe("system");
    expect(parseTheme("blue")).toBe("system");
    expect(parseTheme(undefined)).toBe("system");
  });
});

describe("pageInfo", () => {
  it("counts the pages when the total is known", () => {
    expect(pageInfo({ page: 0, pageSize: 20, itemCount: 20, total: 45 })).toEqual({
      pages: 3,
      hasPrevious: false,
      hasNext: true,
    });
    expect(pageInfo({ page: 2, pageSize: 20, itemCount: 5, total: 45 })).toEqual({
      pages: 3,
      hasPrevious: true,
      hasNext: false,
    });
    // A full last page: the total says there is nothing after it.
    expect(pageInfo({ page: 1, pageSize: 20, itemCount: 20, total: 40 }).hasNext).toBe(false);
  });

  it("without a total, takes a short page as the last", () => {
    expect(pageInfo({ page: 1, pageSize: 20, itemCount: 20 })).toEqual({
      pages: null,
      hasPrevious: true,
      hasNext: true,
    });
    expect(pageInfo({ page: 1, pageSize: 20, itemCount: 7 }).hasNext).toBe(false);
    expect(pageInfo({ page: 0, pageSize: 20, itemCount: 0, total: 0 })).toEqual({
      pages: 1,
      hasPrevious: false,
      hasNext: false,
    });
  });
});
