import { describe, expect, it } from "vitest";
import type { BulkProduct } from "../../../../lib/store/products/model-bulk";
import { applyChanges, type CellChangeRequest, emptyEdits, setValues } from "../../../grid";
import { byKey, ctx, product } from "./fixtures";
import { encodedBytes, planSave, splitChunk } from "./save-plan";

const roomy = { maxBytes: 1_000_000, maxProducts: 1000 };

function edited(products: readonly BulkProduct[], requests: CellChangeRequest[]) {
  const map = byKey(products);
  return { map, state: applyChanges(emptyEdits(), requests, map, ctx, "Edit") };
}

describe("encodedBytes", () => {
  it("measures the form body products=<JSON>, UTF-8", () => {
    expect(encodedBytes({})).toBe("products=%7B%7D".length);
    expect(encodedBytes({ a: { price: "1.00" } })).toBe(
      new URLSearchParams({ products: '{"a":{"price":"1.00"}}' }).toString().length,
    );
    // "é" is two UTF-8 bytes, each %XX: 6 characters.
    expect(encodedBytes({ a: { name: "é" } }) - encodedBytes({ a: { name: "e" } })).toBe(5);
    // A space is "+".
    expect(encodedBytes({ a: { name: "a b" } }) - encodedBytes({ a: { name: "ab" } })).toBe(1);
  });
});

describe("planSave", () => {
  it("sends only the changed properties, with their wire values", () => {
    const { map, state } = edited(
      [product("a"), product("b")],
      [
        { key: "a", column: "price", text: "12.5" },
        { key: "a", column: "salePrice", text: "9.99" },
        { key: "b", column: "price", text: "3" },
        { key: "b", column: "salePrice", text: "1" },
      ],
    );
    const chunks = planSave(state, map, ctx, roomy);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.keys).toEqual(["a", "b"]);
    expect(chunks[0]!.fields).toEqual(["price", "sale_price"]);
    expect(chunks[0]!.payload).toEqual({
      a: { price: "12.50", sale_price: "9.99" },
      b: { price: "3.00", sale_price: "1.00" },
    });
    expect(chunks[0]!.bytes).toBe(encodedBytes(chunks[0]!.payload));
  });

  it("groups products by the set of properties they changed, in load order", () => {
    const { map, state } = edited(
      [product("a", { salePrice: 500, taxGroup: "10" }), product("b"), product("c"), product("d")],
      [
        { key: "d", column: "name", text: "D" },
        { key: "b", column: "quantity", text: "Unlimited" },
        { key: "a", column: "salePrice", text: "" },
        { key: "a", column: "taxGroup", text: "None" },
        { key: "c", column: "name", text: "C" },
        { key: "b", column: "shippingGroup", text: "Heavy goods" },
        { key: "c", column: "order", text: "7" },
      ],
    );
    const chunks = planSave(state, map, ctx, roomy);
    expect(chunks.map((c) => [c.keys, c.fields])).toEqual([
      [["a"], ["sale_price", "tax_group"]],
      [["b"], ["quantity", "shipping_group"]],
      [["c"], ["name", "order"]],
      [["d"], ["name"]],
    ]);
    expect(chunks[0]!.payload).toEqual({ a: { sale_price: null, tax_group: null } });
    expect(chunks[1]!.payload).toEqual({ b: { quantity: -1, shipping_group: "2" } });
    expect(chunks[2]!.payload).toEqual({ c: { name: "C", order: 7 } });
    // Every product of a chunk carries the same properties.
    for (const chunk of chunks) {
      for (const properties of Object.values(chunk.payload)) expect(Object.keys(properties)).toEqual(chunk.fields);
    }
  });

  it("holds back a product with any cell in error", () => {
    const { map, state } = edited(
      [product("a"), product("b")],
      [
        { key: "a", column: "price", text: "2" },
        { key: "a", column: "name", text: "" },
        { key: "b", column: "price", text: "2" },
      ],
    );
    expect(planSave(state, map, ctx, roomy).map((c) => c.keys)).toEqual([["b"]]);
  });

  it("plans nothing without edits", () => {
    expect(planSave(emptyEdits(), byKey([product("a")]), ctx, roomy)).toEqual([]);
  });

  it("leaves out a quantity the product no longer takes, and edits it already holds", () => {
    const { state } = edited(
      [product("a"), product("b")],
      [
        { key: "a", column: "quantity", text: "3" },
        { key: "a", column: "sku", text: "N" },
        { key: "b", column: "price", text: "1" },
      ],
    );
    // Read again: a now has options, b already has the new price.
    const now = byKey([product("a", { hasOptions: true }), product("b", { price: 100 })]);
    const chunks = planSave(state, now, ctx, roomy);
    expect(chunks.map((c) => c.payload)).toEqual([{ a: { sku: "N" } }]);
  });

  it("splits a group by the number of products", () => {
    const products = Array.from({ length: 7 }, (_, i) => product(`p${i}`));
    const map = byKey(products);
    const state = setValues(
      emptyEdits(),
      products.map((p, i) => ({ key: p.key, column: "order" as const, value: i + 10 })),
      map,
      ctx,
      "Reorder",
    );
    const chunks = planSave(state, map, ctx, { maxBytes: 1_000_000, maxProducts: 3 });
    expect(chunks.map((c) => c.keys.length)).toEqual([3, 3, 1]);
    expect(chunks.flatMap((c) => c.keys)).toEqual(products.map((p) => p.key));
  });

  it("splits a group by the encoded size, measured exactly", () => {
    const products = Array.from({ length: 40 }, (_, i) => product(`p${i}`));
    const map = byKey(products);
    const state = applyChanges(
      emptyEdits(),
      products.map((p) => ({ key: p.key, column: "name" as const, text: `Ünïcødé "name" ${p.key} & more 🍵` })),
      map,
      ctx,
      "Paste",
    );
    const all = planSave(state, map, ctx, roomy);
    expect(all).toHaveLength(1);
    const maxBytes = Math.floor(all[0]!.bytes / 3);
    const chunks = planSave(state, map, ctx, { maxBytes, maxProducts: 1000 });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks) {
      expect(chunk.bytes).toBe(encodedBytes(chunk.payload));
      expect(chunk.bytes).toBeLessThanOrEqual(maxBytes);
    }
    // Each chunk is as full as it can be: the next product would not have fitted.
    for (let i = 0; i < chunks.length - 1; i++) {
      const next = chunks[i + 1]!.keys[0]!;
      const bigger = { ...chunks[i]!.payload, [next]: chunks[i + 1]!.payload[next]! };
      expect(encodedBytes(bigger)).toBeGreaterThan(maxBytes);
    }
    expect(chunks.flatMap((c) => c.keys)).toEqual(products.map((p) => p.key));
  });

  it("sends a product larger than the limit on its own", () => {
    const { map, state } = edited(
      [product("a"), product("b")],
      [
        { key: "a", column: "name", text: "x".repeat(200) },
        { key: "b", column: "name", text: "y" },
      ],
    );
    const chunks = planSave(state, map, ctx, { maxBytes: 100, maxProducts: 10 });
    expect(chunks.map((c) => c.keys)).toEqual([["a"], ["b"]]);
    expect(chunks[0]!.bytes).toBeGreaterThan(100);
  });

  it("copes with keys that look like numbers or object properties", () => {
    const { map, state } = edited(
      [product("__proto__"), product("10"), product("constructor")],
      [
        { key: "__proto__", column: "sku", text: "A" },
        { key: "10", column: "sku", text: "B" },
        { key: "constructor", column: "sku", text: "C" },
      ],
    );
    const [chunk] = planSave(state, map, ctx, roomy);
    expect(chunk!.keys).toEqual(["__proto__", "10", "constructor"]);
    expect(JSON.parse(JSON.stringify(chunk!.payload))).toEqual(
      JSON.parse('{"__proto__":{"sku":"A"},"10":{"sku":"B"},"constructor":{"sku":"C"}}'),
    );
    expect(chunk!.bytes).toBe(encodedBytes(chunk!.payload));
    const [first, second] = splitChunk(chunk!);
    expect(first.keys).toEqual(["__proto__", "10"]);
    expect(Object.keys(first.payload)).toContain("__proto__");
    expect(second.payload).toEqual({ constructor: { sku: "C" } });
  });
});

