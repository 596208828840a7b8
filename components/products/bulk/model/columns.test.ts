import { describe, expect, it } from "vitest";
import { type CellValue, originalValue, type Parsed, sameValue } from "../../../grid";
import { type ColumnId, columnById, columnIds, columns, type GridContext, isColumnId } from "./columns";
import { ctx, product } from "./fixtures";
import { groupChoices } from "./groups";

const parse = (column: ColumnId, text: string, p = product("a"), c: GridContext = ctx): Parsed =>
  columnById[column].parse(text, c, p);
const value = (column: ColumnId, text: string, p = product("a"), c: GridContext = ctx): CellValue => {
  const parsed = parse(column, text, p, c);
  if (!parsed.ok) throw new Error(`${column} "${text}": ${parsed.error}`);
  return parsed.value;
};
const error = (column: ColumnId, text: string, p = product("a"), c: GridContext = ctx): string => {
  const parsed = parse(column, text, p, c);
  if (parsed.ok) throw new Error(`${column} "${text}" parsed as ${String(parsed.value)}`);
  return parsed.error;
};
const format = (column: ColumnId, v: CellValue, c: GridContext = ctx) => columnById[column].format(v, c);

describe("the column list", () => {
  it("has the thirteen columns in order, with labels and fields", () => {
    expect(columns.map((c) => [c.id, c.label, c.field])).toEqual([
      ["name", "Name", "name"],
      ["nameShort", "Short name", "name_short"],
      ["sku", "SKU", "sku"],
      ["status", "Status", "status"],
      ["price", "Price", "price"],
      ["salePrice", "Sale price", "sale_price"],
      ["cost", "Cost", "cost"],
      ["quantity", "Quantity", "quantity"],
      ["weight", "Weight", "weight"],
      ["type", "Type", "type"],
      ["shippingGroup", "Shipping group", "shipping_group"],
      ["taxGroup", "Tax group", "tax_group"],
      ["order", "Order", "order"],
    ]);
    expect(columnIds).toEqual(columns.map((c) => c.id));
    for (const c of columns) expect(columnById[c.id]).toBe(c);
  });

  it("aligns numbers at the end and gives every column a width", () => {
    for (const c of columns) {
      expect(c.width).toBeGreaterThan(50);
      expect(c.align).toBe(["money", "quantity", "number"].includes(c.kind) ? "end" : "start");
    }
    expect(columns.filter((c) => c.choices).map((c) => c.id)).toEqual(["status", "type", "shippingGroup", "taxGroup"]);
  });

  it("reads a product's property, and compares values strictly", () => {
    const p = product("a", { salePrice: 800, shippingGroup: null });
    expect(originalValue(p, "salePrice")).toBe(800);
    expect(originalValue(p, "shippingGroup")).toBeNull();
    expect(originalValue(p, "nameShort")).toBe("");
    expect(sameValue(1, 1)).toBe(true);
    expect(sameValue(null, null)).toBe(true);
    expect(sameValue("1", 1)).toBe(false);
    expect(sameValue("", null)).toBe(false);
    expect(sameValue(0, null)).toBe(false);
  });

  it("knows its ids", () => {
    expect(isColumnId("salePrice")).toBe(true);
    expect(isColumnId("sale_price")).toBe(false);
    expect(isColumnId("toString")).toBe(false);
  });
});

describe("text columns", () => {
  it("take a name, trimmed, unicode included", () => {
    expect(value("name", "  Crème brûlée mug ")).toBe("Crème brûlée mug");
    expect(value("name", "茶碗 🍵")).toBe("茶碗 🍵");
    expect(value("name", 'The "best" mug')).toBe('The "best" mug');
  });

  it("refuse an empty name, but not an empty short name or SKU", () => {
    expect(error("name", "")).toBe("Enter a name.");
    expect(error("name", "   ")).toBe("Enter a name.");
    expect(value("nameShort", "")).toBe("");
    expect(value("sku", " ")).toBe("");
  });

  it("refuse more than 255 characters", () => {
    expect(value("name", "x".repeat(255))).toHaveLength(255);
    expect(error("name", "x".repeat(256))).toBe("Use at most 255 characters (this has 256).");
    expect(error("sku", "y".repeat(300))).toMatch(/at most 255/);
  });

  it("refuse line breaks and tabs inside", () => {
    expect(error("name", "two\nlines")).toBe("Keep it on one line, without tabs.");
    expect(error("sku", "a\tb")).toBe("Keep it on one line, without tabs.");
    // Surrounding ones are trimmed away.
    expect(value("name", "\tMug\r\n")).toBe("Mug");
  });

  it("give back the stored text for what was shown, spaces around included", () => {
    const p = product("a", { name: " Mug ", nameShort: "line\nbreak" });
    expect(parse("name", " Mug ", p)).toEqual({ ok: true, value: " Mug " });
    expect(parse("name", "Mug", p)).toEqual({ ok: true, value: " Mug " });
    // A stored value the grid would not take when typed still round-trips.
    expect(parse("nameShort", "line\nbreak", p)).toEqual({ ok: true, value: "line\nbreak" });
    expect(parse("name", "", product("b", { name: "" }))).toEqual({ ok: true, value: "" });
  });

  it("write the text", () => {
    expect(columnById.name.toWire("Mug", ctx)).toBe("Mug");
    expect(columnById.nameShort.toWire("", ctx)).toBe("");
  });
});

