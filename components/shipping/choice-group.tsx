import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "../ui/cn";

export interface Choice {
  value: string;
  label: string;
  description?: ReactNode;
}

/**
 * One choice among a few, as native radio buttons in a fieldset (arrow keys,
 * forms and screen readers for free), laid out as tiles; react-hook-form
 * registers them like any input.
 */
export function ChoiceGroup({
  id,
  legend,
  choices,
  register,
  columns = 1,
  className,
}: {
  id: string;
  legend: string;
  choices: readonly Choice[];
  register: UseFormRegisterReturn;
  columns?: 1 | 2 | 3;
  className?: string;
}) {
  return (
    <fieldset className={className}>
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
                {...register}
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
    </fieldset>
  );
}
