import ChevronDown from "lucide-react/icons/chevron-down";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { type ItemsDraft, type ItemRow, newDraftId, newItemRow } from "@/lib/store/products/edit";
import { Button } from "../../ui/button";
import { CellInput } from "../../ui/cell-input";
import { cn } from "../../ui/cn";
import { FieldError } from "../../ui/field";
import { Input } from "../../ui/input";
import { collapseAfter, inputWidthCh, rowSummary, rowsView } from "./items-view";

/*
 * The options or extras of a product as a table: one column per metadata
 * column (its name typed in the header), then quantity, surcharge, cost,
 * weight (and fetch SKU for options) per row, each input as wide as its
 * column's longest value. Below `md` each row is one line that expands into
 * a card whose inputs carry their own labels. Past a dozen rows the table
 * shows its first dozen, with a filter and "Show all" (./items-view.ts).
 */

export interface ItemsTableProps {
  kind: "options" | "extras";
  value: ItemsDraft;
  onChange: (next: ItemsDraft) => void;
  errors: FieldErrors<ItemsDraft> | undefined;
  currency: string;
  disabled?: boolean;
}

const words = {
  options: { one: "option", many: "options", One: "Option", add: "Add option", example: "Size" },
  extras: { one: "extra", many: "extras", One: "Extra", add: "Add extra", example: "Gift wrap" },
} as const;

/** An input's width from its column's values: `md:min-w-(--cell-w)` reads it (tables only, not the phone's cards). */
const cellWidth = (values: readonly string[]) => ({ "--cell-w": `${inputWidthCh(values)}ch` }) as CSSProperties;

