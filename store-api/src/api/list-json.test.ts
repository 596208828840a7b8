import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listJson } from "./list-json.js";

const group = z.object({ id: z.number().int(), name: z.string(), rates: z.array(z.object({ price: z.string() })) });
const item = z.object({
  key: z.string(),
  name: z.string().trim(),
  shipping_group: group.nullable(),
  tax_group: group.nullable(),
  price: z.number().default(0),
});
const list = z.array(item);
const plain = (schema: z.ZodType, body: unknown) => Buffer.from(JSON.stringify(schema.parse(body)));

describe("listJson", () => {
  const parcels = { id: 1, name: 'Parcels ☕ "fast" \u0001', rates: [{ price: "€4.90", extra: "stripped" }] };
  const vat = { id: 2, name: "VAT", rates: [] };
  const body = Array.from({ length: 50 }, (_, n) => ({
    key: `p${n}`,
    name: `  Mug ${n} \u0001shared:0  `,
    shipping_group: n % 4 === 0 ? null : n % 3 === 0 ? { ...parcels, id: 3 } : parcels,
    tax_group: n % 2 ? vat : null,
    ...(n % 5 ? { price: n } : {}),
    unknown: "stripped",
  }));

  it("writes the same bytes as the plain check and JSON.stringify, shared objects and all", () => {
    expect(listJson(list, body, ["shipping_group", "tax_group"]).equals(plain(list, body))).toBe(true);
  });

  it("checks each shared object, and fails as the plain check does", () => {
    const broken = body.map((p, n) => (n === 7 ? { ...p, shipping_group: { id: "seven" } } : p));
    expect(() => plain(list, broken)).toThrow(z.ZodError);
    expect(() => listJson(list, broken, ["shipping_group"])).toThrow(z.ZodError);
    expect(() => listJson(list, [...body, 42], ["shipping_group"])).toThrow(z.ZodError);
  });

  it("keeps the item schema's own handling of unknown keys", () => {
    const strict = z.array(item.strict());
    expect(() => listJson(strict, body, ["shipping_group"])).toThrow(z.ZodError);
    const loose = z.array(item.loose());
    expect(listJson(loose, body, ["tax_group"]).equals(plain(loose, body))).toBe(true);
  });

  it("does what the plain way does for a schema or body that is not a list of objects", () => {
    const one = body[1];
    expect(listJson(item, one, ["shipping_group"]).equals(plain(item, one))).toBe(true);
    expect(() => listJson(list, { not: "a list" }, ["shipping_group"])).toThrow(z.ZodError);
    expect(listJson(list, [], ["shipping_group"]).toString()).toBe("[]");
  });
});