describe("splitChunk", () => {
  const products = Array.from({ length: 5 }, (_, i) => product(`p${i}`));
  const map = byKey(products);
  const state = applyChanges(
    emptyEdits(),
    products.map((p) => ({ key: p.key, column: "price" as const, text: "1" })),
    map,
    ctx,
    "Paste",
  );
  const [chunk] = planSave(state, map, ctx, roomy);

  it("halves a chunk, the first half taking the odd product", () => {
    const [a, b] = splitChunk(chunk!);
    expect(a.keys).toEqual(["p0", "p1", "p2"]);
    expect(b.keys).toEqual(["p3", "p4"]);
    expect(a.fields).toEqual(["price"]);
    expect(b.payload).toEqual({ p3: { price: "1.00" }, p4: { price: "1.00" } });
    expect(a.bytes).toBe(encodedBytes(a.payload));
    expect(a.bytes + b.bytes).toBeGreaterThan(chunk!.bytes);
    const [c, d] = splitChunk(b);
    expect([c.keys, d.keys]).toEqual([["p3"], ["p4"]]);
  });

  it("refuses a chunk of one product", () => {
    const [one] = splitChunk(splitChunk(chunk!)[1]);
    expect(one.keys).toHaveLength(1);
    expect(() => splitChunk(one)).toThrow("A save of one product cannot be split further.");
  });
});
