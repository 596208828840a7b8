import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { cn } from "./cn";
import { FieldError } from "./field";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  id: string;
  label: ReactNode;
  /** One line under the label, tied to the box (aria-describedby). */
  description?: ReactNode;
  /** A bordered tile, for options laid out in a grid. */
  tile?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with its label (the whole row is clickable) and an optional description. */
export function Checkbox({ id, label, description, tile = false, className, ...props }: CheckboxProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div
      className={cn(
        "relative flex items-start gap-3 text-sm",
        tile && "rounded-md border border-border bg-surface p-3 has-checked:border-primary has-checked:bg-accent-soft",
        className,
      )}
    >
      <input
        id={id}
        type="checkbox"
        aria-describedby={descriptionId}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed"
        {...props}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer font-medium text-fg">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-fg-muted">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export interface CheckboxGroupProps {
  /** Prefixes the hint and error ids. */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Two columns from `sm` up, for tiles. */
  columns?: 1 | 2;
  className?: string;
  children: ReactNode;
}

/** Related checkboxes in a fieldset: the legend names the group, the error belongs to it. */
export function CheckboxGroup({ id, legend, hint, error, columns = 1, className, children }: CheckboxGroupProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined} className={className}>
      <legend className="text-sm font-medium text-fg">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      <div className={cn("mt-2 grid gap-2", columns === 2 && "sm:grid-cols-2")}>{children}</div>
      <FieldError id={`${id}-error`} error={error} className="mt-2" />
    </fieldset>
  );
}
