import ChevronDown from "lucide-react/icons/chevron-down";
import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "./cn";
import { controlClasses } from "./input";

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native `<select>` in our colours: phones open their own picker, keyboards
 * and screen readers know it, and react-hook-form registers it like any input
 * (docs/design.md#fields). Put it in a `Field` for its label.
 */
export function Select({ className, children, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select className={cn(controlClasses, "appearance-none pe-9", className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-muted"
      />
    </div>
  );
}
