import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./errors.js";
import { formBody, jsonField } from "./input.js";
import { idParams } from "./schemas.js";
import { apiErrorFormatter, validatorCompiler } from "./validation.js";

const body = formBody(
  { name: z.string({ error: "must be a string" }), tags: jsonField(z.array(z.string())).optional() },
  { emptyIsAbsent: true },
);

/** What a route with this schema answers for the input: the parsed value, or the error the API sends. */
function validate(schema: z.ZodType, data: unknown, part: "body" | "params" = "body") {
  const result = validatorCompiler({ schema, method: "POST", url: "/x", httpPart: part })(data);
  if (typeof result !== "object" || !("error" in result) || !result.error) return result;
  const errors = Array.isArray(result.error) ? result.error : [];
  const error = apiErrorFormatter(errors, part);
  return error instanceof ApiError ? error.toJSON() : error;
}

describe("route validation (the type provider's compiler and the API's formatter)", () => {
  it("gives the handler the parsed body, empty fields dropped", () => {
    expect(validate(body, { name: "x", tags: '["a"]', extra: "" })).toEqual({ value: { name: "x", tags: ["a"] } });
    expect(validate(body, { name: "x", tags: "" })).toEqual({ value: { name: "x" } });
  });

  it("answers a missing field 422 and a malformed one 400, naming the field", () => {
    expect(validate(body, {})).toEqual({
      error: "validation_failed",
      error_description: "name is required",
      fields: { name: "is required" },
    });
    expect(validate(body, { name: "" })).toEqual({
      error: "validation_failed",
      error_description: "name is required",
      fields: { name: "is required" },
    });
    expect(validate(body, { name: 5 })).toMatchObject({
      error: "invalid_request",
      fields: { name: "must be a string" },
    });
    expect(validate(body, { name: "x", tags: "[oops" })).toMatchObject({
      error: "invalid_request",
      fields: { tags: "must be valid JSON" },
    });
  });

  it("reads no body as no fields, and refuses a body that is not a set of fields", () => {
    expect(validate(body, null)).toMatchObject({ error: "validation_failed", fields: { name: "is required" } });
    expect(validate(body, "")).toMatchObject({ error: "validation_failed", fields: { name: "is required" } });
    for (const data of [[], "name=x", 42, true]) {
      expect(validate(body, data)).toEqual({
        error: "invalid_request",
        error_description: "The request body must be form fields.",
      });
    }
  });

  it("answers a path id that does not parse 404", () => {
    expect(validate(idParams, { id: "12" }, "params")).toEqual({ value: { id: 12 } });
    for (const id of ["0", "-1", "abc", "1.5", "1e3", "2147483648", "99999999999", " 1"]) {
      expect(validate(idParams, { id }, "params"), id).toMatchObject({ error: "not_found" });
    }
  });
});