describe("choice columns", () => {
  it("offer the statuses and types with their labels", () => {
    expect(columnById.status.choices!(ctx)).toEqual([
      { value: "available", label: "Available" },
      { value: "on sale", label: "On sale" },
      { value: "hidden", label: "Hidden" },
      { value: "sold out", label: "Sold out" },
      { value: "coming soon", label: "Coming soon" },
    ]);
    expect(columnById.type.choices!(ctx)).toEqual([
      { value: "physical", label: "Physical" },
      { value: "digital", label: "Digital" },
    ]);
  });

  it("take a label or a value, in any case and spacing", () => {
    expect(value("status", "Sold out")).toBe("sold out");
    expect(value("status", "SOLD OUT")).toBe("sold out");
    expect(value("status", "sold_out")).toBe("sold out");
    expect(value("status", " coming-soon ")).toBe("coming soon");
    expect(value("status", "ｈｉｄｄｅｎ")).toBe("hidden");
    expect(value("type", "DIGITAL")).toBe("digital");
  });

  it("refuse anything else, naming the choices", () => {
    expect(error("status", "draft")).toBe("Choose a status: Available, On sale, Hidden, Sold out or Coming soon.");
    expect(error("status", "")).toMatch(/^Choose a status/);
    expect(error("type", "service")).toBe("Choose a type: Physical or Digital.");
  });

  it("show labels, and an unknown value as the store sent it (which round-trips)", () => {
    expect(format("status", "on sale")).toBe("On sale");
    expect(format("type", "digital")).toBe("Digital");
    expect(format("status", null)).toBe("");
    const odd = product("a", { status: "archived", type: "service" });
    expect(format("status", "archived")).toBe("archived");
    expect(parse("status", "archived", odd)).toEqual({ ok: true, value: "archived" });
    expect(parse("type", "service", odd)).toEqual({ ok: true, value: "service" });
    expect(columnById.status.toWire("sold out", ctx)).toBe("sold out");
  });
});

describe("group columns", () => {
  it("offer None then the groups", () => {
    expect(columnById.shippingGroup.choices!(ctx)).toEqual([
      { value: "", label: "None" },
      { value: "1", label: "Standard" },
      { value: "2", label: "Heavy goods" },
    ]);
    expect(columnById.taxGroup.choices!(ctx).map((c) => c.label)).toEqual(["None", "Reduced", "Standard rate"]);
  });

  it("take a name, an id, None or empty", () => {
    expect(value("shippingGroup", "heavy  GOODS")).toBe("2");
    expect(value("shippingGroup", "1")).toBe("1");
    expect(value("shippingGroup", "none")).toBeNull();
    expect(value("shippingGroup", "")).toBeNull();
    expect(value("taxGroup", "Standard rate")).toBe("11");
  });

  it("refuse a group that is not in the list", () => {
    expect(error("shippingGroup", "Express")).toBe("Choose a shipping group from the list, or None.");
    expect(error("taxGroup", "99")).toBe("Choose a tax group from the list, or None.");
  });

  it("show the group's name, an unknown id as it is, none as empty", () => {
    expect(format("shippingGroup", "2")).toBe("Heavy goods");
    expect(format("shippingGroup", "77")).toBe("77");
    expect(format("shippingGroup", null)).toBe("");
    // A group the list no longer has round-trips on its product.
    expect(parse("shippingGroup", "77", product("a", { shippingGroup: "77" }))).toEqual({ ok: true, value: "77" });
  });

  it("label groups that share a name with their id, so each label names one", () => {
    const shared: GridContext = {
      ...ctx,
      shippingGroups: [
        { id: "1", name: "Europe" },
        { id: "2", name: "europe" },
        { id: "3", name: "None" },
        { id: "4", name: "Asia" },
      ],
    };
    expect(groupChoices(shared.shippingGroups).map((c) => c.label)).toEqual([
      "None",
      "Europe (1)",
      "europe (2)",
      "None (3)",
      "Asia",
    ]);
    expect(format("shippingGroup", "2", shared)).toBe("europe (2)");
    expect(value("shippingGroup", "Europe (1)", product("a"), shared)).toBe("1");
    expect(value("shippingGroup", "none (3)", product("a"), shared)).toBe("3");
    expect(value("shippingGroup", "None", product("a"), shared)).toBeNull();
    expect(value("shippingGroup", "2", product("a"), shared)).toBe("2");
    expect(error("shippingGroup", "Europe", product("a"), shared)).toBe(
      "Several shipping groups have this name: choose one from the list.",
    );
  });

  it("take ids as typed when the store would not list its groups", () => {
    const unlisted: GridContext = { ...ctx, shippingGroups: [], taxGroups: [] };
    expect(columnById.taxGroup.choices!(unlisted)).toEqual([{ value: "", label: "None" }]);
    expect(value("taxGroup", " 12 ", product("a"), unlisted)).toBe("12");
    expect(format("taxGroup", "12", unlisted)).toBe("12");
    expect(error("taxGroup", "Reduced", product("a"), unlisted)).toBe("Enter the tax group's id, a number.");
  });

  it("write the id, or null for none", () => {
    expect(columnById.shippingGroup.toWire("2", ctx)).toBe("2");
    expect(columnById.taxGroup.toWire(null, ctx)).toBeNull();
  });
});

