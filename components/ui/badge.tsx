import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

const tones: Record<BadgeTone, string> = {
  neutral: "border-border bg-surface-muted text-fg",
  info: "border-info-border bg-info-soft text-info-soft-fg",
  success: "border-success-border bg-success-soft text-success-soft-fg",
  warning: "border-warning-border bg-warning-soft text-warning-soft-fg",
  danger: "border-danger-border bg-danger-soft text-danger-soft-fg",
};

export interface BadgeProps {
  tone?: BadgeTone;
  /** A dot before the text, in the text's colour. */
  dot?: boolean;
  /** An icon before the text (decorative: give it aria-hidden). */
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A status in a word or two: "Active", "Unfulfilled". The tone repeats what
 * the word says, never replaces it (colour alone is not a message).
 */
export function Badge({ tone = "neutral", dot = false, icon, className, children }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5",
        tones[tone],
        className,
      )}
    >
      {dot ? <span aria-hidden="true" className="size-1.5 rounded-full bg-current" /> : null}
      {icon}
      {children}
    </span>
  );
}

/** A small, quiet label for items in a list (permissions, categories, tags). */
export function Chip({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-sm border border-border bg-surface-muted px-1.5 py-px text-xs text-fg",
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Chips in a list, so that a screen reader counts them. */
export function ChipList({ label, items, className }: { label: string; items: ReactNode[]; className?: string }) {
  return (
    <ul aria-label={label} className={cn("flex flex-wrap gap-1", className)}>
      {items.map((item, index) => (
        <li key={index}>
          <Chip>{item}</Chip>
        </li>
      ))}
    </ul>
  );
}
