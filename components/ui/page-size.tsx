"use client";

import { useId } from "react";
import { cn } from "./cn";
import { Select } from "./select";

/** "Per page": the page size of a list, chosen from `sizes`; `onChange` hears of a new size only. */
export function PageSize({
  value,
  sizes,
  onChange,
  className,
}: {
  value: number;
  sizes: readonly number[];
  onChange: (size: number) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <label htmlFor={id} className="text-sm text-fg-muted">
        Per page
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => {
          const size = Number(event.target.value);
          if (size !== value) onChange(size);
        }}
        className="w-24"
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Select>
    </div>
  );
}
