import { cn } from "./cn";

export interface ProgressBarProps {
  /** Names the work for screen readers: "Loading products". */
  label: string;
  /** Done so far; with `max` the bar is determinate. */
  value?: number;
  /** The whole, when known. Without it the bar is indeterminate (a pulse). */
  max?: number | null;
  /** What a person reads under the bar and a screen reader hears: "1,200 of 10,000 products". */
  text: string;
  className?: string;
}

/**
 * A progress bar for slow work (loading every product, saving in chunks,
 * exporting): `role="progressbar"` with its value when the whole is known,
 * and without (indeterminate) when it is not, as ARIA says. The text under
 * the bar says the same in words.
 */
export function ProgressBar({ label, value = 0, max = null, text, className }: ProgressBarProps) {
  const known = max !== null && max > 0;
  const now = known ? Math.min(value, max) : undefined;
  return (
    <div className={cn("w-full", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={known ? max : undefined}
        aria-valuenow={now}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-surface-hover"
      >
        <div
          className={cn(
            "h-full rounded-full bg-primary",
            known ? "transition-[width]" : "w-1/3 motion-safe:animate-pulse",
          )}
          style={known ? { width: `${((now ?? 0) / max) * 100}%` } : undefined}
        />
      </div>
      <p className="mt-1 text-xs text-fg-muted tabular-nums">{text}</p>
    </div>
  );
}
