import { describe, expect, it } from "vitest";
import { queryWords, startsWords, wordText } from "./search-words";

describe("search by word starts", () => {
  const steel = [wordText("Steel water bottle"), wordText("BTL-STEEL")];
  const tee = [wordText("Organic cotton crew tee"), wordText("APP-TEE-2")];

  it("finds a word by its start, whatever the case, accents and punctuation", () => {
    expect(startsWords(tee, queryWords("tee"))).toBe(true);
    expect(startsWords(tee, queryWords("TEE-2"))).toBe(true);
    expect(startsWords(tee, queryWords("crew org"))).toBe(true);
    expect(startsWords([wordText("Crème brûlée mug")], queryWords("creme"))).toBe(true);
  });

  it("does not find it inside a word: 'tee' is not in 'Steel'", () => {
    expect(startsWords(steel, queryWords("tee"))).toBe(false);
    expect(startsWords(steel, queryWords("steel"))).toBe(true);
  });

  it("needs every word of the query", () => {
    expect(startsWords(tee, queryWords("tee steel"))).toBe(false);
    expect(queryWords("  ")).toEqual([]);
  });
});
