"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { type FulfilShipmentInput, MAX_SHIPMENT_TEXT } from "@/lib/store/orders/input-fulfil";
import type { FulfilmentOffer } from "@/lib/store/orders/model-fulfil";
import { Checkbox } from "../../ui/checkbox";
import { TextField } from "../../ui/text-field";

/**
 * The Fulfil dialog's shipment and e-mail choice, each only where the store takes it (`X-Order-Fulfilment`,
 * docs/contract.md#extensions): a carrier, service and tracking number, all optional, recorded as the
 * order's shipment and named in the customer's e-mail; and "Notify the customer", ticked to start with.
 * Against a store that offers neither, nothing shows and the dialog is the contract's plain fulfilment.
 */
export function FulfilShipmentFields({
  offer,
  register,
  errors,
}: {
  offer: FulfilmentOffer;
  register: UseFormRegister<FulfilShipmentInput>;
  errors: FieldErrors<FulfilShipmentInput>;
}) {
  if (!offer.shipment && !offer.notify) return null;
  const text = { autoComplete: "off", maxLength: MAX_SHIPMENT_TEXT, spellCheck: false } as const;
  return (
    <div className="space-y-4">
      {offer.shipment ? (
        <fieldset className="space-y-4">
          <legend className="text-sm font-medium text-fg">Shipment (optional)</legend>
          <p className="-mt-2 text-sm text-fg-muted">
            Shown on the order, and named in the customer&rsquo;s e-mail when they are notified.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="fulfil-carrier"
              label="Carrier"
              placeholder="UPS"
              error={errors.carrier?.message}
              {...text}
              {...register("carrier")}
            />
            <TextField
              id="fulfil-service"
              label="Service"
              placeholder="Ground"
              error={errors.service?.message}
              {...text}
              {...register("service")}
            />
          </div>
          <TextField
            id="fulfil-tracking"
            label="Tracking number"
            error={errors.tracking_number?.message}
            {...text}
            {...register("tracking_number")}
          />
        </fieldset>
      ) : null}
      {offer.notify ? <Checkbox id="fulfil-notify" label="Notify the customer" {...register("notify")} /> : null}
    </div>
  );
}
