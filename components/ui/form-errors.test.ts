import { describe, expect, it } from "vitest";
import { countFieldErrors, errorCountText } from "./form-errors";

describe("countFieldErrors", () => {
  it("counts each message once, in nested objects and field arrays, and nothing else", () => {
    const ref = { name: "name" };
    const ranges = [undefined, { max: { type: "custom", message: "Make it more than 10.", ref } }];
    Object.assign(ranges, { root: { type: "too_small", message: "Add a range." } });
    const errors = {
      name: { type: "too_small", message: "Enter a name.", ref },
      ranges,
      destinations: [{ country: { type: "server", message: "Unknown country." }, region: undefined }],
    };
    expect(countFieldErrors(errors as never)).toBe(4);
    expect(countFieldErrors({})).toBe(0);
    expect(countFieldErrors(undefined)).toBe(0);
    // An error without a message (a type alone) says nothing a person can read: not counted.
    expect(countFieldErrors({ name: { type: "required", message: "" } } as never)).toBe(0);
  });

  it("says the count in words", () => {
    expect(errorCountText(1)).toBe("1 field needs another look.");
    expect(errorCountText(1200)).toBe("1,200 fields need another look.");
  });
});