describe("money columns", () => {
  it("take amounts as people type them", () => {
    expect(value("price", "12.50")).toBe(1250);
    expect(value("price", "12.5")).toBe(1250);
    expect(value("price", "$12.50")).toBe(1250);
    expect(value("price", "$1,234.50")).toBe(123450);
    expect(value("price", "12.50 USD")).toBe(1250);
    expect(value("price", "\u00a012\u00a0")).toBe(1200);
    expect(value("price", "0")).toBe(0);
    expect(value("salePrice", ".99")).toBe(99);
  });

  it("refuse what is not an amount, in a sentence", () => {
    expect(error("price", "abc")).toBe("Enter an amount such as 12.50.");
    expect(error("price", "12.345")).toBe("Use at most 2 decimals.");
    expect(error("price", "-1")).toBe("Enter an amount of 0 or more.");
    expect(error("price", "1e3")).toBe("Enter an amount such as 12.50.");
    expect(error("price", "99999999999999999")).toBe("Enter a smaller amount.");
    expect(error("price", "")).toBe("Enter a price.");
  });

  it("follow the store's currency", () => {
    const yen: GridContext = { ...ctx, currency: "JPY" };
    const dinar: GridContext = { ...ctx, currency: "KWD" };
    expect(value("price", "500", product("a"), yen)).toBe(500);
    expect(error("price", "5.5", product("a"), yen)).toBe("Enter a whole amount: this currency has no decimals.");
    expect(error("price", "x", product("a"), yen)).toBe("Enter an amount such as 1250.");
    expect(value("price", "1.234", product("a"), dinar)).toBe(1234);
    expect(format("price", 1234, dinar)).toBe("1.234");
    expect(format("price", 500, yen)).toBe("500");
  });

  it("show a plain decimal without a symbol, and nothing for none", () => {
    expect(format("price", 1250)).toBe("12.50");
    expect(format("price", 5)).toBe("0.05");
    expect(format("salePrice", null)).toBe("");
    expect(format("cost", 0)).toBe("0.00");
  });

  it("take an empty sale price off sale", () => {
    expect(value("salePrice", "", product("a", { salePrice: 800 }))).toBeNull();
    expect(columnById.salePrice.toWire(null, ctx)).toBeNull();
  });

  it("read an empty cost as 0, the store's none (unless the store sent none)", () => {
    expect(value("cost", "", product("a", { cost: 400 }))).toBe(0);
    expect(value("cost", "", product("a", { cost: null }))).toBeNull();
    expect(columnById.cost.toWire(null, ctx)).toBe("0.00");
  });

  it("write a plain decimal", () => {
    expect(columnById.price.toWire(1250, ctx)).toBe("12.50");
    expect(columnById.salePrice.toWire(99, ctx)).toBe("0.99");
    expect(columnById.price.toWire(500, { ...ctx, currency: "JPY" })).toBe("500");
  });

  it("round-trip a stored negative amount the grid would not take typed", () => {
    const p = product("a", { cost: -200 });
    expect(format("cost", -200)).toBe("-2.00");
    expect(parse("cost", "-2.00", p)).toEqual({ ok: true, value: -200 });
    expect(error("cost", "-2.00")).toBe("Enter an amount of 0 or more.");
  });
});

