"use client";

import { useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { InventoryFilter } from "./model";

export interface InventoryFiltersProps {
  filter: InventoryFilter;
  /** Every category of the catalogue, sorted. */
  categories: readonly string[];
  onFilter: (patch: Partial<InventoryFilter>) => void;
}

/** The inventory's filters (docs/bulk-editing.md#inventory): text, category, low stock at or below a threshold, sold out. */
export function InventoryFilters({ filter, categories, onFilter: setFilter }: InventoryFiltersProps) {
  const [lowText, setLowText] = useState(filter.low === null ? "5" : String(filter.low));
  return (
    <div className="flex flex-wrap items-end gap-2" role="toolbar" aria-label="Inventory filters">
      <div className="min-w-0 flex-1 sm:w-56 sm:flex-none">
        <label htmlFor="inventory-search" className="mb-1 block text-xs font-medium text-fg-muted">
          Search
        </label>
        <Input
          id="inventory-search"
          type="search"
          placeholder="Product, option or SKU"
          value={filter.text}
          onChange={(event) => setFilter({ text: event.target.value })}
        />
      </div>
      <div className="w-[calc(50%-0.25rem)] sm:w-44">
        <label htmlFor="inventory-category" className="mb-1 block text-xs font-medium text-fg-muted">
          Category
        </label>
        <Select
          id="inventory-category"
          value={filter.category ?? ""}
          onChange={(event) => setFilter({ category: event.target.value || null })}
        >
          <option value="">Any category</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-end gap-2">
        <Checkbox
          id="inventory-low"
          label="Low stock, at or below"
          checked={filter.low !== null}
          onChange={(event) => {
            const n = /^\d{1,9}$/.test(lowText.trim()) ? Number(lowText.trim()) : 5;
            setFilter({ low: event.target.checked ? n : null });
          }}
        />
        <div className="w-20">
          <label htmlFor="inventory-threshold" className="sr-only">
            Low stock threshold
          </label>
          <Input
            id="inventory-threshold"
            inputMode="numeric"
            value={lowText}
            onChange={(event) => {
              setLowText(event.target.value);
              const t = event.target.value.trim();
              if (filter.low !== null && /^\d{1,9}$/.test(t)) setFilter({ low: Number(t) });
            }}
          />
        </div>
      </div>
      <Checkbox
        id="inventory-sold-out"
        label="Sold out"
        checked={filter.soldOut}
        onChange={(event) => setFilter({ soldOut: event.target.checked })}
      />
    </div>
  );
}
