import Link from "next/link";
import { useWatch } from "react-hook-form";
import { useWeightUnit } from "../../weight-unit";
import type { GroupChoices } from "@/lib/store/products/edit";
import { parseQuantityText } from "@/lib/store/products/edit";
import type { GroupRef } from "@/lib/store/products/model";
import { Card } from "../../ui/card";
import { Checkbox } from "../../ui/checkbox";
import { Field } from "../../ui/field";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import type { SectionProps } from "./form-types";

/** The quantity a product with options has: their sum, or unlimited when one is. */
function optionsQuantity(rows: readonly { unlimited: boolean; quantity: string }[]): string {
  if (rows.some((row) => row.unlimited)) return "unlimited";
  const sum = rows.reduce((total, row) => total + (parseQuantityText(row.quantity) ?? 0), 0);
  return new Intl.NumberFormat("en").format(sum);
}

const groupWords = {
  shipping: { noun: "shipping group", plural: "shipping groups", href: "/shipping", section: "Shipping" },
  tax: { noun: "tax group", plural: "tax groups", href: "/tax", section: "Tax" },
} as const;

function GroupPicker({
  kind,
  choices,
  current,
  error,
  register,
}: {
  kind: "shipping" | "tax";
  choices: GroupChoices;
  /** The group the store holds for the product: always a choice, listed or not. */
  current: GroupRef | null;
  error?: string;
  register: SectionProps["register"];
}) {
  const words = groupWords[kind];
  const groups = [...choices.groups];
  if (current && !groups.some((g) => g.id === current.id)) groups.unshift(current);
  const hint =
    choices.status === "forbidden"
      ? `Your account can't see the store's ${words.plural} (that needs the permission to manage store settings), so this stays as it is.`
      : choices.status === "missing"
        ? `This store has no ${words.plural}.`
        : choices.status === "failed"
          ? `The store did not list its ${words.plural} just now, so this stays as it is. Reload the page to try again.`
          : choices.groups.length === 0
            ? null
            : undefined;
  const locked = choices.status !== "ok";
  const id = `product-${kind}-group`;
  return (
    <Field
      id={id}
      label={kind === "shipping" ? "Shipping group" : "Tax group"}
      error={error}
      hint={
        hint === null ? (
          <>
            The store has no {words.plural} yet.{" "}
            <Link href={words.href} className="text-accent underline underline-offset-4">
              Create one under {words.section}
            </Link>
            .
          </>
        ) : (
          hint
        )
      }
    >
      {(control) => (
        <Select
          {...control}
          disabled={locked || undefined}
          {...register(kind === "shipping" ? "shippingGroup" : "taxGroup")}
        >
          <option value="">None</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name ?? `${words.noun} ${group.id}`}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** Stock, weight, and the shipping and tax groups. */
export function InventorySection({
  control,
  register,
  errors,
  shippingGroups,
  taxGroups,
  currentShippingGroup,
  currentTaxGroup,
}: SectionProps & {
  shippingGroups: GroupChoices;
  taxGroups: GroupChoices;
  currentShippingGroup: GroupRef | null;
  currentTaxGroup: GroupRef | null;
}) {
  const [unlimited, rows] = useWatch({ control, name: ["unlimited", "options.rows"] });
  const weightUnit = useWeightUnit();
  const hasOptions = rows.length > 0;
  return (
    <Card id="inventory" title="Inventory and shipping">
      <div className="grid gap-4 sm:grid-cols-2 sm:gap-5">
        {hasOptions ? (
          <div className="sm:col-span-2">
            <p className="text-sm font-medium text-fg">Quantity</p>
            <p className="mt-1 text-sm text-fg-muted" id="product-quantity-sum">
              This product has options, so its quantity is the sum of theirs:{" "}
              <span className="font-medium text-fg">{optionsQuantity(rows)}</span>. Change it per option in the options
              table.
            </p>
          </div>
        ) : (
          <div className="space-y-2 sm:col-span-2">
            <Checkbox
              id="product-unlimited"
              label="Unlimited"
              description="Stock is not counted: the product never sells out by itself."
              {...register("unlimited")}
            />
            {unlimited ? null : (
              <TextField
                id="product-quantity"
                label="Quantity"
                hint="How many you have in stock."
                inputMode="numeric"
                autoComplete="off"
                className="sm:max-w-xs"
                error={errors.quantity?.message}
                {...register("quantity")}
              />
            )}
          </div>
        )}
        <TextField
          id="product-weight"
          label={weightUnit ? `Weight (${weightUnit})` : "Weight"}
          hint={
            weightUnit
              ? "As your shipping rates weigh it; empty for none."
              : "In the unit your shipping rates use; empty for none."
          }
          inputMode="decimal"
          autoComplete="off"
          error={errors.weight?.message}
          {...register("weight")}
        />
        <div className="hidden sm:block" />
        <GroupPicker
          kind="shipping"
          choices={shippingGroups}
          current={currentShippingGroup}
          error={errors.shippingGroup?.message}
          register={register}
        />
        <GroupPicker
          kind="tax"
          choices={taxGroups}
          current={currentTaxGroup}
          error={errors.taxGroup?.message}
          register={register}
        />
      </div>
    </Card>
  );
}