describe("quantity", () => {
  it("takes a whole number or unlimited", () => {
    expect(value("quantity", "12")).toBe(12);
    expect(value("quantity", " 0 ")).toBe(0);
    expect(value("quantity", "1,250")).toBe(1250);
    expect(value("quantity", "Unlimited")).toBe(-1);
    expect(value("quantity", "UNLIMITED")).toBe(-1);
    expect(value("quantity", "∞")).toBe(-1);
    expect(value("quantity", "-1")).toBe(-1);
  });

  it("refuses anything else", () => {
    for (const text of ["-2", "1.5", "lots", "12,50", "99999999999"]) {
      expect(error("quantity", text)).toBe("Enter a whole number from 0, or Unlimited.");
    }
    expect(error("quantity", "")).toBe("Enter a quantity, or Unlimited.");
  });

  it("shows unlimited in words", () => {
    expect(format("quantity", -1)).toBe("Unlimited");
    expect(format("quantity", 7)).toBe("7");
    expect(columnById.quantity.toWire(-1, ctx)).toBe(-1);
  });

  it("is read-only on a product with options", () => {
    expect(columnById.quantity.readOnly!(product("a", { hasOptions: true }))).toBe(
      "Quantity is the sum of this product's options: edit them on the product's page.",
    );
    expect(columnById.quantity.readOnly!(product("a"))).toBeNull();
    expect(columnById.price.readOnly).toBeUndefined();
  });
});

describe("weight and order", () => {
  it("weight: a number from 0, empty as 0 (the store's none)", () => {
    expect(value("weight", "1.25")).toBe(1.25);
    expect(value("weight", "")).toBe(0);
    expect(value("weight", "", product("a", { weight: null }))).toBeNull();
    expect(error("weight", "-1")).toBe("Enter a weight of 0 or more, such as 1.25.");
    expect(error("weight", "heavy")).toBe("Enter a weight of 0 or more, such as 1.25.");
    expect(format("weight", 1.5)).toBe("1.5");
    expect(format("weight", 0.1 + 0.2)).toBe("0.3");
    expect(format("weight", null)).toBe("");
    expect(columnById.weight.toWire(2.5, ctx)).toBe(2.5);
    expect(columnById.weight.toWire(null, ctx)).toBe(0);
  });

  it("a weight with float noise round-trips on its product", () => {
    const p = product("a", { weight: 0.1 + 0.2 });
    expect(parse("weight", "0.3", p)).toEqual({ ok: true, value: 0.1 + 0.2 });
  });

  it("order: a whole number from 1", () => {
    expect(value("order", "3")).toBe(3);
    expect(error("order", "0")).toBe("Enter a position: a whole number from 1.");
    expect(error("order", "1.5")).toBe("Enter a position: a whole number from 1.");
    expect(error("order", "")).toBe("Enter a position: a whole number from 1.");
    expect(error("order", "99999999999")).toBe("Enter a position: a whole number from 1.");
    expect(format("order", 3)).toBe("3");
    expect(format("order", null)).toBe("");
    expect(parse("order", "", product("a", { order: null }))).toEqual({ ok: true, value: null });
    expect(columnById.order.toWire(3, ctx)).toBe(3);
  });
});

describe("the round trip", () => {
  const samples = [
    product("a"),
    product("b", {
      name: "Ünïcødé “quoted” name",
      nameShort: "short",
      sku: "",
      status: "coming soon",
      price: 0,
      salePrice: 99,
      cost: null,
      quantity: -1,
      weight: null,
      type: "digital",
      shippingGroup: null,
      taxGroup: "11",
      order: null,
    }),
    product("c", { status: "weird", shippingGroup: "404", price: 123456789, weight: 0, cost: 0 }),
  ];

  it("every value parses back from what it formats to, on its product", () => {
    for (const p of samples) {
      for (const c of columns) {
        const v = originalValue(p, c.id);
        expect(c.parse(c.format(v, ctx), ctx, p), `${p.key}.${c.id}`).toEqual({ ok: true, value: v });
      }
    }
  });

  it("a formatted value pasted on another product reads the same (choices and amounts)", () => {
    const other = product("z");
    for (const c of columns) {
      const v = originalValue(samples[1]!, c.id);
      const parsed = c.parse(c.format(v, ctx), ctx, other);
      if (c.id === "cost" || c.id === "weight") {
        // Their empty is the store's 0 on a product that has one.
        expect(parsed).toEqual({ ok: true, value: 0 });
      } else if (c.id === "order") {
        // No position is nothing to write: the store has one for every product.
        expect(parsed.ok).toBe(false);
      } else {
        expect(parsed, c.id).toEqual({ ok: true, value: v });
      }
    }
  });
});
