"use client";

import { useEffect, useRef } from "react";
import type { FieldErrors, FieldValues } from "react-hook-form";
import { cn } from "./cn";

/**
 * How many messages a form's errors hold: every field's, in nested objects
 * and field arrays too (a range's maximum, a destination's region), each
 * counted once (docs/design.md#form-errors).
 */
export function countFieldErrors(errors: FieldErrors<FieldValues> | undefined): number {
  let count = 0;
  const seen = new Set<object>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const entry = node as Record<string, unknown>;
    if (typeof entry.message === "string" && entry.message && typeof entry.type === "string") count++;
    for (const [key, value] of Object.entries(entry)) {
      if (key === "ref" || key === "types" || key === "message" || key === "type") continue;
      walk(value);
    }
  };
  walk(errors);
  return count;
}

/** "1 field needs another look", "3 fields need another look". */
export function errorCountText(count: number): string {
  return count === 1 ? "1 field needs another look." : `${count.toLocaleString("en")} fields need another look.`;
}

/**
 * The first control of `form` marked invalid, in the order a person reads the
 * page; or a message with no control of its own (a list's: "Add a range").
 */
export function firstInvalidControl(form: ParentNode | null): HTMLElement | null {
  return form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]') ?? null;
}

/**
 * Errors where the person is (docs/design.md#form-errors): placed beside a
 * form's submit button, it says how many fields need another look, and after
 * each submit that left errors (the form's own checks or the store's, placed
 * on fields) it moves focus to the first field in error, wherever it is on
 * the page, and scrolls it into view. `submitCount` is react-hook-form's: it
 * grows when a submit has ended, the store's answer included. `formId`: the
 * form, when the button is outside it (`<button form=…>`); else the form
 * this sits in.
 */
export function FormErrors({
  errors,
  submitCount,
  formId,
  className,
}: {
  errors: FieldErrors<FieldValues>;
  submitCount: number;
  formId?: string;
  className?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  const count = countFieldErrors(errors);
  const latest = useRef(count);
  // Before the focus below (effects run in order): the count of this render.
  useEffect(() => {
    latest.current = count;
  });

  useEffect(() => {
    if (submitCount === 0 || latest.current === 0) return;
    const form = formId ? document.getElementById(formId) : (ref.current?.closest("form") ?? null);
    const control = firstInvalidControl(form);
    if (!control) return;
    control.focus({ preventScroll: true });
    control.scrollIntoView({ block: "center", behavior: "instant" });
  }, [submitCount, formId]);

  return (
    <p
      ref={ref}
      aria-live="polite"
      data-testid="form-error-count"
      className={cn("text-sm font-medium text-danger empty:hidden", className)}
    >
      {submitCount > 0 && count > 0 ? errorCountText(count) : ""}
    </p>
  );
}