export function ItemsTable({ kind, value, onChange, errors, currency, disabled }: ItemsTableProps) {
  const w = words[kind];
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    document.getElementById(id)?.focus();
  });

  const [filter, setFilter] = useState("");
  const [expanded, setExpanded] = useState(false);
  // Rows open on a phone (by id), and rows to show whatever the filter (just added).
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [added, setAdded] = useState<ReadonlySet<string>>(() => new Set());
  const toggleOpen = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const { columns, rows } = value;
  const columnName = (index: number) => columns[index]?.name.trim() || `Column ${index + 1}`;
  const rowName = (index: number) => {
    const row = rows[index];
    const named = row?.values
      .map((v) => v.trim())
      .filter(Boolean)
      .join(" / ");
    return named ? `${w.one} ${index + 1} (${named})` : `${w.one} ${index + 1}`;
  };
  const setRow = (index: number, change: Partial<ItemRow>) =>
    onChange({ columns, rows: rows.map((row, i) => (i === index ? { ...row, ...change } : row)) });

  const addColumn = () => {
    const column = { id: newDraftId("c"), name: "" };
    focusNext.current = `${kind}-column-${column.id}`;
    onChange({ columns: [...columns, column], rows: rows.map((row) => ({ ...row, values: [...row.values, ""] })) });
  };
  const removeColumn = (index: number) => {
    focusNext.current = `${kind}-add-column`;
    onChange({
      columns: columns.filter((_, i) => i !== index),
      rows: rows.map((row) => ({ ...row, values: row.values.filter((_, i) => i !== index) })),
    });
  };
  const addRow = () => {
    const row = newItemRow(columns.length);
    focusNext.current = columns.length ? `${kind}-${row.id}-value-0` : `${kind}-${row.id}-quantity`;
    setOpen((current) => new Set(current).add(row.id));
    setAdded((current) => new Set(current).add(row.id));
    onChange({ columns, rows: [...rows, row] });
  };
  const removeRow = (index: number) => {
    const next = rows[index + 1] ?? rows[index - 1];
    focusNext.current = next ? `${kind}-${next.id}-remove` : `${kind}-add-row`;
    onChange({ columns, rows: rows.filter((_, i) => i !== index) });
  };

  const money = `(${currency})`;
  const columnErrors = errors?.columns;
  const rowErrors = errors?.rows;
  const rowError = (index: number) => (Array.isArray(rowErrors) ? rowErrors[index] : undefined);
  // A row with an error always shows, open: the person sees what to fix.
  const keep = rows.flatMap((row, index) => (rowError(index) || added.has(row.id) ? [index] : []));
  // Read-only, the filter (in the disabled fieldset) cannot be typed in: every row shows, open.
  const view = rowsView(rows, { filter, expanded: expanded || disabled, keep });
  const valueWidths = columns.map((column, c) => cellWidth([column.name, ...rows.map((row) => row.values[c] ?? "")]));
  const skuWidth = cellWidth(["Option SKU", ...rows.map((row) => row.fetchSku)]);
  const numberWidth = (pick: (row: ItemRow) => string) => cellWidth(["00.00", ...rows.map(pick)]);
  const surchargeWidth = numberWidth((row) => row.surcharge);
  const costWidth = numberWidth((row) => row.cost);
  const weightWidth = numberWidth((row) => row.weight);
  const quantityWidth = numberWidth((row) => row.quantity);

  return (
    <div className="space-y-3">
      <div>
        <p className="text-sm font-medium text-fg" id={`${kind}-columns-label`}>
          Columns
        </p>
        <p className="text-sm text-fg-muted">
          One per choice, such as {kind === "options" ? "Size and Colour" : "Gift wrap"}.
        </p>
        <ul aria-labelledby={`${kind}-columns-label`} className="mt-2 flex flex-wrap gap-2">
          {columns.map((column, index) => {
            const id = `${kind}-column-${column.id}`;
            const error = Array.isArray(columnErrors) ? columnErrors[index]?.name?.message : undefined;
            return (
              <li key={column.id} className="flex items-start gap-1">
                <CellInput
                  inputClassName="md:min-w-20"
                  id={id}
                  label={`Name of column ${index + 1}`}
                  value={column.name}
                  placeholder={index === 0 ? w.example : "Column name"}
                  disabled={disabled}
                  error={error}
                  className="w-28 sm:w-40 [&_label]:sr-only [&_input]:mt-0"
                  onChange={(event) =>
                    onChange({
                      columns: columns.map((c, i) => (i === index ? { ...c, name: event.target.value } : c)),
                      rows,
                    })
                  }
                />
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-control w-control shrink-0"
                  disabled={disabled}
                  aria-label={`Remove column ${columnName(index)}`}
                  onClick={() => removeColumn(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
          <li>
            <Button
              id={`${kind}-add-column`}
              variant="secondary"
              size="sm"
              disabled={disabled}
              className="mt-1"
              onClick={addColumn}
            >
              <Plus aria-hidden="true" />
              Add column
            </Button>
          </li>
        </ul>
      </div>

      {view.collapsible && !disabled ? (
        <div>
          <label htmlFor={`${kind}-filter`} className="block text-sm font-medium text-fg">
            Filter {w.many}
          </label>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Input
              id={`${kind}-filter`}
              type="search"
              autoComplete="off"
              className="w-auto min-w-0 flex-1 basis-40 sm:max-w-72"
              placeholder={kind === "options" ? "Such as M red" : "Such as wrap"}
              aria-describedby={`${kind}-filter-count`}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              // Enter in the filter filters; it does not save the product.
              onKeyDown={(event) => {
                if (event.key === "Enter") event.preventDefault();
              }}
            />
            {filter.trim() ? null : (
              <Button variant="secondary" size="sm" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
                {expanded ? `Show the first ${collapseAfter}` : `Show all ${rows.length} ${w.many}`}
              </Button>
            )}
          </div>
          <p id={`${kind}-filter-count`} role="status" className="mt-1 text-sm text-fg-muted">
            {filter.trim()
              ? `${view.matched} of ${rows.length} ${w.many} match.`
              : `Showing ${view.shown.length} of ${rows.length} ${w.many}.`}
          </p>
        </div>
      ) : null}

      {rows.length && !view.shown.length ? (
        <p className="text-sm text-fg-muted">
          No {w.one} matches “{filter.trim()}”. Clear the filter to see all {rows.length}.
        </p>
      ) : null}
      {view.shown.length ? (
        <div className="relative md:overflow-x-auto md:rounded-lg md:border md:border-border">
          <table aria-label={kind === "options" ? "Options" : "Extras"} className="w-full text-sm max-md:block">
            <thead className="bg-surface-muted max-md:sr-only">
              <tr>
                {columns.map((column, index) => (
                  <th key={column.id} scope="col" className="px-2 py-2 text-start text-xs font-semibold text-fg-muted">
                    {columnName(index)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-start text-xs font-semibold text-fg-muted">
                  Quantity
                </th>
                <th scope="col" className="px-2 py-2 text-start text-xs font-semibold text-fg-muted">
                  Surcharge {money}
                </th>
                <th scope="col" className="px-2 py-2 text-start text-xs font-semibold text-fg-muted">
                  Cost {money}
                </th>
                <th scope="col" className="px-2 py-2 text-start text-xs font-semibold text-fg-muted">
                  Weight
                </th>
                {kind === "options" ? (
                  <th scope="col" className="px-2 py-2 text-start text-xs font-semibold text-fg-muted">
                    Option SKU
                  </th>
                ) : null}
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border max-md:block max-md:rounded-lg max-md:border max-md:border-border">
              {view.shown.map((index) => {
                const row = rows[index]!;
                const e = rowError(index);
                const base = `${kind}-${row.id}`;
                const name = rowName(index);
                // On a phone: one line until opened (a row with an error is open).
                const opened = open.has(row.id) || Boolean(e) || Boolean(disabled);
                const cellClass = cn("px-2 py-2 max-md:p-0", !opened && "max-md:hidden");
                return (
                  <tr
                    key={row.id}
                    data-row={base}
                    className={cn(
                      "align-top max-md:grid max-md:px-3",
                      // On a phone an open row is a card of labelled inputs; a closed one a line of a list.
                      opened
                        ? "max-md:grid-cols-2 max-md:gap-3 max-md:py-3"
                        : "max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-center max-md:gap-2 max-md:py-1",
                    )}
                  >
                    <td className={cn("md:hidden", opened && "col-span-2")}>
                      <button
                        type="button"
                        id={`${base}-toggle`}
                        aria-expanded={opened}
                        aria-label={`${opened ? "Close" : "Open"} ${name}`}
                        disabled={Boolean(e)}
                        onClick={() => toggleOpen(row.id)}
                        className="flex min-h-control w-full min-w-0 items-center gap-2 rounded-md text-start text-sm text-fg hover:bg-surface-hover disabled:cursor-default"
                      >
                        <ChevronDown
                          aria-hidden="true"
                          className={cn("size-4 shrink-0 text-fg-muted transition-transform", opened && "rotate-180")}
                        />
                        <span className="min-w-0 flex-1 truncate">
                          {rowSummary(row, { currency, withQuantity: true })}
                        </span>
                      </button>
                    </td>
                    {columns.map((column, c) => (
                      <td key={column.id} className={cellClass}>
                        <CellInput
                          inputClassName="md:min-w-(--cell-w)"
                          style={valueWidths[c]}
                          id={`${base}-value-${c}`}
                          label={`${columnName(c)} of ${w.one} ${index + 1}`}
                          value={row.values[c] ?? ""}
                          disabled={disabled}
                          error={c === 0 ? e?.values?.message : undefined}
                          onChange={(event) =>
                            setRow(index, { values: row.values.map((v, i) => (i === c ? event.target.value : v)) })
                          }
                        />
                      </td>
                    ))}
                    <td className={cn(cellClass, "max-md:col-span-2")}>
                      <div className="flex items-end gap-2 md:items-start">
                        <CellInput
                          inputClassName="md:min-w-(--cell-w)"
                          style={quantityWidth}
                          id={`${base}-quantity`}
                          label={`Quantity of ${name}`}
                          value={row.unlimited ? "" : row.quantity}
                          placeholder={row.unlimited ? "∞" : undefined}
                          inputMode="numeric"
                          disabled={disabled || row.unlimited}
                          error={e?.quantity?.message}
                          className="w-24"
                          onChange={(event) => setRow(index, { quantity: event.target.value })}
                        />
                        <label className="flex min-h-control items-center gap-1.5 text-sm whitespace-nowrap text-fg">
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            checked={row.unlimited}
                            disabled={disabled}
                            aria-label={`Unlimited quantity of ${name}`}
                            onChange={(event) => setRow(index, { unlimited: event.target.checked })}
                          />
                          <span aria-hidden="true">Unlimited</span>
                        </label>
                      </div>
                      {e?.values?.message && !columns.length ? (
                        <FieldError id={`${base}-values-error`} error={e.values.message} />
                      ) : null}
                    </td>
                    <td className={cellClass}>
                      <CellInput
                        inputClassName="md:min-w-(--cell-w)"
                        style={surchargeWidth}
                        id={`${base}-surcharge`}
                        label={`Surcharge of ${name} ${money}`}
                        value={row.surcharge}
                        inputMode="decimal"
                        disabled={disabled}
                        error={e?.surcharge?.message}
                        onChange={(event) => setRow(index, { surcharge: event.target.value })}
                      />
                    </td>
                    <td className={cellClass}>
                      <CellInput
                        inputClassName="md:min-w-(--cell-w)"
                        style={costWidth}
                        id={`${base}-cost`}
                        label={`Cost of ${name} ${money}`}
                        value={row.cost}
                        inputMode="decimal"
                        disabled={disabled}
                        error={e?.cost?.message}
                        onChange={(event) => setRow(index, { cost: event.target.value })}
                      />
                    </td>
                    <td className={cellClass}>
                      <CellInput
                        inputClassName="md:min-w-(--cell-w)"
                        style={weightWidth}
                        id={`${base}-weight`}
                        label={`Weight of ${name}`}
                        value={row.weight}
                        inputMode="decimal"
                        disabled={disabled}
                        error={e?.weight?.message}
                        onChange={(event) => setRow(index, { weight: event.target.value })}
                      />
                    </td>
                    {kind === "options" ? (
                      <td className={cn(cellClass, "max-md:col-span-2")}>
                        <CellInput
                          inputClassName="md:min-w-(--cell-w)"
                          style={skuWidth}
                          id={`${base}-fetch-sku`}
                          label={`Option SKU of ${name}`}
                          value={row.fetchSku}
                          disabled={disabled}
                          error={e?.fetchSku?.message}
                          onChange={(event) => setRow(index, { fetchSku: event.target.value })}
                        />
                      </td>
                    ) : null}
                    <td className={cn("px-2 py-2 max-md:p-0 max-md:text-end", opened && "max-md:col-span-2")}>
                      <Button
                        id={`${base}-remove`}
                        variant="ghost"
                        size="icon"
                        className="h-control w-control shrink-0"
                        disabled={disabled}
                        aria-label={`Remove ${name}`}
                        onClick={() => removeRow(index)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : rows.length ? null : (
        <p className="text-sm text-fg-muted">
          No {kind} yet.{" "}
          {kind === "options"
            ? "Without options, a shopper buys the product as it is."
            : "Extras are add-ons a shopper may pick, such as gift wrap."}
        </p>
      )}
      <Button id={`${kind}-add-row`} variant="secondary" size="sm" disabled={disabled} onClick={addRow}>
        <Plus aria-hidden="true" />
        {w.add}
      </Button>
    </div>
  );
}
