import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidRequestError, ValidationError } from "./errors.js";
import { formBoolean, formString, jsonField, parseInput } from "./input.js";

const schema = z.object({
  name: formString.min(1, { error: "must not be empty" }),
  tags: jsonField(z.array(z.enum(["a", "b"]), { error: "must be a JSON list" })).optional(),
  on: formBoolean.optional(),
});

function failure(body: unknown): { status: number; code: string; fields: Record<string, string> | undefined } {
  try {
    parseInput(schema, body);
  } catch (err) {
    if (err instanceof InvalidRequestError || err instanceof ValidationError) {
      return { status: err.status, code: err.code, fields: err.fields };
    }
    throw err;
  }
  throw new Error("parseInput accepted the body");
}

describe("parseInput", () => {
  it("parses form fields, JSON strings and form booleans", () => {
    expect(parseInput(schema, { name: " x ", tags: '["a","b"]', on: "TRUE" })).toEqual({
      name: "x",
      tags: ["a", "b"],
      on: true,
    });
    expect(parseInput(schema, { name: "x", tags: ["b"], on: false })).toEqual({ name: "x", tags: ["b"], on: false });
  });

  it("reports a missing required field as 422 is required", () => {
    expect(failure({})).toEqual({ status: 422, code: "validation_failed", fields: { name: "is required" } });
    expect(failure(undefined)).toEqual({ status: 422, code: "validation_failed", fields: { name: "is required" } });
  });

  it("reports an invalid value as 422 with the field named", () => {
    expect(failure({ name: "" })).toEqual({
      status: 422,
      code: "validation_failed",
      fields: { name: "must not be empty" },
    });
    expect(failure({ name: "x", tags: '["c"]' })).toMatchObject({
      status: 422,
      code: "validation_failed",
      fields: { tags: expect.any(String) },
    });
  });

  it("reports a JSON field that is not JSON as 400 invalid_request", () => {
    expect(failure({ name: "x", tags: "[oops" })).toEqual({
      status: 400,
      code: "invalid_request",
      fields: { tags: "must be valid JSON" },
    });
  });

  it("reports a wrong type as 400 invalid_request, not as a missing field", () => {
    expect(failure({ name: "x", tags: '"a"' })).toEqual({
      status: 400,
      code: "invalid_request",
      fields: { tags: "must be a list" },
    });
    expect(failure({ name: "x", tags: '{"a":1}' })).toEqual({
      status: 400,
      code: "invalid_request",
      fields: { tags: "must be a list" },
    });
    expect(failure({ name: "x", on: "maybe" })).toEqual({
      status: 400,
      code: "invalid_request",
      fields: { on: "must be a boolean" },
    });
    expect(failure({ name: 5 })).toEqual({
      status: 400,
      code: "invalid_request",
      fields: { name: "must be a string" },
    });
    expect(failure({ name: ["x", "y"] })).toEqual({
      status: 400,
      code: "invalid_request",
      fields: { name: "must be a string" },
    });
    expect(failure({ name: null })).toEqual({
      status: 400,
      code: "invalid_request",
      fields: { name: "must be a string" },
    });
  });

  it("refuses a body that is not a set of fields", () => {
    expect(failure([])).toMatchObject({ status: 400, code: "invalid_request" });
    expect(failure("name=x")).toMatchObject({ status: 400, code: "invalid_request" });
  });
});
