"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Controller, type FieldPath, useForm, useWatch } from "react-hook-form";
import { saveShippingOptionAction } from "@/lib/actions/shipping";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  draftFromOption,
  emptyOptionDraft,
  type OptionDraft,
  optionFromDraft,
  optionWriteFrom,
} from "@/lib/store/shipping/edit";
import { optionDraftInput } from "@/lib/store/shipping/input";
import { isRangeKind, perCartLabels, perItemLabels, type ShippingOption } from "@/lib/store/shipping/model";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { FormAlert } from "../ui/notice";
import { FormErrors } from "../ui/form-errors";
import { TextField } from "../ui/text-field";
import { toast } from "../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";
import { ChoiceTiles } from "../ui/choice-tiles";
import { DestinationsEditor } from "./destinations-editor";
import { RangesEditor } from "./ranges-editor";

export interface OptionEditorProps {
  groupId: string;
  groupName: string;
  /** The currency amounts are typed in (the store's). */
  currency: string;
  /** The option to change; null to add one. */
  option: ShippingOption | null;
}

/** The control of each field the store's refusals can land on (to focus it). */
function controlIdOf(path: string, draft: OptionDraft): string | null {
  if (path === "name") return "option-name";
  if (path === "perCartRate") return "option-per-cart-rate";
  if (path === "perItemRate") return "option-per-item-rate";
  const range = /^ranges\.(\d+)\.(max|rate)$/.exec(path);
  if (range) {
    const row = draft.ranges[Number(range[1])];
    return row ? `range-${row.id}-${range[2]}` : null;
  }
  const place = /^destinations\.(\d+)\.(country|region)$/.exec(path);
  if (place) {
    const row = draft.destinations[Number(place[1])];
    return row ? `destination-${row.id}-${place[2]}` : null;
  }
  return null;
}

/**
 * A shipping option: its name, what it charges per order (a flat fee or a
 * percentage of the subtotal) and per item (nothing, a fee per item, or rates
 * by ranges of quantity, subtotal or weight), and where it ships. Saving
 * writes the group's whole list of options, this one changed or added
 * (lib/store/shipping/api.ts#saveShippingOption).
 */
