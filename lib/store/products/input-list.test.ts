import { describe, expect, it } from "vitest";
import { categoryNameFor, categorySlugFor, listApiPath, listHref, readListParams, stockText } from "./input-list";

describe("the product list's URL", () => {
  it("reads page, page size and category, falling back on anything odd", () => {
    expect(readListParams({})).toEqual({ page: 0, count: 20, category: "" });
    expect(readListParams({ page: "2", count: "50", category: " mugs " })).toEqual({
      page: 2,
      count: 50,
      category: "mugs",
    });
    expect(readListParams({ page: "-1", count: "7" })).toEqual({ page: 0, count: 20, category: "" });
    expect(readListParams({ page: "1.5", count: "100000" })).toEqual({ page: 0, count: 20, category: "" });
    expect(readListParams({ page: ["3", "4"], category: ["a", "b"] })).toEqual({ page: 3, count: 20, category: "a" });
  });

  it("writes it back without the defaults, and the same for the route handler", () => {
    expect(listHref({ page: 0, count: 20, category: "" })).toBe("/products");
    expect(listHref({ page: 1, count: 50, category: "tea & coffee" })).toBe(
      "/products?category=tea+%26+coffee&page=1&count=50",
    );
    expect(listApiPath({ page: 0, count: 20, category: "" })).toBe("/api/products?page=0&count=20");
    expect(listApiPath({ page: 3, count: 100, category: "mugs" })).toBe("/api/products?page=3&count=100&category=mugs");
    const params = { page: 4, count: 100, category: "mugs-2" };
    expect(readListParams(Object.fromEntries(new URL(listHref(params), "http://x").searchParams))).toEqual(params);
  });

  it("keeps a search by name or SKU, trimmed, and leaves a blank one out", () => {
    expect(readListParams({ q: "  desk lamp " })).toEqual({ page: 0, count: 20, category: "", q: "desk lamp" });
    expect(readListParams({ q: "   " })).toEqual({ page: 0, count: 20, category: "" });
    const params = { page: 1, count: 20, category: "", q: "crème & co" };
    expect(listHref(params)).toBe("/products?q=cr%C3%A8me+%26+co&page=1");
    expect(readListParams(Object.fromEntries(new URL(listHref(params), "http://x").searchParams))).toEqual(params);
  });
});

describe("categoryNameFor", () => {
  it("names a category by its slug from its products' category names; null when none fits", () => {
    const products = [{ categories: ["Mugs"] }, { categories: ["Summer", "Coffee & Tea"] }];
    expect(categoryNameFor("coffee-tea", products)).toBe("Coffee & Tea");
    expect(categoryNameFor("lamps", products)).toBeNull();
  });
});

describe("categorySlugFor", () => {
  const known = [
    { name: "Mugs", slug: "mugs" },
    { name: "Tea & Coffee", slug: "tea-coffee-2" },
  ];

  it("takes a known category by name or slug, in any case", () => {
    expect(categorySlugFor("tea & coffee", known)).toBe("tea-coffee-2");
    expect(categorySlugFor("TEA-COFFEE-2", known)).toBe("tea-coffee-2");
    expect(categorySlugFor(" Mugs ", known)).toBe("mugs");
  });

  it("makes an unknown name slug-shaped, and empty means every product", () => {
    expect(categorySlugFor("Summer Sale!", known)).toBe("summer-sale");
    expect(categorySlugFor("Crème brûlée", [])).toBe("creme-brulee");
    expect(categorySlugFor("   ", known)).toBe("");
  });
});

describe("stockText", () => {
  it("says unlimited and out of stock in words", () => {
    expect(stockText(-1)).toBe("Unlimited");
    expect(stockText(0)).toBe("Out of stock");
    expect(stockText(1234)).toBe("1,234");
  });
});
