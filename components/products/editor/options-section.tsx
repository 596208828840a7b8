import { useController, useWatch } from "react-hook-form";
import { optionPreview } from "@/lib/store/products/edit";
import { Card } from "../../ui/card";
import { FieldError } from "../../ui/field";
import { Select } from "../../ui/select";
import type { SectionProps } from "./form-types";
import { ItemsTable } from "./items-table";

/** What a shopper sees on the product page: the option dropdown(s), live. */
function OptionPreview({ control, currency }: Pick<SectionProps, "control" | "currency">) {
  const [options, style] = useWatch({ control, name: ["options", "optionStyle"] });
  const selects = optionPreview(options, style, currency);
  return (
    <div className="rounded-md border border-dashed border-border-strong bg-surface-muted p-4">
      <p className="text-sm font-medium text-fg" id="option-preview-label">
        What a shopper sees
      </p>
      {selects.length ? (
        <div className="mt-3 grid grid-cols-2 gap-3" role="group" aria-labelledby="option-preview-label">
          {selects.map((select, index) => (
            <div key={`${select.label}-${index}`}>
              <label htmlFor={`option-preview-${index}`} className="block text-sm font-medium text-fg">
                {select.label}
              </label>
              <Select id={`option-preview-${index}`} className="mt-1" defaultValue="">
                <option value="" disabled>
                  Choose {select.label.toLocaleLowerCase()}
                </option>
                {select.choices.map((choice, i) => (
                  <option key={`${choice}-${i}`}>{choice}</option>
                ))}
              </Select>
            </div>
          ))}
        </div>
      ) : (
        <p className="mt-1 text-sm text-fg-muted">No choice to make: the product has no options.</p>
      )}
    </div>
  );
}

/** The options table, the option style and the preview. */
export function OptionsSection({
  control,
  register,
  errors,
  currency,
  disabled,
}: SectionProps & { disabled: boolean }) {
  const { field } = useController({ control, name: "options" });
  const rootError = errors.options?.message ?? errors.options?.root?.message;
  return (
    <Card
      id="options"
      title="Options"
      description="Variants a shopper chooses between, each with its own stock and price difference."
    >
      <div className="space-y-4 sm:space-y-6">
        <ItemsTable
          kind="options"
          value={field.value}
          onChange={field.onChange}
          errors={errors.options}
          currency={currency}
          disabled={disabled}
        />
        <FieldError id="options-error" error={rootError} />
        <fieldset>
          <legend className="text-sm font-medium text-fg">Option style</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
            <label className="flex items-center gap-2 text-sm text-fg">
              <input type="radio" value="single" className="size-4 accent-primary" {...register("optionStyle")} />
              One dropdown listing every option
            </label>
            <label className="flex items-center gap-2 text-sm text-fg">
              <input type="radio" value="separate" className="size-4 accent-primary" {...register("optionStyle")} />
              One dropdown per column
            </label>
          </div>
        </fieldset>
        <OptionPreview control={control} currency={currency} />
      </div>
    </Card>
  );
}

/** The extras table: add-ons a shopper may pick. */
export function ExtrasSection({
  control,
  errors,
  currency,
  disabled,
}: Omit<SectionProps, "register"> & { disabled: boolean }) {
  const { field } = useController({ control, name: "extras" });
  const rootError = errors.extras?.message ?? errors.extras?.root?.message;
  return (
    <Card id="extras" title="Extras" description="Add-ons a shopper may pick on top, such as gift wrap or engraving.">
      <ItemsTable
        kind="extras"
        value={field.value}
        onChange={field.onChange}
        errors={errors.extras}
        currency={currency}
        disabled={disabled}
      />
      <FieldError id="extras-error" error={rootError} className="mt-2" />
    </Card>
  );
}
