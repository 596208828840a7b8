import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "./cn";
import { FieldError } from "./field";

export interface Choice {
  value: string;
  label: string;
  description?: ReactNode;
}

/**
 * One choice among a few, as native radio buttons in a fieldset (arrow keys,
 * forms and screen readers for free), laid out as bordered tiles like the
 * checkbox tiles; the chosen tile takes the accent. react-hook-form registers
 * them like any input (`register`), or a page holds the value itself
 * (`value` and `onChange`). An error goes under the group, named by it.
 */
export function ChoiceTiles({
  id,
  legend,
  choices,
  register,
  value,
  onChange,
  columns = 1,
  error,
  className,
}: {
  id: string;
  legend: string;
  choices: readonly Choice[];
  columns?: 1 | 2 | 3;
  error?: string;
  className?: string;
} & (
  | { register: UseFormRegisterReturn; value?: never; onChange?: never }
  | { register?: never; value: string; onChange: (value: string) => void }
)) {
  const errorId = `${id}-error`;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-fg">{legend}</legend>
      <div
        className={cn(
          "mt-2 grid gap-2",
          columns === 2 && "sm:grid-cols-2",
          columns === 3 && "sm:grid-cols-2 lg:grid-cols-3",
        )}
      >
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value}`;
          const descriptionId = choice.description ? `${inputId}-description` : undefined;
          const control = register
            ? register
            : { name: id, checked: value === choice.value, onChange: () => onChange?.(choice.value) };
          return (
            <div
              key={choice.value}
              className="relative flex items-start gap-3 rounded-md border border-border bg-surface p-3 text-sm has-checked:border-primary has-checked:bg-accent-soft"
            >
              <input
                id={inputId}
                type="radio"
                value={choice.value}
                aria-describedby={descriptionId}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
                {...control}
              />
              <div className="min-w-0">
                <label htmlFor={inputId} className="cursor-pointer font-medium text-fg">
                  {choice.label}
                </label>
                {choice.description ? (
                  <p id={descriptionId} className="text-fg-muted">
                    {choice.description}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} className="mt-2" />
    </fieldset>
  );
}
