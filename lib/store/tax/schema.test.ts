import { describe, expect, it, vi } from "vitest";
import { storeTaxGroupSchema, toTaxGroup } from "./schema";

// Next resolves "server-only" itself (lib/store/shapes.ts imports it); outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const read = (raw: unknown) => toTaxGroup(storeTaxGroupSchema.parse(raw));

describe("reading tax groups", () => {
  it("reads a group with its rules under `taxes`: the rate as the percent", () => {
    expect(
      read({
        id: 4,
        name: "Standard",
        taxes: [
          { id: 10, country: "US", region: null, rate: "6.25%", rate_raw: 6.25, on_shipping: false },
          { id: 11, country: "US", region: "CA", rate: "8.25%", rate_raw: 8.25, on_shipping: true },
        ],
      }),
    ).toEqual({
      id: "4",
      name: "Standard",
      rules: [
        { id: "10", country: "US", region: null, rate: 6.25, onShipping: false },
        { id: "11", country: "US", region: "CA", rate: 8.25, onShipping: true },
      ],
    });
  });

  it("reads the rate from its formatted form when the float is missing, and tolerates `rules`", () => {
    const group = read({
      id: "g",
      rules: [
        { id: 1, country: "de", rate: "19%" },
        { id: 2, country: "FR", region: "", rate: 20, on_shipping: "true" },
        { id: 3, country: "IT", rate: "a lot" },
        { id: 5, country: "PT", region: "  ", rate: "7,5 %" },
        { country: "ES", rate: 21 },
      ],
    });
    expect(group.name).toBe("");
    expect(group.rules).toEqual([
      { id: "1", country: "DE", region: null, rate: 19, onShipping: false },
      { id: "2", country: "FR", region: null, rate: 20, onShipping: true },
      { id: "5", country: "PT", region: null, rate: 7.5, onShipping: false },
    ]);
  });

  it("a group without a readable list has no rules; one without an id is not a group", () => {
    expect(read({ id: 1, name: "Empty", taxes: null }).rules).toEqual([]);
    expect(storeTaxGroupSchema.safeParse({ name: "no id" }).success).toBe(false);
  });
});
