"use client";

import Monitor from "lucide-react/icons/monitor";
import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";
import { useId, useSyncExternalStore } from "react";
import { cn } from "./cn";
import { type Theme, parseTheme, themeCookie } from "./theme";

const options = [
  { value: "system", label: "System", Icon: Monitor },
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
] as const satisfies ReadonlyArray<{ value: Theme; label: string; Icon: unknown }>;

/**
 * Applies a theme at once (`<html data-theme>`, which the CSS variables
 * follow) and remembers it for a year in the `theme` cookie, which
 * app/layout.tsx reads on the next page load (docs/design.md#theme).
 */
export function setTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${themeCookie}=${theme}; path=/; max-age=31536000; samesite=lax${secure}`;
}

// The theme is the <html> attribute: every switch on the page reads it and sees the others' changes.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}
const current = () => parseTheme(document.documentElement.dataset.theme);

/** System / Light / Dark, as a radio group: arrow keys move between them. */
export function ThemeSwitch({ initialTheme = "system", className }: { initialTheme?: Theme; className?: string }) {
  const theme = useSyncExternalStore(subscribe, current, () => initialTheme);
  const name = useId();
  return (
    <fieldset className={cn("min-w-0", className)}>
      <legend className="mb-1 text-xs font-medium text-fg-muted">Theme</legend>
      <div className="inline-flex rounded-md border border-border bg-surface-muted p-0.5">
        {options.map(({ value, label, Icon }) => (
          <label
            key={value}
            data-segment=""
            className="flex min-h-9 cursor-pointer items-center gap-1.5 rounded-sm px-2.5 text-sm font-medium text-fg-muted hover:text-fg has-checked:bg-surface has-checked:text-fg has-checked:shadow-sm"
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={theme === value}
              onChange={() => setTheme(value)}
              className="sr-only"
            />
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
