"use client";

import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { FieldError } from "./field";
import { Input } from "./input";

export interface KeyValuePair {
  key: string;
  value: string;
}

/** A row left wholly blank: ignored when saving and never flagged. */
export const isBlankPair = (pair: KeyValuePair) => !pair.key.trim() && !pair.value.trim();

/**
 * The error of each row's key, or undefined: a key used by another row
 * (names the other row, one-based), or a value with no key. Keys compare
 * trimmed, case kept ("Color" and "color" are two keys).
 */
export function pairErrors(pairs: readonly KeyValuePair[]): (string | undefined)[] {
  const rowsOf = new Map<string, number[]>();
  pairs.forEach((pair, index) => {
    const key = pair.key.trim();
    if (key) rowsOf.set(key, [...(rowsOf.get(key) ?? []), index]);
  });
  return pairs.map((pair, index) => {
    const key = pair.key.trim();
    if (!key) return pair.value.trim() ? "is required when the row has a value" : undefined;
    const others = (rowsOf.get(key) ?? []).filter((i) => i !== index).map((i) => i + 1);
    if (!others.length) return undefined;
    return `must be unique: row ${others.join(", ")} ${others.length > 1 ? "have" : "has"} it too`;
  });
}

/** The pairs as an object, blank rows left out; undefined while any row has an error. */
export function pairsToRecord(pairs: readonly KeyValuePair[]): Record<string, string> | undefined {
  if (pairErrors(pairs).some(Boolean)) return undefined;
  return Object.fromEntries(pairs.filter((p) => !isBlankPair(p)).map((p) => [p.key.trim(), p.value]));
}

/** `pairs` with row `index` changed; a new array. */
export function updatePair(
  pairs: readonly KeyValuePair[],
  index: number,
  change: Partial<KeyValuePair>,
): KeyValuePair[] {
  return pairs.map((pair, i) => (i === index ? { ...pair, ...change } : pair));
}

export interface KeyValueEditorProps {
  /** Prefix of every id inside; the fieldset's own id. */
  id: string;
  /** The fieldset's legend: "Metadata". */
  legend: ReactNode;
  hint?: ReactNode;
  value: readonly KeyValuePair[];
  onChange: (pairs: KeyValuePair[]) => void;
  keyLabel?: string;
  valueLabel?: string;
  addLabel?: string;
  /** Shown while there is no row. */
  emptyText?: ReactNode;
  keyPlaceholder?: string;
  valuePlaceholder?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * Rows of a key and a value, added with one button and removed each with its
 * own, every input labelled with its row ("Key 2"). A key used twice, or a
 * value without a key, is flagged under the key. Controlled: an array of
 * pairs; `pairsToRecord` turns it into an object.
 */
export function KeyValueEditor({
  id,
  legend,
  hint,
  value,
  onChange,
  keyLabel = "Key",
  valueLabel = "Value",
  addLabel = "Add a field",
  emptyText = "No fields yet.",
  keyPlaceholder,
  valuePlaceholder,
  disabled,
  className,
}: KeyValueEditorProps) {
  const errors = pairErrors(value);
  const focusRow = useRef<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const keyId = (index: number) => `${id}-key-${index}`;

  // After an add or a remove, focus goes to the row that took its place (or the add button).
  useEffect(() => {
    const row = focusRow.current;
    if (row === null) return;
    focusRow.current = null;
    const target = row < value.length ? document.getElementById(keyId(row)) : addButton.current;
    target?.focus();
  });

  return (
    <fieldset id={id} className={cn("min-w-0", className)} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium text-fg">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      {value.length ? (
        <>
          <div aria-hidden="true" className="mt-2 hidden gap-2 text-sm font-medium text-fg-muted sm:flex">
            <span className="flex-1">{keyLabel}</span>
            <span className="flex-1">{valueLabel}</span>
            <span className="w-control" />
          </div>
          <ul className="mt-2 space-y-4 sm:mt-1 sm:space-y-2">
            {value.map((pair, index) => {
              const row = index + 1;
              const error = errors[index];
              const errorId = `${keyId(index)}-error`;
              const valueId = `${id}-value-${index}`;
              return (
                <li key={index} className="flex flex-wrap items-end gap-2 sm:flex-nowrap sm:items-start">
                  <div className="min-w-0 flex-1 basis-full sm:basis-0">
                    <label htmlFor={keyId(index)} className="block text-sm font-medium text-fg sm:sr-only">
                      {keyLabel} {row}
                    </label>
                    <Input
                      id={keyId(index)}
                      value={pair.key}
                      placeholder={keyPlaceholder}
                      disabled={disabled}
                      autoComplete="off"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      className="max-sm:mt-1"
                      onChange={(event) => onChange(updatePair(value, index, { key: event.target.value }))}
                    />
                    <FieldError id={errorId} error={error} />
                  </div>
                  <div className="min-w-0 flex-1 sm:basis-0">
                    <label htmlFor={valueId} className="block text-sm font-medium text-fg sm:sr-only">
                      {valueLabel} {row}
                    </label>
                    <Input
                      id={valueId}
                      value={pair.value}
                      placeholder={valuePlaceholder}
                      disabled={disabled}
                      autoComplete="off"
                      className="max-sm:mt-1"
                      onChange={(event) => onChange(updatePair(value, index, { value: event.target.value }))}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={disabled}
                    aria-label={`Remove row ${row}${pair.key.trim() ? ` (${pair.key.trim()})` : ""}`}
                    className="shrink-0"
                    onClick={() => {
                      focusRow.current = index;
                      onChange(value.filter((_, i) => i !== index));
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">{emptyText}</p>
      )}
      <Button
        ref={addButton}
        variant="secondary"
        size="sm"
        disabled={disabled}
        className="mt-3"
        onClick={() => {
          focusRow.current = value.length;
          onChange([...value, { key: "", value: "" }]);
        }}
      >
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
    </fieldset>
  );
}
