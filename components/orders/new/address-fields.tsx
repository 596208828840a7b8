"use client";

import { useMemo } from "react";
import { type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue, useWatch } from "react-hook-form";
import { countryChoices, usRegionCodes, usRegions } from "@/lib/places";
import type { AddressPart, NewOrderValues } from "@/lib/store/orders/input";
import { Field } from "../../ui/field";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";

/**
 * One address of a new order (docs/contract.md#orders): the customer's name,
 * street, city, a US state by name (its code sent) or a region as written
 * elsewhere, the postal code, the country by name (its code sent), email and
 * phone. `autoComplete` is off: staff type a customer's address, not their own.
 */
export function AddressFields({
  which,
  register,
  control,
  errors,
  setValue,
}: {
  which: "billing" | "shipping";
  register: UseFormRegister<NewOrderValues>;
  control: Control<NewOrderValues>;
  errors: FieldErrors<NewOrderValues>;
  setValue: UseFormSetValue<NewOrderValues>;
}) {
  const country = useWatch({ control, name: `${which}.country` });
  const countries = useMemo(() => countryChoices(), []);
  const id = (part: AddressPart) => `order-${which}-${part}`;
  const error = (part: AddressPart) => errors[which]?.[part]?.message;
  const text = (
    part: AddressPart,
    label: string,
    extra: { required?: boolean; hint?: string; type?: string; className?: string } = {},
  ) => (
    <TextField
      id={id(part)}
      label={label}
      autoComplete="off"
      error={error(part)}
      required={extra.required}
      hint={extra.hint}
      type={extra.type}
      {...register(`${which}.${part}`)}
    />
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text("firstName", "First name", { required: true })}
      {text("lastName", "Last name", { required: true })}
      <div className="sm:col-span-2">{text("street1", "Street and number", { required: true })}</div>
      <div className="sm:col-span-2">{text("street2", "Apartment, suite, etc.")}</div>
      {text("city", "City", { required: true })}
      {text("postalCode", "Postal code")}
      <Field id={id("country")} label="Country" required error={error("country")}>
        {(props) => (
          <Select
            {...props}
            {...register(`${which}.country`, {
              // A US state's code means nothing elsewhere, and a region typed for elsewhere is no US state.
              onChange: (event: { target: { value: string } }) => {
                if ((event.target.value === "US") !== (country === "US")) setValue(`${which}.state`, "");
              },
            })}
          >
            <option value="">Choose a country</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {country === "US" ? (
        <Field id={id("state")} label="State" required error={error("state")}>
          {(props) => (
            <Select {...props} {...register(`${which}.state`)}>
              <option value="">Choose a state</option>
              {usRegionCodes.map((code) => (
                <option key={code} value={code}>
                  {usRegions[code]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : (
        text("state", "State or region", { hint: country ? "If the address has one." : undefined })
      )}
      {text("email", "Email", {
        required: which === "billing",
        type: "email",
      })}
      {text("phone", "Phone", { type: "tel" })}
    </div>
  );
}
