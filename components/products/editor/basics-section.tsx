import { productStatusLabel, productStatuses, productTypes } from "@/lib/store/products/model";
import { Card } from "../../ui/card";
import { Field } from "../../ui/field";
import { Input, Textarea } from "../../ui/input";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import type { SectionProps } from "./form-types";

const typeLabels: Record<string, string> = { physical: "Physical (shipped)", digital: "Digital (delivered online)" };

/** Name, short name, descriptions, SKU, type and status. */
export function BasicsSection({
  register,
  errors,
  hasOptions,
  currentType,
  currentStatus,
}: Omit<SectionProps, "control" | "currency"> & {
  hasOptions: boolean;
  /** What the store holds, kept as a choice when it is not one of the spec's. */
  currentType: string;
  currentStatus: string;
}) {
  const types =
    productTypes.includes(currentType as never) || !currentType ? productTypes : [...productTypes, currentType];
  const statuses =
    productStatuses.includes(currentStatus as never) || !currentStatus
      ? productStatuses
      : [...productStatuses, currentStatus];
  return (
    <Card id="basics" title="Basics" description="What the product is called and how shoppers find it.">
      {/* Two columns on a phone too: the short fields pair up, so the page is not a column of single lines. */}
      <div className="grid grid-cols-1 gap-x-3 gap-y-4 sm:grid-cols-2 sm:gap-5">
        <TextField
          id="product-name"
          label="Name"
          required
          autoComplete="off"
          className="sm:col-span-2"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          id="product-name-short"
          label="Short name"
          hint="For listing grids, where the full name does not fit."
          autoComplete="off"
          error={errors.nameShort?.message}
          {...register("nameShort")}
        />
        <TextField
          id="product-sku"
          label="SKU"
          hint="Your own stock-keeping code."
          autoComplete="off"
          error={errors.sku?.message}
          {...register("sku")}
        />
        <Field id="product-type" label="Type" error={errors.type?.message}>
          {(control) => (
            <Select {...control} {...register("type")}>
              {types.map((type) => (
                <option key={type} value={type}>
                  {typeLabels[type] ?? type}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="product-status"
          label="Status"
          hint="Hidden products are not in the shop."
          error={errors.status?.message}
        >
          {(control) => (
            <Select {...control} {...register("status")}>
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {productStatusLabel(status)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {/* With options the store keeps it on each option (docs/contract.md#catalogue-and-settings): the options table's Option SKU. */}
        {hasOptions ? null : (
          <Field
            id="product-fetch-sku"
            label="Delivery SKU"
            hint="For a digital-delivery service, if you use one."
            error={errors.fetchSku?.message}
            className="sm:col-span-2"
          >
            {(control) => <Input {...control} autoComplete="off" {...register("fetchSku")} />}
          </Field>
        )}
        <Field
          id="product-description-short"
          label="Short description"
          hint="A line or two for lists and previews."
          error={errors.descriptionShort?.message}
          className="sm:col-span-2"
        >
          {(control) => <Textarea {...control} rows={2} {...register("descriptionShort")} />}
        </Field>
        <Field
          id="product-description"
          label="Description"
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          {(control) => <Textarea {...control} rows={4} {...register("description")} />}
        </Field>
      </div>
    </Card>
  );
}
