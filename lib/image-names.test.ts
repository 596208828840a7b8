import { describe, expect, it } from "vitest";
import { baseName, compareNames, matchFileName, missReason, nameIndex, type NamedProduct } from "./image-names";

const tee: NamedProduct = {
  key: "k-tee",
  name: "Organic Cotton Crew Tee",
  sku: "APP-TEE",
  slug: "organic-cotton-crew-tee",
  optionSkus: ["APP-TEE-S-WHT", "APP-TEE-M-WHT"],
};
const tee2: NamedProduct = { key: "k-tee2", name: "Crew Tee, second", sku: "APP-TEE-2", slug: "crew-tee-2" };
const mug: NamedProduct = { key: "k-mug", name: "Mug", sku: "KIT-MUG", slug: "mug" };

describe("baseName", () => {
  it("takes off the folder and the last extension only", () => {
    expect(baseName("shots/APP-TEE-2.jpg")).toBe("APP-TEE-2");
    expect(baseName("C:\\shots\\a.b.png")).toBe("a.b");
    expect(baseName(".hidden")).toBe(".hidden");
    expect(baseName("no-extension")).toBe("no-extension");
  });
});

describe("matchFileName", () => {
  const index = nameIndex([tee, tee2, mug]);
  const match = (name: string) => matchFileName(index, name);

  it("matches the SKU, an option's SKU or the slug the name starts with, without case", () => {
    expect(match("APP-TEE.jpg")).toEqual({ kind: "match", productKey: "k-tee", by: "sku", text: "APP-TEE" });
    expect(match("app-tee_front.PNG")).toMatchObject({ productKey: "k-tee", by: "sku" });
    expect(match("APP-TEE-M-WHT 3.webp")).toMatchObject({
      productKey: "k-tee",
      by: "option-sku",
      text: "APP-TEE-M-WHT",
    });
    expect(match("organic-cotton-crew-tee_front.png")).toMatchObject({ productKey: "k-tee", by: "slug" });
    expect(match("mug.back.jpg")).toMatchObject({ productKey: "k-mug", by: "slug" });
  });

  it("takes the longest text, which must end at a separator or the name's end", () => {
    expect(match("APP-TEE-2.jpg")).toMatchObject({ productKey: "k-tee2", by: "sku" });
    expect(match("APP-TEE-2-back.jpg")).toMatchObject({ productKey: "k-tee2" });
    // `APP-TEE-20` is neither APP-TEE-2 (a digit follows) nor shorter than APP-TEE: APP-TEE then `-`.
    expect(match("APP-TEE-20.jpg")).toMatchObject({ productKey: "k-tee" });
    expect(match("APP-TEEX.jpg")).toEqual({ kind: "none" });
    expect(match("APP-TE.jpg")).toEqual({ kind: "none" });
    expect(match("mugs.jpg")).toEqual({ kind: "none" });
    expect(match("x-APP-TEE.jpg")).toEqual({ kind: "none" });
  });

  it("calls a text two products claim a miss, naming both", () => {
    const clash = nameIndex([mug, { key: "k-other", name: "Other mug", sku: "MUG", slug: "other-mug" }]);
    const found = matchFileName(clash, "mug-1.jpg");
    expect(found).toMatchObject({ kind: "ambiguous", text: "mug" });
    const names: Record<string, string> = { "k-mug": "Mug", "k-other": "Other mug" };
    expect(missReason(found, (k) => names[k] ?? k)).toBe(
      "“mug” belongs to 2 products: Mug (slug), Other mug (SKU). Choose one.",
    );
    expect(missReason({ kind: "none" }, String)).toMatch(/^No product/);
  });

  it("counts one product claiming a text twice once, by its best claim", () => {
    const same = nameIndex([{ key: "k", name: "Mug", sku: "mug", slug: "mug", optionSkus: ["MUG"] }]);
    expect(matchFileName(same, "mug.jpg")).toEqual({ kind: "match", productKey: "k", by: "sku", text: "mug" });
  });

  it("ignores empty SKUs", () => {
    const blank = nameIndex([{ key: "k", name: "Blank", sku: "", slug: "blank", optionSkus: [" "] }]);
    expect(matchFileName(blank, "-x.jpg")).toEqual({ kind: "none" });
    expect(matchFileName(blank, " .jpg")).toEqual({ kind: "none" });
  });

  it("matches 500 names against 20,000 products quickly", () => {
    const products: NamedProduct[] = Array.from({ length: 20_000 }, (_, i) => ({
      key: `k${i}`,
      name: `Product ${i}`,
      sku: `GEN-${i}`,
      slug: `product-${i}`,
      optionSkus: [`GEN-${i}-S`, `GEN-${i}-M`],
    }));
    const started = performance.now();
    const big = nameIndex(products);
    const results = Array.from({ length: 500 }, (_, i) => matchFileName(big, `GEN-${i * 37}-M_${i}.jpg`));
    const took = performance.now() - started;
    expect(results.every((r) => r.kind === "match" && r.by === "option-sku")).toBe(true);
    expect(results[3]).toMatchObject({ productKey: "k111" });
    // A hang guard, not a timing goal: a nested loop over everything would take seconds.
    expect(took).toBeLessThan(2000);
  });
});

describe("compareNames", () => {
  it("orders numbers by value and ignores case", () => {
    const names = ["tee-10.jpg", "Tee-2.jpg", "tee-1.jpg", "tee-b.jpg", "TEE-A.jpg"];
    expect([...names].sort(compareNames)).toEqual(["tee-1.jpg", "Tee-2.jpg", "tee-10.jpg", "TEE-A.jpg", "tee-b.jpg"]);
    expect(compareNames("a.jpg", "A.jpg")).not.toBe(0);
  });
});
