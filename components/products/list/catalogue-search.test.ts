import { describe, expect, it } from "vitest";
import { buildSearchIndex, fold, queryWords, searchProducts } from "./catalogue-search";

const p = (key: string, name: string, sku = "") => ({ key, name, sku });

const catalogue = [
  p("a", "Desk Lamp", "LMP-001"),
  p("b", "Crème Brûlée Mug", "MUG-7"),
  p("c", "Lampshade, linen", "SHADE-2"),
  p("d", "Floor lamp", "lamp"),
  p("e", "Tea towel", ""),
];

const keys = (found: { key: string }[]) => found.map((f) => f.key);

describe("fold and queryWords", () => {
  it("lower-cases and drops accents", () => {
    expect(fold("Crème Brûlée")).toBe("creme brulee");
    expect(fold("ÅNGSTRÖM")).toBe("angstrom");
  });
  it("splits a query into folded words; a blank one has none", () => {
    expect(queryWords("  Desk   LAMP ")).toEqual(["desk", "lamp"]);
    expect(queryWords("   ")).toEqual([]);
  });
});

describe("searchProducts", () => {
  const index = buildSearchIndex(catalogue);

  it("finds by name whatever the case, an exact SKU first, then names that start with the query", () => {
    expect(keys(searchProducts(index, "LAMP"))).toEqual(["d", "c", "a"]);
  });

  it("finds by SKU, part of one too", () => {
    expect(keys(searchProducts(index, "lmp-001"))).toEqual(["a"]);
    expect(keys(searchProducts(index, "mug-"))).toEqual(["b"]);
  });

  it("ignores accents in the query and in the names", () => {
    expect(keys(searchProducts(index, "creme brulee"))).toEqual(["b"]);
    expect(keys(searchProducts(index, "CRÈME"))).toEqual(["b"]);
  });

  it("needs every word, in any order", () => {
    expect(keys(searchProducts(index, "lamp desk"))).toEqual(["a"]);
    expect(keys(searchProducts(index, "lamp towel"))).toEqual([]);
  });

  it("finds nothing for a blank query", () => {
    expect(searchProducts(index, "  ")).toEqual([]);
  });

  it("extends an index as pages arrive, folding only the new products", () => {
    const first = buildSearchIndex(catalogue.slice(0, 2));
    const next = buildSearchIndex(catalogue, first);
    expect(next.names).toEqual(index.names);
    expect(next.skus).toEqual(index.skus);
    expect(first.names).toHaveLength(2);
    // A list that does not start with the indexed one is indexed afresh.
    const other = buildSearchIndex([catalogue[4]!], first);
    expect(other.names).toEqual([" tea towel"]);
  });
});
