import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";
import tokens from "./lib/design/tokens.json";

// Tailwind v4 reads this file through `@config` in app/globals.css. Every
// value comes from lib/design/tokens.json (docs/design.md): nothing here is
// typed twice.

type Scheme = keyof typeof tokens.color;
type SemanticColor = keyof (typeof tokens.color)["light"];

const semanticNames = Object.keys(tokens.color.light) as SemanticColor[];

/** The CSS variables of one colour scheme: `--color-<name>` for each semantic colour. */
function schemeVariables(scheme: Scheme): Record<string, string> {
  return Object.fromEntries(semanticNames.map((name) => [`--color-${name}`, tokens.color[scheme][name]]));
}

/** Values that do not change with the scheme: the brand palette, the focus ring, the controls. */
const fixedVariables: Record<string, string> = {
  ...Object.fromEntries(Object.entries(tokens.palette.brand).map(([step, hex]) => [`--color-brand-${step}`, hex])),
  ...Object.fromEntries(Object.entries(tokens.radius).map(([step, value]) => [`--radius-${step}`, value])),
  "--focus-ring-width": tokens.focusRing.width,
  "--focus-ring-offset": tokens.focusRing.offset,
  "--control-min-height": tokens.control.minHeight,
  "--control-padding-x": tokens.control.paddingX,
  "--control-padding-y": tokens.control.paddingY,
  "--logo-background": tokens.logo.background,
};

const darkVariables = { ...schemeVariables("dark"), "--logo-background": tokens.logo.backgroundDark };

/**
 * The theme's variables. `<html data-theme>` is `system`, `light` or `dark`
 * (the `theme` cookie, read by app/layout.tsx): dark applies when chosen, or
 * when left to the system and the system is dark. The same rule is the `dark:`
 * variant in app/globals.css.
 */
const themeVariables = plugin(({ addBase }) => {
  addBase({
    ":root": { ...fixedVariables, ...schemeVariables("light"), colorScheme: "light" },
    ':root[data-theme="dark"]': { ...darkVariables, colorScheme: "dark" },
    "@media (prefers-color-scheme: dark)": {
      ':root[data-theme="system"]': { ...darkVariables, colorScheme: "dark" },
    },
    // Paper is white whatever the screen shows: every page prints in the light scheme
    // (the packing slips: docs/architecture.md#printing). Last, so that it wins over both above.
    "@media print": {
      ":root:is([data-theme])": { ...schemeVariables("light"), colorScheme: "light" },
    },
  });
});

const fontSize = Object.fromEntries(
  Object.entries(tokens.fontSize).map(([step, [size, lineHeight]]) => [step, [size, { lineHeight }]]),
) as Record<string, [string, { lineHeight: string }]>;

export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: { sans: tokens.font.sans, mono: tokens.font.mono },
      fontSize,
      borderRadius: tokens.radius,
      colors: {
        brand: tokens.palette.brand,
        // One class for both schemes: the value is the scheme's variable.
        ...Object.fromEntries(semanticNames.map((name) => [name, `var(--color-${name})`])),
      },
      minHeight: { control: "var(--control-min-height)" },
      height: { control: "var(--control-min-height)" },
      width: { control: "var(--control-min-height)" },
    },
  },
  plugins: [themeVariables],
} satisfies Config;
