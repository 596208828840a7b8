import type { InputHTMLAttributes } from "react";
import { cn } from "./cn";
import { FieldError } from "./field";
import { Input } from "./input";

/**
 * An input in a table that folds into cards on a phone (the options and extras
 * of a product, a shipping option's ranges): its label shows above it below
 * `md` and is left to screen readers beside the column headers above that, and
 * its error sits right under it.
 */
export function CellInput({
  id,
  label,
  error,
  className,
  inputClassName,
  ...props
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  inputClassName?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-fg-muted md:sr-only">
        {label}
      </label>
      <Input
        id={id}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn("max-md:mt-1", inputClassName)}
        {...props}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
