import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { emptyOptionDraft } from "./edit";
import { createShippingGroupInput, optionDraftInput, saveShippingOptionInput } from "./input";

describe("shipping forms", () => {
  it("a group's name is trimmed, 1–255 characters", () => {
    expect(z.parse(createShippingGroupInput, { name: "  Parcels " })).toEqual({ name: "Parcels" });
    const empty = z.safeParse(createShippingGroupInput, { name: "   " });
    expect(empty.error?.issues[0]?.message).toBe("Enter a name, such as Parcels or Heavy items.");
    expect(z.safeParse(createShippingGroupInput, { name: "x".repeat(256) }).error?.issues[0]?.message).toBe(
      "Use at most 255 characters.",
    );
  });

  it("the option form puts every problem under its field", () => {
    const result = z.safeParse(optionDraftInput("USD"), {
      ...emptyOptionDraft(),
      perItemType: "quantity_ranges",
      ranges: [
        { id: "a", max: "5", rate: "4" },
        { id: "b", max: "5", rate: "6" },
      ],
    });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["name", "ranges.1.max"]);
  });

  it("the save action takes one option as the contract writes it, without an id", () => {
    const option = {
      name: "Standard",
      per_cart_type: "flat_fee",
      per_cart_rate_raw: 5,
      quantity_range_rates: [
        { range_max: 5, rate_raw: 4 },
        { range_max: null, rate_raw: 8 },
      ],
      destinations: [{ country: "US", allowed: true }],
    };
    expect(z.safeParse(saveShippingOptionInput, { groupId: "3", option }).success).toBe(true);
    expect(z.safeParse(saveShippingOptionInput, { groupId: "3", optionId: "7", option }).success).toBe(true);
    expect(z.safeParse(saveShippingOptionInput, { groupId: "3/x", option }).success).toBe(false);
    expect(
      z.safeParse(saveShippingOptionInput, { groupId: "3", option: { ...option, per_cart_rate_raw: -1 } }).success,
    ).toBe(false);
    expect(
      z.safeParse(saveShippingOptionInput, {
        groupId: "3",
        option: { ...option, destinations: [{ country: "usa", allowed: true }] },
      }).success,
    ).toBe(false);
  });
});
