import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidRequestError, ValidationError } from "./errors.js";
import { formBoolean, formString, JSON_LIMITS, jsonField, jsonShapeProblem, parseInput } from "./input.js";

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

/** `levels` nested containers, innermost holding 1: lists, dictionaries, or both in turn. */
function nested(levels: number, kind: "list" | "dict" | "mixed" = "dict"): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) {
    const list = kind === "list" || (kind === "mixed" && i % 2 === 0);
    value = list ? [value] : { k: value };
  }
  return value;
}

describe("jsonShapeProblem: at the limits is taken, past them is a sentence", () => {
  const DEEP = "must not nest lists and dictionaries more than 32 levels deep";

  it("the limits are those docs/contract.md#encoding states", () => {
    expect(JSON_LIMITS).toEqual({ depth: 32, width: 10_000, entries: 200_000 });
  });

  it("depth: 32 levels of lists or dictionaries, not 33; any depth is a sentence, never a RangeError", () => {
    for (const kind of ["list", "dict", "mixed"] as const) {
      expect(jsonShapeProblem(nested(32, kind)), kind).toBeNull();
      expect(jsonShapeProblem(nested(33, kind)), kind).toBe(DEEP);
    }
    // The deep part anywhere: beside a shallow one, past a wide one.
    expect(jsonShapeProblem({ a: 1, b: [nested(30)] })).toBeNull();
    expect(jsonShapeProblem({ a: 1, b: [nested(31)] })).toBe(DEEP);
    expect(jsonShapeProblem([...Array<number>(500).fill(0), nested(31)])).toBeNull();
    expect(jsonShapeProblem([...Array<number>(500).fill(0), nested(32)])).toBe(DEEP);
    // Scalars are not levels; a scalar alone has none.
    expect(jsonShapeProblem(nested(32, "list"))).toBeNull();
    for (const scalar of [null, 1, "x", true]) expect(jsonShapeProblem(scalar)).toBeNull();
    // Far deeper than a stack holds: refused like 33 levels (a walk that went on past the limit would overflow).
    expect(jsonShapeProblem(nested(100_000, "mixed"))).toBe(DEEP);
  });

  it("width: 10,000 keys in one dictionary or items in one list, not 10,001", () => {
    const dict = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    const list = (n: number) => Array<number>(n).fill(0);
    expect(jsonShapeProblem(dict(10_000))).toBeNull();
    expect(jsonShapeProblem(dict(10_001))).toBe("must not hold more than 10,000 keys in one dictionary");
    expect(jsonShapeProblem(list(10_000))).toBeNull();
    expect(jsonShapeProblem(list(10_001))).toBe("must not hold more than 10,000 items in one list");
    // Inside another value too.
    expect(jsonShapeProblem({ a: [{ b: dict(10_001) }] })).toBe(
      "must not hold more than 10,000 keys in one dictionary",
    );
  });

  it("entries: 200,000 keys and items in all, not 200,001", () => {
    // 20 lists of 9,999 items, and the 20 items of the outer list: 200,000.
    const lists = Array.from({ length: 20 }, () => Array<number>(9_999).fill(0));
    expect(jsonShapeProblem(lists)).toBeNull();
    lists[19]!.push(0);
    expect(jsonShapeProblem(lists)).toBe("must not hold more than 200,000 keys and items in all");
  });

  it("a JSON field past a limit is a 422 naming it, in a form (JSON text) or a JSON body (the value)", () => {
    const meta = z.object({ meta: jsonField(z.unknown()) });
    for (const value of [nested(33), JSON.stringify(nested(33))]) {
      let caught: unknown;
      try {
        parseInput(meta, { meta: value });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(ValidationError);
      expect((caught as ValidationError).fields).toEqual({ meta: DEEP });
    }
    expect(parseInput(meta, { meta: JSON.stringify(nested(32)) })).toEqual({ meta: nested(32) });
  });
});
