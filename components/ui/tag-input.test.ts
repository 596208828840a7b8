import { describe, expect, it } from "vitest";
import { addTags, openSuggestions, splitTags, tagMessage } from "./tag-input";

describe("splitTags", () => {
  it("splits on commas and line breaks, trims and drops empties", () => {
    expect(splitTags(" Mugs, Kitchen ,,\nGifts for  dad\r\n")).toEqual(["Mugs", "Kitchen", "Gifts for dad"]);
    expect(splitTags("   ")).toEqual([]);
    expect(splitTags("Single")).toEqual(["Single"]);
  });
});

describe("addTags", () => {
  it("appends new tags in order", () => {
    expect(addTags(["Mugs"], ["Tea", "Gifts"])).toEqual({
      tags: ["Mugs", "Tea", "Gifts"],
      added: ["Tea", "Gifts"],
      duplicates: [],
    });
  });
  it("ignores duplicates, whatever their case, also among the new ones", () => {
    expect(addTags(["Mugs"], ["mugs", "Tea", "TEA"])).toEqual({
      tags: ["Mugs", "Tea"],
      added: ["Tea"],
      duplicates: ["mugs", "TEA"],
    });
  });
  it("leaves the current list alone", () => {
    const current = ["Mugs"];
    addTags(current, ["Tea"]);
    expect(current).toEqual(["Mugs"]);
  });
});

describe("openSuggestions", () => {
  it("offers what is not chosen yet, each once", () => {
    expect(openSuggestions(["Mugs", "Tea", "tea", "Gifts"], ["mugs"])).toEqual(["Tea", "Gifts"]);
  });
});

describe("tagMessage", () => {
  it("says what was added, removed and skipped", () => {
    expect(tagMessage(["Tea"], [], [])).toBe("Added Tea.");
    expect(tagMessage([], ["Mugs"], [])).toBe("Removed Mugs.");
    expect(tagMessage(["Tea"], [], ["Mugs"])).toBe("Added Tea. Mugs is already in the list.");
    expect(tagMessage([], [], ["A", "B"])).toBe("A, B are already in the list.");
  });
});
