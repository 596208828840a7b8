"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { createCouponAction, updateCouponAction } from "@/lib/actions/coupons";
import type { Failure } from "@/lib/failure";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  type CouponFormField,
  type CouponFormOptions,
  type CouponFormValues,
  couponChanges,
  couponFormInput,
  couponValues,
  couponWrite,
  formFieldOf,
  maxCodeLength,
  newCouponValues,
  refusedSentences,
  today,
} from "@/lib/store/coupons/input";
import {
  type Coupon,
  couponTypeDescriptions,
  couponTypeLabels,
  couponTypes,
  formatCount,
  hasGeneratedCodes,
  maxGeneratedCodes,
} from "@/lib/store/coupons/model";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { Checkbox } from "../ui/checkbox";
import { ChoiceTiles } from "../ui/choice-tiles";
import { FormAlert } from "../ui/notice";
import { FormErrors } from "../ui/form-errors";
import { TextField } from "../ui/text-field";
import { toast } from "../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";

export interface CouponFormProps {
  /** The store currency: amounts are typed in it. */
  currency: string;
  /** The coupon to edit; null creates one. */
  coupon: Coupon | null;
}

/**
 * Create or edit a coupon: what it gives (only the chosen type's fields),
 * when it works (days in the person's time zone), and its codes (creating:
 * one code to share, or N single-use codes; editing: codes stay as they
 * are). Server errors land under their fields; a taken code under Code.
 */
