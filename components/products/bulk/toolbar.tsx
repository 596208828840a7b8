"use client";

import Columns3 from "lucide-react/icons/columns-3";
import Download from "lucide-react/icons/download";
import ListOrdered from "lucide-react/icons/list-ordered";
import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import Upload from "lucide-react/icons/upload";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { parseMoneyText } from "@/lib/money";
import { productStatusLabel, productStatuses } from "@/lib/store/products/model";
import type { GridFilter } from "./model/view";

export interface BulkToolbarProps {
  filter: GridFilter;
  /** Every category of the loaded products. */
  categories: readonly string[];
  currency: string;
  reorder: boolean;
  canWrite: boolean;
  loading: boolean;
  saving: boolean;
  /** Whether the grid shows any row to export. */
  canExport: boolean;
  onFilter: (patch: Partial<GridFilter>) => void;
  onColumns: () => void;
  onExport: () => void;
  onImport: (file: File) => void;
  onReorder: () => void;
}

/**
 * The bulk page's toolbar (docs/bulk-editing.md): the filters first (text,
 * status, category, price range), then what acts on the grid (columns, CSV
 * export and import, reorder mode). On a phone it is compact, so that the
 * grid starts high on the screen: the search and a "Filters" button that
 * shows the other filters on one line, and the actions as icons on the next
 * (named for assistive technology all the same).
 */
export function BulkToolbar(props: BulkToolbarProps) {
  const { filter, categories, currency, reorder, canWrite, loading, saving, onFilter } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [filter.status, filter.category, filter.priceMin, filter.priceMax].filter(
    (value) => value !== null && value !== undefined,
  ).length;
  return (
    <div className="flex flex-wrap items-end gap-2" role="toolbar" aria-label="Bulk editing">
      <div className="min-w-0 flex-1 sm:w-56 sm:flex-none">
        <label htmlFor="bulk-search" className="mb-1 block text-xs font-medium text-fg-muted">
          Search
        </label>
        <Input
          id="bulk-search"
          type="search"
          placeholder="Name, SKU or key"
          value={filter.text}
          disabled={reorder}
          onChange={(event) => onFilter({ text: event.target.value })}
        />
      </div>
      <Button
        variant="secondary"
        className="sm:hidden"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        <SlidersHorizontal aria-hidden="true" />
        Filters{activeFilters ? ` (${activeFilters})` : ""}
      </Button>
      {/* Always shown from sm up; on a phone only when "Filters" is pressed. */}
      <div id={filtersId} className={cn("contents", !filtersOpen && "max-sm:hidden")}>
        <div className="w-[calc(50%-0.25rem)] sm:w-40">
          <label htmlFor="bulk-status" className="mb-1 block text-xs font-medium text-fg-muted">
            Status
          </label>
          <Select
            id="bulk-status"
            value={filter.status ?? ""}
            disabled={reorder}
            onChange={(event) => onFilter({ status: event.target.value || null })}
          >
            <option value="">Any status</option>
            {productStatuses.map((status) => (
              <option key={status} value={status}>
                {productStatusLabel(status)}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-[calc(50%-0.25rem)] sm:w-44">
          <label htmlFor="bulk-category" className="mb-1 block text-xs font-medium text-fg-muted">
            Category
          </label>
          <Select
            id="bulk-category"
            value={filter.category ?? ""}
            disabled={reorder}
            onChange={(event) => onFilter({ category: event.target.value || null })}
          >
            <option value="">Any category</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        </div>
        <PriceBound
          id="bulk-price-min"
          label="Price from"
          currency={currency}
          disabled={reorder}
          onValue={(priceMin) => onFilter({ priceMin })}
        />
        <PriceBound
          id="bulk-price-max"
          label="Price to"
          currency={currency}
          disabled={reorder}
          onValue={(priceMax) => onFilter({ priceMax })}
        />
      </div>
      {/* On a phone the actions take a line of their own, so the search keeps the width of one beside Filters. */}
      <div className="flex flex-wrap items-center gap-2 max-sm:w-full sm:ms-auto">
        <Button variant="secondary" size="sm" onClick={props.onColumns} disabled={reorder}>
          <Columns3 aria-hidden="true" />
          <span className="max-sm:sr-only">Columns</span>
        </Button>
        <Button variant="secondary" size="sm" onClick={props.onExport} disabled={!props.canExport}>
          <Download aria-hidden="true" />
          <span className="max-sm:sr-only">Export CSV</span>
        </Button>
        {canWrite ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => fileInput.current?.click()}
              disabled={loading || saving || reorder}
            >
              <Upload aria-hidden="true" />
              <span className="max-sm:sr-only">Import CSV</span>
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              tabIndex={-1}
              aria-label="CSV file to import"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) props.onImport(file);
              }}
            />
            <Button
              variant={reorder ? "primary" : "secondary"}
              size="sm"
              aria-pressed={reorder}
              disabled={loading || saving}
              title={loading ? "Reordering waits until every product is loaded." : undefined}
              onClick={props.onReorder}
            >
              <ListOrdered aria-hidden="true" />
              <span className="max-sm:sr-only">Reorder</span>
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** A price bound of the filter: applied once it reads as an amount; empty clears it. */
function PriceBound({
  id,
  label,
  currency,
  disabled,
  onValue,
}: {
  id: string;
  label: string;
  currency: string;
  disabled: boolean;
  onValue: (minor: number | null) => void;
}) {
  const [text, setText] = useState("");
  const parsed = text.trim() ? parseMoneyText(text, currency) : null;
  const error = parsed && !parsed.ok ? `The amount ${parsed.error}.` : null;
  return (
    <div className="w-[calc(50%-0.25rem)] sm:w-28">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-fg-muted">
        {label}
      </label>
      <Input
        id={id}
        inputMode="decimal"
        value={text}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        title={error ?? undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (!next.trim()) onValue(null);
          else {
            const value = parseMoneyText(next, currency);
            if (value.ok) onValue(value.minor);
          }
        }}
      />
    </div>
  );
}
