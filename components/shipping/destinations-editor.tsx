import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { useEffect, useRef } from "react";
import type { FieldErrors } from "react-hook-form";
import { placeName } from "@/lib/places";
import { type DestinationDraft, newDestination } from "@/lib/store/shipping/edit";
import { CountrySelect, RegionInput } from "../places/place-inputs";
import { Button } from "../ui/button";
import { FieldError } from "../ui/field";
import { Select } from "../ui/select";

/*
 * Where an option ships: a list of places, each a country (by name) or one
 * region of it (a US state, a camel-cased name elsewhere), allowed or
 * excluded. The most specific places naming an address decide: "the United
 * States, but not Hawaii", or "no part of the US but Washington". No place
 * at all: the option ships anywhere (docs/contract.md#pricing).
 */

export interface DestinationsEditorProps {
  value: DestinationDraft[];
  onChange: (next: DestinationDraft[]) => void;
  errors: FieldErrors<{ destinations: DestinationDraft[] }>["destinations"];
}

function label(text: string, htmlFor: string) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-xs font-medium text-fg-muted">
      {text}
    </label>
  );
}

export function DestinationsEditor({ value, onChange, errors }: DestinationsEditorProps) {
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    document.getElementById(id)?.focus();
  });

  const rowErrors = Array.isArray(errors) ? errors : undefined;
  const setRow = (index: number, change: Partial<DestinationDraft>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const addRow = () => {
    // A second place is most often a region of the first one's country.
    const row = newDestination(value.at(-1)?.country ?? "");
    focusNext.current = `destination-${row.id}-country`;
    onChange([...value, row]);
  };
  const removeRow = (index: number) => {
    const next = value[index + 1] ?? value[index - 1];
    focusNext.current = next ? `destination-${next.id}-remove` : "destinations-add";
    onChange(value.filter((_, i) => i !== index));
  };

  return (
    <div className="space-y-3">
      {value.length ? (
        <ul aria-label="Destinations" className="space-y-3">
          {value.map((row, index) => {
            const base = `destination-${row.id}`;
            const e = rowErrors?.[index];
            const countryError = e?.country?.message;
            const regionError = e?.region?.message;
            const where = row.country ? placeName(row.country, row.region.trim() || null) : `destination ${index + 1}`;
            return (
              <li
                key={row.id}
                className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
              >
                <div>
                  {label(`Destination ${index + 1}`, `${base}-allowed`)}
                  <Select
                    id={`${base}-allowed`}
                    value={row.allowed ? "allowed" : "excluded"}
                    onChange={(event) => setRow(index, { allowed: event.target.value === "allowed" })}
                  >
                    <option value="allowed">Ships to</option>
                    <option value="excluded">Does not ship to</option>
                  </Select>
                </div>
                <div>
                  {label(`Country ${index + 1}`, `${base}-country`)}
                  <CountrySelect
                    id={`${base}-country`}
                    value={row.country}
                    aria-invalid={countryError ? true : undefined}
                    aria-describedby={countryError ? `${base}-country-error` : undefined}
                    // A region belongs to its country: a new country starts whole.
                    onChange={(country) => setRow(index, { country, region: "" })}
                  />
                  <FieldError id={`${base}-country-error`} error={countryError} />
                </div>
                <div>
                  {label(row.country === "US" ? `State ${index + 1}` : `Region ${index + 1}`, `${base}-region`)}
                  <RegionInput
                    id={`${base}-region`}
                    country={row.country}
                    value={row.region}
                    disabled={!row.country}
                    aria-invalid={regionError ? true : undefined}
                    aria-describedby={
                      [row.country === "US" ? null : `${base}-region-hint`, regionError ? `${base}-region-error` : null]
                        .filter(Boolean)
                        .join(" ") || undefined
                    }
                    onChange={(region) => setRow(index, { region })}
                  />
                  {/* In the US the choices say it; elsewhere the field is free text. */}
                  {row.country === "US" ? null : (
                    <p id={`${base}-region-hint`} className="mt-1 text-xs text-fg-muted">
                      Empty: the whole country. Words are joined: New South Wales is NewSouthWales.
                    </p>
                  )}
                  <FieldError id={`${base}-region-error`} error={regionError} />
                </div>
                <div className="flex justify-end sm:pt-5">
                  <Button
                    id={`${base}-remove`}
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${row.allowed ? "" : "exclusion of "}${where}`}
                    onClick={() => removeRow(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-fg-muted">
          No destinations: this option ships anywhere, after the options that name an address&apos;s country or region.
        </p>
      )}
      <Button id="destinations-add" variant="secondary" size="sm" onClick={addRow}>
        <Plus aria-hidden="true" />
        Add destination
      </Button>
    </div>
  );
}
