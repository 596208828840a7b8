import { describe, expect, it } from "vitest";
import { narrowOrder } from "./narrow-order";

const col = (id: string) => ({ id }) as never as import("./columns").ColumnDef;

describe("narrowOrder", () => {
  it("puts the columns a person comes to edit right after the frozen one, in the order given", () => {
    const columns = ["name", "sku", "status", "price", "salePrice"].map(col);
    const ids = (list: readonly { id: string }[]) => list.map((c) => c.id);
    expect(ids(narrowOrder(columns, ["price", "salePrice", "quantity"]))).toEqual([
      "name",
      "price",
      "salePrice",
      "sku",
      "status",
    ]);
    // A hidden column (not among them) is skipped; none at all keeps the order and the list itself.
    expect(narrowOrder(columns, ["quantity"])).toBe(columns);
    // The frozen column stays first even when named.
    expect(ids(narrowOrder(columns, ["name", "status"]))).toEqual(["name", "status", "sku", "price", "salePrice"]);
  });
});
