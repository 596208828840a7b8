/**
 * The colour scheme a person chose, kept in the `theme` cookie and rendered
 * as `<html data-theme>` by app/layout.tsx (docs/design.md#theme). Plain
 * values: safe on the server and in the browser.
 */
export const themes = ["system", "light", "dark"] as const;
export type Theme = (typeof themes)[number];

export const themeCookie = "theme";

/** A cookie value as a theme; anything else (missing, tampered) is `system`. */
export function parseTheme(value: string | undefined): Theme {
  return themes.find((theme) => theme === value) ?? "system";
}