export function OptionEditor({ groupId, groupName, currency, option }: OptionEditorProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [initial] = useState(() => (option ? draftFromOption(option) : emptyOptionDraft()));
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(optionDraftInput(currency)), [currency]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<OptionDraft>({ resolver, defaultValues: initial });
  const perCartType = useWatch({ control, name: "perCartType" });
  const perItemType = useWatch({ control, name: "perItemType" });
  const groupHref = `/shipping/${encodeURIComponent(groupId)}`;
  const name = option?.name || "the option";

  const onSubmit = handleSubmit(async (draft) => {
    setFormError(null);
    let write;
    try {
      const { id: _id, ...rest } = optionWriteFrom(optionFromDraft(draft, currency));
      write = rest;
    } catch {
      setFormError("Some values need another look.");
      return;
    }
    const result = await saveShippingOptionAction({ groupId, optionId: option?.id, option: write });
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      const placed = Object.entries(result.fieldErrors ?? {}).filter(([path]) => controlIdOf(path, getValues()));
      if (placed.length) {
        // FormErrors then focuses the first of them on the page.
        for (const [path, message] of placed) setError(path as FieldPath<OptionDraft>, { type: "server", message });
        return;
      }
      const message = writeFailureMessage(
        result,
        option
          ? { failed: `save ${name}`, happened: `the change to ${name}` }
          : { failed: "add the option", happened: "the new option" },
      );
      if (message.reread) await queryClient.invalidateQueries({ queryKey: queryKeys.shipping.all });
      setFormError(message.text);
      return;
    }
    queryClient.setQueryData(queryKeys.shipping.one(groupId), result.data.group);
    await queryClient.invalidateQueries({ queryKey: queryKeys.shipping.all });
    toast.success(option ? `Saved ${draft.name.trim()}.` : `Added ${draft.name.trim()} to ${groupName}.`);
    router.push(groupHref);
  });

  const rateLabel = perCartType === "percentage" ? "Percentage (%)" : `Fee (${currency})`;

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={option ? `Edit ${name}` : "New option"}>
      <FormAlert message={formError} />
      <div className="space-y-6">
        <Card id="option-basics" title="Option">
          <TextField
            id="option-name"
            label="Name"
            hint="Shoppers may see it at checkout, such as Standard or Express."
            autoComplete="off"
            required
            error={errors.name?.message}
            {...register("name")}
          />
        </Card>

        <Card
          id="option-per-cart"
          title="Charge per order"
          description="Charged once for the group's items in an order."
        >
          <div className="space-y-4">
            <ChoiceTiles
              id="option-per-cart-type"
              legend="Charge"
              columns={2}
              register={register("perCartType")}
              choices={[
                { value: "flat_fee", label: perCartLabels.flat_fee, description: "The same amount for every order." },
                {
                  value: "percentage",
                  label: perCartLabels.percentage,
                  description: "A share of what the group's items cost.",
                },
              ]}
            />
            <TextField
              id="option-per-cart-rate"
              label={rateLabel}
              hint="Empty or 0: nothing per order."
              inputMode="decimal"
              autoComplete="off"
              className="sm:max-w-48"
              error={errors.perCartRate?.message}
              {...register("perCartRate")}
            />
          </div>
        </Card>

        <Card
          id="option-per-item"
          title="Charge by the items"
          description="Added to the charge per order: a fee for each item, or one rate for the order by the number of items, their subtotal or their weight."
        >
          <div className="space-y-4">
            <ChoiceTiles
              id="option-per-item-type"
              legend="Charge"
              columns={3}
              register={register("perItemType")}
              choices={[
                { value: "none", label: perItemLabels.none },
                {
                  value: "flat_per_item",
                  label: perItemLabels.flat_per_item,
                  description: "Times the number of items.",
                },
                {
                  value: "quantity_ranges",
                  label: perItemLabels.quantity_ranges,
                  description: "A rate for each range of item counts.",
                },
                {
                  value: "price_ranges",
                  label: perItemLabels.price_ranges,
                  description: "A rate for each range of the items' subtotal.",
                },
                {
                  value: "weight_ranges",
                  label: perItemLabels.weight_ranges,
                  description: "A rate for each range of the items' weight.",
                },
              ]}
            />
            {perItemType === "flat_per_item" ? (
              <TextField
                id="option-per-item-rate"
                label={`Fee per item (${currency})`}
                inputMode="decimal"
                autoComplete="off"
                className="sm:max-w-48"
                required
                error={errors.perItemRate?.message}
                {...register("perItemRate")}
              />
            ) : null}
            {isRangeKind(perItemType) ? (
              <Controller
                control={control}
                name="ranges"
                render={({ field }) => (
                  <RangesEditor
                    kind={perItemType}
                    value={field.value}
                    onChange={field.onChange}
                    errors={errors.ranges}
                    currency={currency}
                  />
                )}
              />
            ) : null}
          </div>
        </Card>

        <Card
          id="option-destinations"
          title="Destinations"
          description="Where this option ships. For each address, the most specific places that name it decide."
        >
          <Controller
            control={control}
            name="destinations"
            render={({ field }) => (
              <DestinationsEditor value={field.value} onChange={field.onChange} errors={errors.destinations} />
            )}
          />
        </Card>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link href={groupHref} className={buttonClasses("secondary")}>
            Cancel
          </Link>
          <Button type="submit" pending={isSubmitting} pendingLabel="Saving…">
            {option ? "Save option" : "Add option"}
          </Button>
          <FormErrors errors={errors} submitCount={submitCount} className="sm:order-first sm:self-center" />
        </div>
      </div>
    </form>
  );
}
