import { describe, expect, it } from "vitest";
import type { UseFormSetError } from "react-hook-form";
import { applyFieldErrors } from "./apply-field-errors";

type Form = { email: string; password: string; permissions: string[] };
const fields = ["email", "password", "permissions"] as const;

function recorder() {
  const calls: { field: string; message: string | undefined; focus: boolean | undefined }[] = [];
  const setError: UseFormSetError<Form> = (field, error, options) => {
    calls.push({ field, message: error.message, focus: options?.shouldFocus });
  };
  return { calls, setError };
}

describe("applyFieldErrors", () => {
  it("sets each known field's message and focuses the first in form order", () => {
    const { calls, setError } = recorder();
    const placed = applyFieldErrors(setError, { permissions: "Pick one.", email: "Email is already taken." }, fields);
    expect(placed).toBe(true);
    expect(calls).toEqual([
      { field: "email", message: "Email is already taken.", focus: true },
      { field: "permissions", message: "Pick one.", focus: false },
    ]);
  });

  it("places nothing for fields the form does not have, so the form shows the sentence instead", () => {
    const { calls, setError } = recorder();
    expect(applyFieldErrors(setError, { id: "Not a user id.", form: "x" }, fields)).toBe(false);
    expect(applyFieldErrors(setError, undefined, fields)).toBe(false);
    expect(applyFieldErrors(setError, { email: "" }, fields)).toBe(false);
    expect(calls).toEqual([]);
  });
});
