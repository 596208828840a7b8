import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { useEffect, useRef } from "react";
import type { FieldErrors } from "react-hook-form";
import { newRange, type RangeDraft, rangeFromWords, rangeIssues } from "@/lib/store/shipping/edit";
import type { RangeKind } from "@/lib/store/shipping/model";
import { Button } from "../ui/button";
import { CellInput } from "../ui/cell-input";
import { FieldError } from "../ui/field";
import { useWeightUnit } from "../weight-unit";
import { weightUnitLabel, weightUnitWords } from "./words";

/*
 * The ranges of a range-priced option as a table: each row runs from just
 * above the previous row's maximum (shown, never typed: ranges are contiguous
 * by construction) up to its own maximum, inclusive, and charges its rate.
 * The last row may be left open-ended. A maximum that is not above the one
 * before is flagged as it is typed. Below `md` each row is a card whose
 * inputs carry their own labels.
 */

export interface RangesEditorProps {
  kind: RangeKind;
  value: RangeDraft[];
  onChange: (next: RangeDraft[]) => void;
  /** react-hook-form's errors of the `ranges` field (on submit, and the store's). */
  errors: FieldErrors<{ ranges: RangeDraft[] }>["ranges"];
  currency: string;
}

const measure: Record<
  RangeKind,
  { noun: string; unit: (currency: string, weightUnit: string | null) => string; example: string }
> = {
  quantity_ranges: { noun: "number of items", unit: () => "items", example: "5" },
  price_ranges: { noun: "subtotal", unit: (currency) => currency, example: "50.00" },
  weight_ranges: { noun: "total weight", unit: (_currency, weightUnit) => weightUnitLabel(weightUnit), example: "2.5" },
};

export function RangesEditor({ kind, value, onChange, errors, currency }: RangesEditorProps) {
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    document.getElementById(id)?.focus();
  });

  const weightUnit = useWeightUnit();
  const m = measure[kind];
  const unit = m.unit(currency, weightUnit);
  // Flagged as typed: what the maxima say right now.
  const live = new Map(rangeIssues(kind, value, currency).map((issue) => [issue.path, issue.message]));
  const rowErrors = Array.isArray(errors) ? errors : undefined;
  const listError = !Array.isArray(errors) ? (errors as { message?: string } | undefined)?.message : undefined;

  const setRow = (index: number, change: Partial<RangeDraft>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const addRow = () => {
    const row = newRange();
    focusNext.current = `range-${row.id}-max`;
    onChange([...value, row]);
  };
  const removeRow = (index: number) => {
    const next = value[index + 1] ?? value[index - 1];
    focusNext.current = next ? `range-${next.id}-remove` : "ranges-add";
    onChange(value.filter((_, i) => i !== index));
  };

  const last = value.at(-1);
  return (
    <div className="space-y-3">
      <p className="text-sm text-fg-muted" id="ranges-hint">
        Each range starts just above the maximum of the one before (the first at 0) and includes its own maximum. The
        rate of the range the group&apos;s {m.noun} falls in is charged once per order, not per item.
        {kind === "weight_ranges"
          ? ` Weights are ${weightUnitWords(weightUnit)}: the store keeps plain numbers.`
          : null}
      </p>
      {value.length ? (
        <div className="md:rounded-lg md:border md:border-border">
          <table aria-label="Ranges" aria-describedby="ranges-hint" className="w-full text-sm max-md:block">
            <thead className="bg-surface-muted max-md:sr-only">
              <tr>
                <th scope="col" className="px-3 py-2 text-start text-xs font-semibold text-fg-muted">
                  From ({unit})
                </th>
                <th scope="col" className="px-3 py-2 text-start text-xs font-semibold text-fg-muted">
                  Up to ({unit})
                </th>
                <th scope="col" className="px-3 py-2 text-start text-xs font-semibold text-fg-muted">
                  Rate ({currency})
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3 md:divide-y md:divide-border">
              {value.map((row, index) => {
                const at = `ranges.${index}`;
                const from = rangeFromWords(kind, value, index, currency);
                const isLast = index === value.length - 1;
                const e = rowErrors?.[index];
                const maxError = live.get(`${at}.max`) ?? e?.max?.message;
                const typedRate = row.rate.trim() ? live.get(`${at}.rate`) : undefined;
                const rateError = typedRate ?? e?.rate?.message;
                return (
                  <tr
                    key={row.id}
                    className="align-top max-md:grid max-md:grid-cols-2 max-md:gap-3 max-md:rounded-lg max-md:border max-md:border-border max-md:p-3"
                  >
                    <td className="px-3 py-2 max-md:col-span-2 max-md:p-0">
                      <span className="block text-xs font-medium text-fg-muted md:sr-only" aria-hidden="true">
                        From ({unit})
                      </span>
                      <span className="flex min-h-control items-center text-fg tabular-nums max-md:min-h-0">
                        {from ?? "—"}
                      </span>
                    </td>
                    <td className="px-3 py-2 max-md:p-0">
                      <CellInput
                        id={`range-${row.id}-max`}
                        label={`Up to (${unit}), range ${index + 1}`}
                        value={row.max}
                        placeholder={isLast ? "No limit" : m.example}
                        inputMode={kind === "quantity_ranges" ? "numeric" : "decimal"}
                        error={maxError}
                        onChange={(event) => setRow(index, { max: event.target.value })}
                      />
                    </td>
                    <td className="px-3 py-2 max-md:p-0">
                      <CellInput
                        id={`range-${row.id}-rate`}
                        label={`Rate (${currency}), range ${index + 1}`}
                        value={row.rate}
                        inputMode="decimal"
                        error={rateError}
                        onChange={(event) => setRow(index, { rate: event.target.value })}
                      />
                    </td>
                    <td className="px-3 py-2 max-md:col-span-2 max-md:p-0 max-md:text-end">
                      <Button
                        id={`range-${row.id}-remove`}
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove range ${index + 1}`}
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
      ) : null}
      <FieldError id="ranges-error" error={listError ?? live.get("ranges")} />
      {last ? (
        <p className="text-sm text-fg-muted">
          {last.max.trim()
            ? "Past the last maximum, the ranges charge nothing: leave the last maximum empty to cover everything above."
            : "The last range has no upper limit."}
        </p>
      ) : null}
      <Button id="ranges-add" variant="secondary" size="sm" onClick={addRow}>
        <Plus aria-hidden="true" />
        Add range
      </Button>
    </div>
  );
}
