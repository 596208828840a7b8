import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";

/**
 * Puts the server's field messages (of a Failure) under the form's fields:
 * each known field gets its message, the first one in `fields` order gets
 * focus. Answers whether any was placed; when none was, the form shows the
 * failure's sentence instead.
 */
export function applyFieldErrors<F extends FieldValues>(
  setError: UseFormSetError<F>,
  fieldErrors: Record<string, string> | undefined,
  fields: readonly FieldPath<F>[],
): boolean {
  let placed = false;
  for (const field of fields) {
    const message = fieldErrors?.[field];
    if (!message) continue;
    setError(field, { type: "server", message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
