"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { useEffect, useRef } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import * as z from "zod/mini";
import { formatMoney } from "@/lib/money";
import { placeName } from "@/lib/places";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import {
  type CartItem,
  type Fit,
  measure,
  type OptionTerms,
  percentOf,
  quoteGroup,
  rangeIndex,
  ships,
} from "@/lib/shipping-calculator";
import { parseMoneyText } from "@/lib/money";
import { perItemLabels, type RangeKind, type ShippingGroup, type ShippingOption } from "@/lib/store/shipping/model";
import { CountrySelect, RegionInput } from "../places/place-inputs";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Field, FieldError } from "../ui/field";
import { Input } from "../ui/input";
import { optionName } from "./group-name";
import { useWeightUnit } from "../weight-unit";
import { rangeWords, weightUnitWords } from "./words";

/*
 * The calculator: a sample cart of this group's items and an address, and
 * what the store would charge for shipping them (docs/contract.md#pricing,
 * through lib/shipping-calculator.ts): which option applies, and why, and
 * its charge part by part. It follows the group as saved, live.
 */

interface SampleItem {
  key: string;
  quantity: string;
  price: string;
  weight: string;
}

interface Sample {
  items: SampleItem[];
  country: string;
  region: string;
}

let counter = 0;
const newItem = (price = "", weight = ""): SampleItem => ({ key: `i${++counter}`, quantity: "1", price, weight });

function parseQuantity(text: string): number | null {
  const t = text.trim();
  return /^\d{1,6}$/.test(t) && Number(t) >= 1 ? Number(t) : null;
}

function parseWeight(text: string): number | null {
  const t = text.trim();
  if (!t) return 0;
  return /^(\d{1,9}(\.\d{1,6})?|\.\d{1,6})$/.test(t) ? Number(t) : null;
}

function sampleInput(currency: string) {
  return z.custom<Sample>().check(
    z.superRefine((sample, ctx) => {
      sample.items.forEach((item, index) => {
        if (parseQuantity(item.quantity) === null)
          ctx.addIssue({
            code: "custom",
            message: "Enter a whole number from 1.",
            path: ["items", index, "quantity"],
            input: item,
          });
        const price = parseMoneyText(item.price || "0", currency);
        if (!price.ok)
          ctx.addIssue({
            code: "custom",
            message: `The price ${price.error}.`,
            path: ["items", index, "price"],
            input: item,
          });
        if (parseWeight(item.weight) === null)
          ctx.addIssue({
            code: "custom",
            message: "Enter a weight such as 0.5.",
            path: ["items", index, "weight"],
            input: item,
          });
      });
      if (!sample.items.length)
        ctx.addIssue({ code: "custom", message: "Add an item.", path: ["items"], input: sample.items });
      // The region is free: places compare without case, spaces or punctuation.
    }),
  );
}

/** The cart as the arithmetic takes it, or null while a value does not read. */
function cartOf(sample: Sample, currency: string): CartItem[] | null {
  const items: CartItem[] = [];
  for (const item of sample.items) {
    const quantity = parseQuantity(item.quantity);
    const price = parseMoneyText(item.price || "0", currency);
    const weight = parseWeight(item.weight);
    if (quantity === null || !price.ok || weight === null) return null;
    items.push({ quantity, unitPrice: price.minor, weight });
  }
  return items.length ? items : null;
}

const fitWords: Record<Fit, string> = {
  region: "names the region",
  country: "names the country",
  anywhere: "ships anywhere",
  excluded: "excludes this address",
  elsewhere: "does not ship here",
};

