import { describe, expect, it } from "vitest";
import { bestMatches, couldBeCouponCode, fold, foldedTexts, matchScore, orderNumberIn, queryWords } from "./search";

describe("fold and queryWords", () => {
  it("compare without case, accents or runs of spaces", () => {
    expect(fold("  Crème   BRÛLÉE ")).toBe("creme brulee");
    expect(queryWords("  Tee  NAVY ")).toEqual(["tee", "navy"]);
    expect(queryWords("   ")).toEqual([]);
  });
});

describe("matchScore", () => {
  it("needs every word, and ranks the whole text, its start, a word's start, then anywhere", () => {
    const w = queryWords;
    expect(matchScore("organic cotton crew tee", w("tee navy"))).toBe(0);
    expect(matchScore("app-tee-2", w("app-tee-2"))).toBe(4);
    expect(matchScore("app-tee-2", w("app"))).toBe(3);
    expect(matchScore("organic cotton crew tee", w("crew"))).toBe(2);
    expect(matchScore("app-tee-2", w("tee"))).toBe(2);
    expect(matchScore("steel bottle", w("teel"))).toBe(1);
    // A word's start later in the text counts, even when the first find is mid-word.
    expect(matchScore("steel tee", w("tee"))).toBe(2);
    expect(matchScore("anything", [])).toBe(0);
  });
});

describe("bestMatches", () => {
  const items = [
    { name: "Steel bottle", sku: "BOT-1" },
    { name: "Organic cotton crew tee", sku: "APP-TEE-2" },
    { name: "Tee (navy)", sku: "APP-TEE-3" },
    { name: "Tea towel", sku: "HOM-9" },
    { name: "Crew socks", sku: "APP-SOC-1" },
  ];
  const texts = foldedTexts<(typeof items)[number]>((i) => [i.name, i.sku]);

  it("keeps the best few, best first, ties in the items' order", () => {
    expect(bestMatches(items, queryWords("tee"), texts, 10).map((i) => i.sku)).toEqual([
      "APP-TEE-3", // the name starts with it
      "APP-TEE-2", // a word's start (name and SKU)
      "BOT-1", // inside "steel"
    ]);
    expect(bestMatches(items, queryWords("tee"), texts, 2).map((i) => i.sku)).toEqual(["APP-TEE-3", "APP-TEE-2"]);
  });

  it("finds by SKU, and needs every word", () => {
    expect(bestMatches(items, queryWords("app-soc"), texts, 5).map((i) => i.name)).toEqual(["Crew socks"]);
    expect(bestMatches(items, queryWords("crew tee"), texts, 5).map((i) => i.sku)).toEqual(["APP-TEE-2"]);
    expect(bestMatches(items, queryWords("nothing here"), texts, 5)).toEqual([]);
    expect(bestMatches(items, [], texts, 5)).toEqual([]);
  });

  it("folds each item's texts once", () => {
    let folds = 0;
    const counted = foldedTexts<(typeof items)[number]>((i) => {
      folds++;
      return [i.name, null, "", i.sku];
    });
    bestMatches(items, queryWords("t"), counted, 3);
    bestMatches(items, queryWords("te"), counted, 3);
    expect(folds).toBe(items.length);
    expect(counted(items[0]!)).toEqual(["steel bottle", "bot-1"]);
  });

  it("scans 10,000 products for the last one without trouble", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `Product ${i}`, sku: `SKU-${i}` }));
    const t = foldedTexts<(typeof many)[number]>((p) => [p.name, p.sku]);
    expect(bestMatches(many, queryWords("sku-9999"), t, 8).map((p) => p.name)).toEqual(["Product 9999"]);
  });
});

describe("orderNumberIn and couldBeCouponCode", () => {
  it("read an order number however it is typed", () => {
    expect(orderNumberIn("1042")).toBe(1042);
    expect(orderNumberIn(" #1042 ")).toBe(1042);
    expect(orderNumberIn("Order 7")).toBe(7);
    expect(orderNumberIn("order #7")).toBe(7);
    expect(orderNumberIn("0")).toBeNull();
    expect(orderNumberIn("10 42")).toBeNull();
    expect(orderNumberIn("tee")).toBeNull();
    expect(orderNumberIn("9".repeat(13))).toBeNull();
  });

  it("take one word of 3 to 64 characters as a possible code", () => {
    expect(couldBeCouponCode("SUMMER10")).toBe(true);
    expect(couldBeCouponCode("ab")).toBe(false);
    expect(couldBeCouponCode("two words")).toBe(false);
    expect(couldBeCouponCode("x".repeat(65))).toBe(false);
  });
});
