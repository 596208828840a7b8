"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import Trash2 from "lucide-react/icons/trash-2";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import {
  type Control,
  type FieldErrors,
  type UseFormGetValues,
  type UseFormRegister,
  type UseFormSetValue,
  useFieldArray,
  useForm,
  useWatch,
} from "react-hook-form";
import { createOrderWithTotalsAction } from "@/lib/actions/orders-new";
import { formatMoney, moneyText } from "@/lib/money";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  type NewOrderValues,
  formFieldOrder,
  lineAmount,
  lineFor,
  newOrderFormInput,
  newOrderValues,
  orderFields,
  placeRefusal,
  prefilledUnitPrice,
} from "@/lib/store/orders/input";
import { extraLabel, optionLabel } from "@/lib/store/orders/model";
import { type Product, hasOwnOptions, unlimitedQuantity } from "@/lib/store/products/model";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Checkbox, CheckboxGroup } from "../../ui/checkbox";
import { Field, FieldError } from "../../ui/field";
import { FormAlert } from "../../ui/notice";
import { FormErrors } from "../../ui/form-errors";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { toast } from "../../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";
import { AddressFields } from "./address-fields";
import { comparisonText } from "./estimate";
import { ProductPicker } from "./product-picker";
import { TotalsPreview } from "./totals-preview";
import { useOrderEstimate } from "./use-order-estimate";

export interface NewOrderFormProps {
  /** The store currency: prices are typed in it. */
  currency: string;
}

function stockText(quantity: number): string {
  if (quantity === unlimitedQuantity) return "Stock not counted";
  return quantity === 1 ? "1 in stock" : `${quantity.toLocaleString("en")} in stock`;
}

interface LineProps {
  index: number;
  product: Product;
  currency: string;
  control: Control<NewOrderValues>;
  register: UseFormRegister<NewOrderValues>;
  setValue: UseFormSetValue<NewOrderValues>;
  getValues: UseFormGetValues<NewOrderValues>;
  errors: FieldErrors<NewOrderValues>;
  onRemove: () => void;
}

