import { useController } from "react-hook-form";
import { Card } from "../../ui/card";
import { Field } from "../../ui/field";
import { TagInput } from "../../ui/tag-input";
import type { SectionProps } from "./form-types";

/** The product's categories: a tag input offering the ones the store already uses. */
export function CategoriesSection({
  control,
  errors,
  suggestions,
  disabled,
}: Pick<SectionProps, "control" | "errors"> & { suggestions: readonly string[]; disabled: boolean }) {
  const { field } = useController({ control, name: "categories" });
  return (
    <Card id="categories" title="Categories" description="Shoppers browse the shop by category.">
      <Field
        id="product-categories"
        label="Categories"
        hint="Press Enter or type a comma after each. New names make new categories."
        error={errors.categories?.message}
      >
        {(controlProps) => (
          <TagInput
            {...controlProps}
            label="Categories"
            value={field.value}
            onChange={field.onChange}
            suggestions={suggestions}
            disabled={disabled}
          />
        )}
      </Field>
    </Card>
  );
}