function PerItemLine({ option, items }: { option: ShippingOption; items: CartItem[] }) {
  const weightUnit = useWeightUnit();
  const { perItem, currency } = option;
  const m = measure(items);
  if (perItem.type === "none") return <>Per item: nothing</>;
  if (perItem.type === "flat_per_item") {
    return (
      <>
        Per item: {m.quantity} × {formatMoney(perItem.amount, currency)} ={" "}
        {formatMoney(perItem.amount * m.quantity, currency)}
      </>
    );
  }
  // A range's rate is charged once for the order, not per item (docs/contract.md#pricing).
  const kind: RangeKind = perItem.type;
  const value =
    kind === "quantity_ranges"
      ? `${m.quantity} ${m.quantity === 1 ? "item" : "items"}`
      : kind === "price_ranges"
        ? formatMoney(m.subtotal, currency)
        : `${new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(m.weight)} (${weightUnitWords(weightUnit)})`;
  const index = rangeIndex(
    perItem.ranges,
    kind === "quantity_ranges" ? m.quantity : kind === "price_ranges" ? m.subtotal : m.weight,
  );
  const label = perItemLabels[kind];
  if (index < 0)
    return (
      <>
        {label}: {value} is past the last range, so nothing
      </>
    );
  return (
    <>
      {label}: {value} falls in the range {rangeWords(kind, perItem.ranges, index, currency)}, so{" "}
      {formatMoney(perItem.ranges[index]!.rate, currency)} for the order
    </>
  );
}

function PerCartLine({ option, items }: { option: ShippingOption; items: CartItem[] }) {
  const { perCart, currency } = option;
  if (perCart.type === "flat_fee") return <>Per order: {formatMoney(perCart.amount, currency)}</>;
  const { subtotal } = measure(items);
  return (
    <>
      Per order: {new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(perCart.percent)}% of{" "}
      {formatMoney(subtotal, currency)} = {formatMoney(percentOf(subtotal, perCart.percent), currency)}
    </>
  );
}