/** One line: the option, extras, quantity and unit price of a product, and what it comes to. */
function LineEditor({ index, product, currency, control, register, setValue, getValues, errors, onRemove }: LineProps) {
  const base = `order-line-${index}`;
  const line = useWatch({ control, name: `lines.${index}` });
  const lineErrors = errors.lines?.[index];
  const ownOptions = hasOwnOptions(product);
  const option = product.options.find((o) => o.key === line.optionKey) ?? null;
  const amount = lineAmount(line, product.extras, currency);
  const title = `${index + 1}. ${product.name}`;
  const optionField = register(`lines.${index}.optionKey`);

  return (
    <li className="space-y-4 rounded-md border border-border p-4" aria-labelledby={`${base}-title`}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={`${base}-title`} className="font-medium break-words text-fg">
          {title}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${product.name} (line ${index + 1})`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <div className="space-y-4">
        {ownOptions ? (
          <Field
            id={`${base}-option`}
            label="Option"
            required
            className="sm:max-w-md"
            error={lineErrors?.optionKey?.message}
          >
            {(props) => (
              <Select
                {...props}
                {...optionField}
                onChange={(event) => {
                  // A price still at the old option's prefill follows the new option; a price typed by hand stays.
                  const before = product.options.find((o) => o.key === getValues(`lines.${index}.optionKey`)) ?? null;
                  const price = getValues(`lines.${index}.unitPrice`);
                  void optionField.onChange(event);
                  const after = product.options.find((o) => o.key === event.target.value) ?? null;
                  if (price.trim() === moneyText(prefilledUnitPrice(product, before), currency)) {
                    setValue(`lines.${index}.unitPrice`, moneyText(prefilledUnitPrice(product, after), currency));
                  }
                }}
              >
                {product.options.map((o) => (
                  <option key={o.key} value={o.key}>
                    {optionLabel(o) || "Default"}
                    {o.surcharge ? ` (+${formatMoney(o.surcharge, currency)})` : ""}
                    {o.quantity === 0 ? " · sold out" : ""}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <div className="text-sm">
            <p className="font-medium text-fg">Option</p>
            <p className="mt-1 text-fg-muted">None: the product has one.</p>
            <FieldError id={`${base}-option-error`} error={lineErrors?.optionKey?.message} />
          </div>
        )}
        {product.extras.length ? (
          <CheckboxGroup id={`${base}-extras`} legend="Extras" error={lineErrors?.extraKeys?.message} columns={2}>
            {product.extras.map((extra, i) => (
              <Checkbox
                key={extra.key || i}
                id={`${base}-extra-${i}`}
                label={extraLabel(extra) || `Extra ${i + 1}`}
                description={extra.surcharge ? `+${formatMoney(extra.surcharge, currency)} each` : "No surcharge"}
                checked={line.extraKeys.includes(extra.key)}
                onChange={(event) => {
                  const keys = getValues(`lines.${index}.extraKeys`);
                  const next = event.target.checked ? [...keys, extra.key] : keys.filter((k) => k !== extra.key);
                  setValue(
                    `lines.${index}.extraKeys`,
                    product.extras.map((e) => e.key).filter((k) => next.includes(k)),
                    { shouldDirty: true },
                  );
                }}
              />
            ))}
          </CheckboxGroup>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id={`${base}-quantity`}
            hint={option ? stockText(option.quantity) : undefined}
            label="Quantity"
            required
            inputMode="numeric"
            autoComplete="off"
            error={lineErrors?.quantity?.message}
            {...register(`lines.${index}.quantity`)}
          />
          <TextField
            id={`${base}-price`}
            label={`Unit price (${currency})`}
            hint="Without extras; yours to change."
            required
            inputMode="decimal"
            autoComplete="off"
            error={lineErrors?.unitPrice?.message}
            {...register(`lines.${index}.unitPrice`)}
          />
          <div className="text-sm sm:text-end">
            <p className="font-medium text-fg">Line total</p>
            <p className="mt-0.5 text-fg-muted">With extras.</p>
            <p className="mt-1 flex min-h-control items-center text-base font-medium tabular-nums text-fg sm:justify-end sm:text-sm">
              {amount === null ? "—" : formatMoney(amount, currency)}
            </p>
          </div>
        </div>
      </div>
    </li>
  );
}

/**
 * A new API order (docs/contract.md#orders): products picked from the
 * catalogue with their option, extras, quantity and price; the billing
 * address (and a shipping one, or the same); a coupon, notifications and a
 * custom id; the shipping charge and tax left to the store or set by hand.
 * The store's refusals land under their fields (`line_2_quantity` under the
 * second line's quantity); nothing typed is lost.
 */
export function NewOrderForm({ currency }: NewOrderFormProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [products, setProducts] = useState<ReadonlyMap<string, Product>>(() => new Map());
  const resolver = useMemo(() => zodResolver(newOrderFormInput(currency)), [currency]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<NewOrderValues>({ resolver, defaultValues: newOrderValues() });
  const lines = useFieldArray({ control, name: "lines" });
  const [shipToBilling, setShipping, setTax] = useWatch({ control, name: ["shipToBilling", "setShipping", "setTax"] });
  const linesHeading = useRef<HTMLHeadingElement>(null);
  const estimate = useOrderEstimate({ control, products, currency });

  function addProduct(product: Product) {
    setProducts((known) => new Map(known).set(product.key, product));
    lines.append(lineFor(product), { shouldFocus: false });
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const fields = orderFields(values, currency);
    // The estimate the person saw as they created the order: the store's answer is compared with it.
    const estimated = estimate;
    const result = await createOrderWithTotalsAction(fields);
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      const { placed, unplaced } = placeRefusal(
        result.fieldErrors,
        { shipToBilling: values.shipToBilling, lineCount: values.lines.length },
        { ownWords: result.code === "invalid_input" },
      );
      // FormErrors (beside Create order) then focuses the first of them on the page.
      const onFields = formFieldOrder(values.lines.length).filter((field) => placed[field]);
      for (const field of onFields) setError(field, { type: "server", message: placed[field]! });
      const message = writeFailureMessage(result, {
        failed: "create the order",
        happened: "the creation of the order",
      });
      if (message.reread) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
        setFormError(
          "Store Admin could not tell whether the order was created. Look for it in the orders list before you try again.",
        );
      } else if (onFields.length === 0 || unplaced) setFormError(message.text);
      else
        setFormError(
          "The store did not accept some of the values: see the messages under the fields. No order was created.",
        );
      return;
    }
    const created = `Created order #${result.data.number}.`;
    const comparison = comparisonText(estimated, result.data);
    if (comparison && !comparison.same) {
      // A difference is worth reading: it stays until dismissed, beside the store's own figures on the order's page.
      toast.warning(created, { description: comparison.text, duration: Infinity });
    } else {
      toast.success(created, comparison ? { description: comparison.text } : undefined);
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    router.push(`/orders/${result.data.number}`);
  });

  const linesError = errors.lines?.root?.message ?? errors.lines?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert message={formError} />

      <Card id="order-products" title="Products" description={`Prices in ${currency}.`}>
        <div className="space-y-6">
          <ProductPicker onPick={addProduct} />
          <div>
            <h3 ref={linesHeading} tabIndex={-1} className="sr-only">
              Lines of the order
            </h3>
            {lines.fields.length ? (
              <ol aria-label="Lines of the order" className="space-y-4">
                {lines.fields.map((field, index) => {
                  const product = products.get(field.productKey);
                  if (!product) return null;
                  return (
                    <LineEditor
                      key={field.id}
                      index={index}
                      product={product}
                      currency={currency}
                      control={control}
                      register={register}
                      setValue={setValue}
                      getValues={getValues}
                      errors={errors}
                      onRemove={() => {
                        lines.remove(index);
                        linesHeading.current?.focus();
                      }}
                    />
                  );
                })}
              </ol>
            ) : (
              <p className="rounded-md border border-dashed border-border px-3 py-4 text-sm text-fg-muted">
                No products yet: find one above and add it.
              </p>
            )}
            <FieldError id="order-lines-error" error={linesError} className="mt-2" />
          </div>
        </div>
      </Card>

      <Card
        id="order-billing"
        title="Billing address"
        description="The customer: the store emails them about the order."
      >
        <AddressFields which="billing" register={register} control={control} errors={errors} setValue={setValue} />
      </Card>

      <Card
        id="order-shipping"
        title="Shipping address"
        description="Where the order goes. Without an email of its own, the billing email is used."
      >
        <div className="space-y-4">
          <Checkbox
            id="order-ship-to-billing"
            label="Ship to the billing address"
            description="Untick to ship elsewhere: the billing address is copied in to start from."
            {...register("shipToBilling", {
              onChange: (event: { target: { checked: boolean } }) => {
                if (!event.target.checked) setValue("shipping", { ...getValues("billing") });
              },
            })}
          />
          {shipToBilling ? null : (
            <AddressFields which="shipping" register={register} control={control} errors={errors} setValue={setValue} />
          )}
        </div>
      </Card>

      <Card id="order-more" title="Coupon and notifications">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="order-coupon"
            label="Coupon code"
            hint="Optional. The store applies its discount."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
            error={errors.coupon?.message ?? estimate.couponRefusal ?? undefined}
            {...register("coupon")}
          />
          <TextField
            id="order-custom-id"
            label="Custom id"
            hint="Optional: your own reference, such as a PO number."
            autoComplete="off"
            error={errors.customId?.message}
            {...register("customId")}
          />
          <Checkbox
            id="order-notifications"
            className="sm:col-span-2"
            label="Email the customer about this order"
            description="The store's order notifications; untick to send none."
            {...register("sendNotifications")}
          />
        </div>
      </Card>

      <Card
        id="order-totals"
        title="Totals"
        description="From the store's shipping and tax groups and the coupon, by the store's pricing rules."
      >
        <div className="space-y-4">
          <TotalsPreview estimate={estimate} currency={currency} />
          <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2">
            <div className="space-y-3">
              <Checkbox id="order-set-shipping" label="Set the shipping charge myself" {...register("setShipping")} />
              {setShipping ? (
                <TextField
                  id="order-shipping-amount"
                  label={`Shipping (${currency})`}
                  hint="Stored as given."
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.shippingAmount?.message}
                  {...register("shippingAmount")}
                />
              ) : null}
            </div>
            <div className="space-y-3">
              <Checkbox id="order-set-tax" label="Set the tax myself" {...register("setTax")} />
              {setTax ? (
                <TextField
                  id="order-tax-amount"
                  label={`Tax (${currency})`}
                  hint="Stored as given."
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.taxAmount?.message}
                  {...register("taxAmount")}
                />
              ) : null}
            </div>
          </div>
        </div>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link href="/orders" className={buttonClasses("secondary")}>
          Cancel
        </Link>
        <Button type="submit" pending={isSubmitting} pendingLabel="Creating…">
          Create order
        </Button>
        <FormErrors errors={errors} submitCount={submitCount} className="sm:order-first sm:self-center" />
      </div>
    </form>
  );
}
