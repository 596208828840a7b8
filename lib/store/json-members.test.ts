import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { objectEnd, reduceRepeatedMembers } from "./json-members";
import { groupRefFields, storeCatalogueProductSchema, toCatalogueProduct } from "./products/schema";

// Next resolves "server-only" itself (lib/store/shapes.ts, which the schemas read with, imports it); outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const groups = ["shipping_group", "tax_group"];
const catalogue = z.array(storeCatalogueProductSchema.transform(toCatalogueProduct));

/** A shipping group as the bundled store embeds it: big, with strings that hold braces, quotes and escapes. */
const parcels = {
  id: 4,
  name: 'Parcels {EU} "fast"',
  options: [
    { name: "Standard \\ post", rates: [{ min: 0, max: 2, price: "€4.90" }], note: '"shipping_group":{"id":1}' },
    { name: "Express}", rates: [{ min: 0, max: null, price: "€12.00" }], countries: ["DE", "FR", "日本"] },
  ],
};
const vat = {
  key: "tg_1",
  name: "Standard VAT",
  rules: [
    { country: "DE", rate: 19 },
    { country: "FR", rate: 20 },
  ],
};

function product(n: number, shipping: unknown, tax: unknown) {
  return {
    key: `p${n}`,
    name: `Mug {${n}} "blue" ☕`,
    description: `Says "shipping_group":{"id":99} in its text, and a } and a \\`,
    price: "$10.00",
    price_raw: 10,
    options: [{ key: "o", default: n % 2 === 0, metadata: { Size: "M" } }],
    shipping_group: shipping,
    tax_group: tax,
  };
}

const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value));

describe("reduceRepeatedMembers (the catalogue's repeated groups)", () => {
  const page = Array.from({ length: 250 }, (_, n) =>
    product(n, n % 3 === 0 ? { ...parcels, id: 5, name: "Large items" } : parcels, n % 5 === 0 ? null : vat),
  );

  it("reads to the same catalogue lines as the whole answer, from a much smaller text", () => {
    const whole = bytesOf(page);
    const reduced = reduceRepeatedMembers(whole, groups, groupRefFields);
    expect(catalogue.parse(JSON.parse(reduced.toString("utf8")))).toEqual(
      catalogue.parse(JSON.parse(whole.toString())),
    );
    expect(reduced.length).toBeLessThan(whole.length * 0.6);
  });

  it("keeps of each group what the reading reads (id or key, and name), and every other byte as it was", () => {
    const reduced = JSON.parse(reduceRepeatedMembers(bytesOf(page), groups, groupRefFields).toString("utf8"));
    expect(reduced).toEqual(
      page.map((p) => ({
        ...p,
        shipping_group: {
          id: (p.shipping_group as { id: number }).id,
          name: (p.shipping_group as { name: string }).name,
        },
        tax_group: p.tax_group && { key: "tg_1", name: "Standard VAT" },
      })),
    );
  });

  it("leaves alone what is not a group object: null, an id, a member spelled with spaces", () => {
    const ids = bytesOf([product(1, 4, null), product(2, "tg", 7)]);
    expect(reduceRepeatedMembers(ids, groups, groupRefFields)).toBe(ids);
    const spaced = Buffer.from(JSON.stringify([product(1, parcels, vat)], null, 2));
    expect(reduceRepeatedMembers(spaced, groups, groupRefFields)).toBe(spaced);
  });

  it("tells apart groups that begin alike, and one group inside another", () => {
    const shortGroup = { id: 4, name: "Parcels" };
    const longer = { id: 4, name: "Parcels", options: [{ name: "x" }] };
    const nested = { id: 8, name: "Outer", tax_group: { id: 9, name: "Inner", rules: [1, 2] } };
    const answer = [product(1, shortGroup, nested), product(2, longer, vat), product(3, shortGroup, nested)];
    const reduced = JSON.parse(reduceRepeatedMembers(bytesOf(answer), groups, groupRefFields).toString("utf8"));
    expect(
      reduced.map((p: { shipping_group: unknown; tax_group: unknown }) => [p.shipping_group, p.tax_group]),
    ).toEqual([
      [shortGroup, { id: 8, name: "Outer" }],
      [
        { id: 4, name: "Parcels" },
        { key: "tg_1", name: "Standard VAT" },
      ],
      [shortGroup, { id: 8, name: "Outer" }],
    ]);
  });

  it("stops at an object that does not end, leaving the rest as it came", () => {
    const whole = bytesOf([product(1, parcels, vat)]);
    const cut = whole.subarray(0, whole.indexOf('"tax_group":{') + 20);
    const reduced = reduceRepeatedMembers(cut, groups, groupRefFields).toString("utf8");
    expect(reduced.endsWith(cut.subarray(cut.indexOf('"tax_group":{')).toString())).toBe(true);
    expect(reduced).toContain('"shipping_group":{"id":4,"name":"Parcels {EU} \\"fast\\""}');
  });
});

describe("objectEnd", () => {
  it("skips braces and escaped quotes inside strings", () => {
    const text = Buffer.from('{"a":"}\\"{","b":{"c":"\\\\"}} tail');
    expect(objectEnd(text, 0)).toBe(text.indexOf(" tail"));
    expect(objectEnd(Buffer.from('{"a":{"b":1}'), 0)).toBe(-1);
  });
});