export function CouponForm({ currency, coupon }: CouponFormProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const mode = coupon ? "edit" : "create";
  const generated = coupon ? hasGeneratedCodes(coupon) : false;
  const options: CouponFormOptions = useMemo(() => ({ currency, mode, generated }), [currency, mode, generated]);
  const initial = useMemo(
    () => (coupon ? couponValues(coupon, currency) : newCouponValues(today())),
    [coupon, currency],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<CouponFormValues>({
    resolver: zodResolver(couponFormInput(options)),
    defaultValues: initial,
  });
  const type = useWatch({ control, name: "type" });
  const codeMode = useWatch({ control, name: "codeMode" });
  const unlimited = useWatch({ control, name: "unlimited" });
  const startDate = useWatch({ control, name: "startDate" });

  /** The store's (or the action's) field errors under the form's fields; answers whether any was placed. */
  function placeFieldErrors(failure: Failure, values: CouponFormValues): boolean {
    let placed = false;
    for (const [storeField, given] of Object.entries(failure.fieldErrors ?? {})) {
      const field = formFieldOf(storeField, options, values.codeMode);
      if (!field) continue;
      const keep = failure.status === 409 || failure.code === "invalid_input";
      const message = keep ? given : (refusedSentences[field] ?? given);
      setError(field, { type: "server", message }, { shouldFocus: !placed });
      placed = true;
    }
    return placed;
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!coupon) {
      const write = couponWrite(values, options);
      const result = await createCouponAction(write);
      if (!result.ok) {
        if (signInAgainIfNeeded(result)) return;
        if (placeFieldErrors(result, values)) return;
        const message = writeFailureMessage(result, {
          failed: `create the coupon ${write.name}`,
          happened: `the creation of the coupon ${write.name}`,
        });
        if (message.reread) await queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all });
        setFormError(message.text);
        return;
      }
      const created = result.data;
      toast.success(
        write.code === undefined
          ? `Created the coupon ${created.name || write.name} with ${formatCount(created.codes.total || write.limit)} single-use codes.`
          : `Created the coupon ${created.name || write.name}.`,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all });
      router.push(`/coupons/${encodeURIComponent(created.id)}`);
      return;
    }

    const changes = couponChanges(initial, values, options);
    const detail = `/coupons/${encodeURIComponent(coupon.id)}`;
    if (!Object.keys(changes).length) {
      toast.info("Nothing to save: nothing was changed.");
      router.push(detail);
      return;
    }
    const result = await updateCouponAction({ id: coupon.id, ...changes });
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      if (placeFieldErrors(result, values)) return;
      const message = writeFailureMessage(result, {
        failed: `save the coupon ${coupon.name}`,
        happened: `the change to the coupon ${coupon.name}`,
      });
      setFormError(message.text);
      if (message.reread) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all });
        router.refresh();
      }
      return;
    }
    toast.success(`Saved the coupon ${result.data.name || values.name.trim()}.`);
    await queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all });
    router.push(detail);
  });

  const error = (field: CouponFormField) => errors[field]?.message;
  const cancelHref = coupon ? `/coupons/${encodeURIComponent(coupon.id)}` : "/coupons";
  const max = formatCount(maxGeneratedCodes);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert message={formError} />

      <Card id="coupon-discount" title="Discount" description={`Amounts in ${currency}.`}>
        <div className="space-y-6">
          <TextField
            id="coupon-name"
            label="Name"
            hint="For you: customers see the code, not the name."
            required
            autoComplete="off"
            error={error("name")}
            {...register("name")}
          />
          <ChoiceTiles
            id="coupon-type"
            legend="What it gives"
            columns={3}
            error={error("type")}
            register={register("type")}
            choices={couponTypes.map((t) => ({
              value: t,
              label: couponTypeLabels[t],
              description: couponTypeDescriptions[t],
            }))}
          />

          {type === "percentage_off" ? (
            <TextField
              id="coupon-percentage"
              label="Percentage (%)"
              hint="Above 0 and at most 100, such as 15 for 15 % off the subtotal."
              required
              inputMode="decimal"
              autoComplete="off"
              className="sm:max-w-40"
              error={error("percentage")}
              {...register("percentage")}
            />
          ) : null}

          {type === "flat_discount" ? (
            <div className="grid gap-6 sm:grid-cols-2">
              <TextField
                id="coupon-flat-rate"
                label={`Amount (${currency})`}
                hint="Taken off the order's subtotal."
                required
                inputMode="decimal"
                autoComplete="off"
                error={error("flatRate")}
                {...register("flatRate")}
              />
              <TextField
                id="coupon-threshold"
                label={`Minimum order (${currency})`}
                hint="Optional: the least subtotal it needs."
                inputMode="decimal"
                autoComplete="off"
                error={error("threshold")}
                {...register("threshold")}
              />
            </div>
          ) : null}

          {type === "percentage_off" || type === "flat_discount" ? (
            <Checkbox
              id="coupon-free-ship"
              label="Also give free shipping"
              description="The order ships for free on top of the discount."
              {...register("freeShip")}
            />
          ) : null}
        </div>
      </Card>

      <Card id="coupon-dates" title="When it works" description="Days in your time zone.">
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            id="coupon-start"
            label="Start date"
            hint="It works from the start of this day."
            type="date"
            required
            min="1970-01-01"
            max="9999-12-31"
            error={error("startDate")}
            {...register("startDate")}
          />
          <TextField
            id="coupon-end"
            label="End date"
            hint="It works until the end of this day."
            type="date"
            required
            min={startDate || "1970-01-01"}
            max="9999-12-31"
            error={error("endDate")}
            {...register("endDate")}
          />
        </div>
      </Card>

      <Card
        id="coupon-codes"
        title="Codes"
        description={
          coupon ? "Codes are set when a coupon is created; they cannot change." : "What customers type at checkout."
        }
      >
        <div className="space-y-6">
          {coupon ? null : (
            <ChoiceTiles
              id="coupon-code-mode"
              legend="How customers get codes"
              columns={2}
              register={register("codeMode")}
              choices={[
                {
                  value: "code",
                  label: "One code to share",
                  description: "Everyone types the same code, such as SUMMER15.",
                },
                {
                  value: "generate",
                  label: "Generate single-use codes",
                  description: "Each code works once: for mailings and giveaways.",
                },
              ]}
            />
          )}

          {!coupon && codeMode === "generate" ? (
            <TextField
              id="coupon-count"
              label="How many codes"
              hint={`From 1 to ${max}. The store makes them; you can copy or download them next.`}
              required
              inputMode="numeric"
              autoComplete="off"
              className="sm:max-w-40"
              error={error("count")}
              {...register("count")}
            />
          ) : null}

          {!coupon && codeMode === "code" ? (
            <TextField
              id="coupon-code"
              label="Code"
              hint={`Up to ${maxCodeLength} letters, digits, - and _, without spaces.`}
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono sm:max-w-80"
              error={error("code")}
              {...register("code")}
            />
          ) : null}

          {coupon && generated ? (
            <TextField
              id="coupon-limit"
              label="Uses allowed"
              hint={`All codes together, from 1 to ${max}. Each code works once.`}
              required
              inputMode="numeric"
              autoComplete="off"
              className="sm:max-w-40"
              error={error("limit")}
              {...register("limit")}
            />
          ) : null}

          {(coupon && !generated) || (!coupon && codeMode === "code") ? (
            <div className="space-y-3">
              <Checkbox
                id="coupon-unlimited"
                label="Unlimited uses"
                description="The code works any number of times while the coupon is valid."
                {...register("unlimited")}
              />
              {unlimited ? null : (
                <TextField
                  id="coupon-limit"
                  label="Uses allowed"
                  hint="How many orders may use the code in all."
                  required
                  inputMode="numeric"
                  autoComplete="off"
                  className="sm:max-w-40"
                  error={error("limit")}
                  {...register("limit")}
                />
              )}
            </div>
          ) : null}
        </div>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link href={cancelHref} className={buttonClasses("secondary")}>
          Cancel
        </Link>
        <Button type="submit" pending={isSubmitting} pendingLabel={coupon ? "Saving…" : "Creating…"}>
          {coupon ? "Save coupon" : "Create coupon"}
        </Button>
        <FormErrors errors={errors} submitCount={submitCount} className="sm:order-first sm:self-center" />
      </div>
    </form>
  );
}
