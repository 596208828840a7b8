import { useState } from "react";
import { useController } from "react-hook-form";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FieldError } from "../../ui/field";
import { KeyValueEditor } from "../../ui/key-value-editor";
import type { SectionProps } from "./form-types";

/**
 * `product_metadata` and `default_option_metadata` are write-only: no read
 * returns them (docs/contract.md#catalogue-and-settings). So these editors
 * start empty every time and say what saving them does; they never pretend
 * to show what the store holds. Rarely needed, they stay folded until asked
 * for (or hold a value or an error), so that they do not lengthen the page.
 */
export function MetadataSection({
  control,
  errors,
  disabled,
}: Pick<SectionProps, "control" | "errors"> & { disabled: boolean }) {
  const product = useController({ control, name: "productMetadata" });
  const defaultOption = useController({ control, name: "defaultOptionMetadata" });
  const problem = (list: unknown) =>
    Array.isArray(list) && list.some(Boolean) ? "Fix the rows marked above before saving." : undefined;
  const [asked, setAsked] = useState(false);
  const inUse =
    product.field.value.length > 0 ||
    defaultOption.field.value.length > 0 ||
    Boolean(errors.productMetadata || errors.defaultOptionMetadata);
  const open = asked || inUse;
  return (
    <Card
      id="metadata"
      title="Metadata"
      description="Data for integrations, never shown to shoppers. The store does not show what it holds, so these start empty."
    >
      {inUse ? null : (
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls="metadata-editors"
          onClick={() => setAsked((a) => !a)}
        >
          {open ? "Hide the metadata fields" : "Set metadata"}
        </Button>
      )}
      <div id="metadata-editors" hidden={!open} className={inUse ? "space-y-6" : "mt-4 space-y-6"}>
        <div>
          <KeyValueEditor
            id="product-metadata"
            legend="Product metadata"
            hint="Set new metadata (replaces what is stored). Leave it empty to keep what is stored."
            value={product.field.value}
            onChange={product.field.onChange}
            addLabel="Add a product metadata field"
            disabled={disabled}
          />
          <FieldError id="product-metadata-error" error={problem(errors.productMetadata)} />
        </div>
        <div>
          <KeyValueEditor
            id="default-option-metadata"
            legend="Default option metadata"
            hint="Set new metadata (replaces what is stored): hidden columns of the product's default option. Leave it empty to keep what is stored."
            value={defaultOption.field.value}
            onChange={defaultOption.field.onChange}
            addLabel="Add a default option metadata field"
            disabled={disabled}
          />
          <FieldError id="default-option-metadata-error" error={problem(errors.defaultOptionMetadata)} />
        </div>
      </div>
    </Card>
  );
}
