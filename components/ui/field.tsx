import type { ReactNode } from "react";
import { cn } from "./cn";

/** What a `Field` hands its control: spread it onto the input. */
export interface FieldControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
  "aria-required": true | undefined;
}

export interface FieldProps {
  /** The control's id; the hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  /** The control, wired by the props it is given: `{(control) => <Input {...control} />}`. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The ids a field's control points at: its hint, then its error. */
export function fieldControlProps(
  id: string,
  { hint, error, required }: { hint?: unknown; error?: string; required?: boolean },
): FieldControlProps {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-required": required ? true : undefined,
  };
}

/**
 * A labelled control with its hint above and its error right under it, both
 * tied to it (aria-describedby), and `aria-invalid` while it has an error.
 * A required field shows a star; the control says so to screen readers.
 */
export function Field({ id, label, hint, error, required, className, children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-0.5 text-danger">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-1">{children(fieldControlProps(id, { hint, error, required }))}</div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's error message (also used under a checkbox group). */
export function FieldError({ id, error, className }: { id: string; error?: string; className?: string }) {
  if (!error) return null;
  return (
    // data-field-error and tabIndex: a message without a control of its own (a list's) can take focus
    // after a failed submit (components/ui/form-errors.tsx).
    <p id={id} data-field-error="" tabIndex={-1} className={cn("mt-1 text-sm font-medium text-danger", className)}>
      {error}
    </p>
  );
}
