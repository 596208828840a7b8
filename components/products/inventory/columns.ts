import { type InventoryRow, quantityText, readQuantity } from "../../../lib/store/products/model-inventory";
import {
  type Choice,
  type ColumnDef,
  type ColumnSpec,
  defineColumns,
  gridColumn,
  type GridContext,
  parseFailure,
  parseFixedChoice,
  textFormat,
} from "../../grid";

/**
 * The inventory page's columns (docs/bulk-editing.md#inventory), as the grid
 * engine takes them (components/grid/columns.ts), over InventoryRows: an
 * option's or extra's product (linking to its page), values and SKU, shown;
 * its stock and "unlimited", edited. Both write the item's `quantity` (-1:
 * unlimited; model.ts, stockWrites).
 */

export type InventoryColumnId = "product" | "values" | "itemSku" | "stock" | "unlimited";

export type InventoryColumnDef = ColumnDef<InventoryRow> & { id: InventoryColumnId };

/** The inventory's amounts are counts: its columns read nothing beside the row. */
export const inventoryContext: GridContext = {};

const itemReadOnly = "The product, the option's values and its SKU are changed on the product's page.";
const yesNoChoices: Choice[] = [
  { value: "no", label: "No" },
  { value: "yes", label: "Yes" },
];

/** A column of the inventory: only InventoryRows reach its read, readOnly and href. */
const column = (spec: ColumnSpec<InventoryRow, GridContext, { id: InventoryColumnId }>): InventoryColumnDef =>
  gridColumn(spec);

/** The inventory's columns, in their order: known to the grid engine by id as the inventory's. */
export const inventoryColumns: readonly InventoryColumnDef[] = defineColumns("inventory", [
  column({
    id: "product",
    label: "Product",
    field: "product",
    kind: "text",
    width: 240,
    align: "start",
    format: textFormat,
    read: () => parseFailure(itemReadOnly),
    readOnly: () => itemReadOnly,
    href: (row) => `/products/${encodeURIComponent(row.productKey)}`,
  }),
  column({
    id: "values",
    label: "Option",
    field: "values",
    kind: "text",
    width: 200,
    align: "start",
    format: textFormat,
    read: () => parseFailure(itemReadOnly),
    readOnly: () => itemReadOnly,
  }),
  column({
    id: "itemSku",
    label: "SKU",
    field: "fetch_sku",
    kind: "text",
    width: 150,
    align: "start",
    format: textFormat,
    read: () => parseFailure(itemReadOnly),
    readOnly: () => itemReadOnly,
  }),
  column({
    id: "stock",
    label: "Stock",
    field: "quantity",
    kind: "quantity",
    width: 110,
    align: "end",
    format: quantityText,
    read: readQuantity,
    // Nothing left to sell: marked, so that it stands out in a long list of counts.
    mark: (value) => (value === 0 ? "Sold out" : null),
  }),
  column({
    id: "unlimited",
    label: "Unlimited",
    field: "unlimited",
    kind: "choice",
    width: 110,
    align: "start",
    choices: () => yesNoChoices,
    format: (value) => (value === "yes" ? "Yes" : value === "no" ? "No" : ""),
    read: parseFixedChoice(yesNoChoices, "value"),
  }),
]);
