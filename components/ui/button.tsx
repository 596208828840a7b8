import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { cn } from "./cn";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-fg hover:bg-primary-hover",
  secondary: "border border-border-strong bg-surface text-fg hover:bg-surface-hover",
  danger: "bg-danger text-danger-fg hover:bg-danger-hover",
  ghost: "text-fg hover:bg-surface-hover",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-8 px-3 py-1",
  md: "min-h-control px-4 py-2",
  icon: "size-control p-0",
};

/**
 * Class names for buttons and button-like links, in one place:
 * `<Link className={buttonClasses("secondary", "w-full")}>`. `extra` adds to
 * the classes; it does not override them, so pass only what they lack.
 */
export function buttonClasses(variant: ButtonVariant = "primary", extra = "", size: ButtonSize = "md"): string {
  return cn(base, sizes[size], variants[variant], extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Work under way: a spinner, disabled, `aria-busy`. */
  pending?: boolean;
  /** The label while pending, naming the work: "Saving…". Defaults to the label. */
  pendingLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** A button. `type` defaults to "button": only a form's main action submits. */
export function Button({
  variant = "primary",
  size = "md",
  pending = false,
  pendingLabel,
  type = "button",
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClasses(variant, className, size)}
      {...props}
    >
      {pending ? (
        <>
          <Spinner />
          {size === "icon" ? null : (pendingLabel ?? children)}
        </>
      ) : (
        children
      )}
    </button>
  );
}