export function Calculator({ groupId, currency }: { groupId: string; currency: string }) {
  const weightUnit = useWeightUnit();
  const group = useQuery({
    queryKey: queryKeys.shipping.one(groupId),
    queryFn: ({ signal }) =>
      fetchJson<ShippingGroup>(`/api/shipping-groups/${encodeURIComponent(groupId)}`, { signal }),
  });
  const {
    control,
    register,
    trigger,
    setValue,
    formState: { errors },
  } = useForm<Sample>({
    resolver: zodResolver(sampleInput(currency)),
    mode: "onChange",
    defaultValues: { items: [newItem("20.00", "1")], country: "US", region: "" },
  });
  const { fields, append, remove } = useFieldArray({ control, name: "items", keyName: "_key" });
  const sample = useWatch({ control }) as Sample;
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    document.getElementById(id)?.focus();
  });

  const options = group.data?.options ?? [];
  const cart = cartOf(sample, currency);
  const address = { country: sample.country, region: sample.region?.trim() || null };
  const quote = cart && sample.country ? quoteGroup(options as OptionTerms[], cart, address) : null;
  const where = sample.country ? placeName(sample.country, address.region) : "";
  // What the applying option names: the country alone ("names the country (United States)", not the state typed).
  const named = (fit: Fit) => (fit === "country" ? placeName(sample.country, null) : where);
  const applied = quote?.ships ? options[quote.option] : undefined;

  return (
    <form noValidate aria-label="Calculator" onSubmit={(event) => event.preventDefault()}>
      <div className="space-y-5">
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-fg">Sample cart</legend>
          <p className="mt-0.5 text-sm text-fg-muted">
            Items of this group&apos;s products: the price and weight of one, the weight {weightUnitWords(weightUnit)}.
          </p>
          <ul aria-label="Sample items" className="mt-2 space-y-3">
            {fields.map((field, index) => {
              const e = errors.items?.[index];
              const base = `calc-${field.key}`;
              return (
                <li
                  key={field._key}
                  className="grid grid-cols-2 gap-3 rounded-lg border border-border p-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-start"
                >
                  {(
                    [
                      ["quantity", "Quantity", "numeric"],
                      ["price", `Price (${currency})`, "decimal"],
                      ["weight", "Weight", "decimal"],
                    ] as const
                  ).map(([name, label, inputMode]) => {
                    const id = `${base}-${name}`;
                    const error = e?.[name]?.message;
                    return (
                      <div key={name} className={name === "weight" ? "max-sm:col-span-1" : undefined}>
                        <label htmlFor={id} className="mb-1 block text-xs font-medium text-fg-muted">
                          {label}, item {index + 1}
                        </label>
                        <Input
                          id={id}
                          inputMode={inputMode}
                          autoComplete="off"
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : undefined}
                          {...register(`items.${index}.${name}`)}
                        />
                        <FieldError id={`${id}-error`} error={error} />
                      </div>
                    );
                  })}
                  <div className="flex items-end justify-end sm:pt-5">
                    <Button
                      id={`${base}-remove`}
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove item ${index + 1}`}
                      disabled={fields.length === 1}
                      onClick={() => {
                        const next = fields[index + 1] ?? fields[index - 1];
                        focusNext.current = next ? `calc-${next.key}-remove` : "calc-add";
                        remove(index);
                        void trigger();
                      }}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <Button
            id="calc-add"
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => {
              const item = newItem();
              focusNext.current = `calc-${item.key}-quantity`;
              append(item);
            }}
          >
            <Plus aria-hidden="true" />
            Add item
          </Button>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-fg">Ship to</legend>
          <Field id="calc-country" label="Country">
            {(controlProps) => (
              <Controller
                control={control}
                name="country"
                render={({ field }) => (
                  <CountrySelect
                    {...controlProps}
                    value={field.value}
                    onChange={(country) => {
                      field.onChange(country);
                      // A region belongs to its country: a new country starts whole.
                      setValue("region", "");
                    }}
                  />
                )}
              />
            )}
          </Field>
          <Field
            id="calc-region"
            label={sample.country === "US" ? "State" : "Region"}
            hint={sample.country === "US" ? undefined : "Empty: anywhere in the country."}
          >
            {(controlProps) => (
              <Controller
                control={control}
                name="region"
                render={({ field }) => (
                  <RegionInput
                    {...controlProps}
                    country={sample.country}
                    value={field.value}
                    wholeCountry="Anywhere in the country"
                    onChange={field.onChange}
                  />
                )}
              />
            )}
          </Field>
        </fieldset>

        <section aria-labelledby="calc-result-heading" className="rounded-lg border border-border bg-surface-muted p-4">
          <h3 id="calc-result-heading" className="text-sm font-semibold text-fg">
            What the group charges
          </h3>
          <div role="status" className="mt-1 text-sm text-fg">
            {!options.length ? (
              <p>This group has no options yet: the store cannot price an order of its products.</p>
            ) : !quote ? (
              <p className="text-fg-muted">
                {sample.country ? "Fix the marked values to see the charge." : "Choose a country to see the charge."}
              </p>
            ) : applied && quote.ships ? (
              <p>
                <span className="text-lg font-semibold tabular-nums">{formatMoney(quote.charge.total, currency)}</span>{" "}
                by <strong>{optionName(applied)}</strong>, which {fitWords[quote.fit]}
                {quote.fit === "anywhere" ? "" : ` (${named(quote.fit)})`}.
              </p>
            ) : (
              <p>
                No option of this group ships to <span suppressHydrationWarning>{where}</span>: the store would refuse
                an order of these products to this address.
              </p>
            )}
          </div>
          {applied && quote?.ships && cart ? (
            <ul aria-label="How it adds up" className="mt-2 list-disc space-y-0.5 ps-5 text-sm text-fg-muted">
              <li>
                <PerCartLine option={applied} items={cart} />
              </li>
              <li>
                <PerItemLine option={applied} items={cart} />
              </li>
            </ul>
          ) : null}
          {quote && options.length > 1 ? (
            <ul aria-label="Each option for this address" className="mt-3 space-y-1 text-sm">
              {options.map((option, index) => (
                <li key={option.id} className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{optionName(option)}</span>
                  {quote.ships && quote.option === index ? (
                    <Badge tone="success">Applies</Badge>
                  ) : ships(quote.fits[index]!) ? (
                    <Badge tone="neutral">Ships here, but another wins</Badge>
                  ) : (
                    <Badge tone="warning">Not here</Badge>
                  )}
                  <span className="text-fg-muted">{fitWords[quote.fits[index]!]}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
    </form>
  );
}
