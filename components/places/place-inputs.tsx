"use client";

import { type Ref, type SelectHTMLAttributes, useMemo } from "react";
import { camelCaseRegion, countryChoices, usRegionCodes, usRegions } from "@/lib/places";
import { regionChoices } from "@/lib/region-choices";
import { Input, type InputProps } from "../ui/input";
import { Select } from "../ui/select";

/*
 * A place as the Store Management API names it (docs/contract.md#shipping, a
 * destination): a country by its ISO code, listed by name (Intl.DisplayNames,
 * lib/places.ts), and maybe a region: a US state by its 2-letter code, a
 * camel-cased name elsewhere. Used by shipping destinations, tax rules and the
 * calculator.
 */

export interface CountrySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> {
  ref?: Ref<HTMLSelectElement>;
  value: string;
  onChange: (code: string) => void;
  /** The empty choice's words, when one may be left empty. */
  placeholder?: string;
}

/** Every country by name, its code sent. A code the list does not know (a store's own) stays choosable. */
export function CountrySelect({ value, onChange, placeholder = "Choose a country", ...props }: CountrySelectProps) {
  const choices = useMemo(() => countryChoices(), []);
  const known = !value || choices.some((c) => c.code === value);
  return (
    <Select value={value} onChange={(event) => onChange(event.target.value)} {...props}>
      <option value="">{placeholder}</option>
      {known ? null : <option value={value}>{value}</option>}
      {choices.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </Select>
  );
}

export interface RegionInputProps extends Omit<InputProps, "value" | "onChange" | "ref"> {
  /** The control (a select where the regions are known, a text input elsewhere), for react-hook-form to focus. */
  ref?: (element: HTMLInputElement | HTMLSelectElement | null) => void;
  country: string;
  value: string;
  onChange: (region: string) => void;
  /** The empty choice's words: the whole country. */
  wholeCountry?: string;
}

/**
 * The region of `country`: a US state (by name, its code sent) in the United
 * States; a region by name where lib/places.ts knows the country's
 * (Australia, Canada, Germany, the United Kingdom, New Zealand: the
 * camel-cased form sent); elsewhere free text, joined into the camel-cased
 * form the API takes when the field is left ("new south wales" → "NewSouthWales").
 */
export function RegionInput({
  country,
  value,
  onChange,
  wholeCountry = "The whole country",
  ref,
  ...props
}: RegionInputProps) {
  const named = regionChoices(country);
  if (country === "US" || named.length > 0) {
    const us = country === "US";
    const shown = us ? value.toUpperCase() : value;
    const known = !value || (us ? Object.hasOwn(usRegions, shown) : named.some((c) => c.value === value));
    return (
      <Select
        ref={ref}
        id={props.id}
        aria-describedby={props["aria-describedby"]}
        aria-invalid={props["aria-invalid"]}
        aria-label={props["aria-label"]}
        disabled={props.disabled}
        className={props.className}
        value={known ? shown : value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{wholeCountry}</option>
        {known ? null : <option value={value}>{value}</option>}
        {us
          ? usRegionCodes.map((code) => (
              <option key={code} value={code}>
                {usRegions[code]} ({code})
              </option>
            ))
          : named.map((region) => (
              <option key={region.value} value={region.value}>
                {region.name}
              </option>
            ))}
      </Select>
    );
  }
  return (
    <Input
      ref={ref}
      autoComplete="off"
      placeholder={country ? wholeCountry : undefined}
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => {
        const joined = camelCaseRegion(value);
        if (joined !== value) onChange(joined);
        props.onBlur?.(event);
      }}
    />
  );
}
