import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { useEffect, useRef } from "react";
import { useController } from "react-hook-form";
import { type FormDraft, type FormFieldDraft, newDraftId } from "@/lib/store/products/edit";
import { type FormFieldType, formFieldTypes } from "@/lib/store/products/model";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FieldError } from "../../ui/field";
import { Input } from "../../ui/input";
import { Select } from "../../ui/select";
import { SortableList } from "../../ui/sortable-list";
import type { SectionProps } from "./form-types";

const typeLabels: Record<FormFieldType, string> = {
  text: "Short text",
  paragraph: "Paragraph",
  checkbox: "Checkbox",
  date: "Date",
};

const newField = (): FormFieldDraft => ({
  id: newDraftId("f"),
  label: "",
  placeholder: "",
  type: "text",
  required: false,
});

/**
 * The custom form a shopper fills in when buying (an engraving text, a
 * date): fields with a label, a placeholder, a type and whether it is
 * required, reordered with their handles (or the keyboard). Removing the
 * form sends `form=delete` on save.
 */
export function FormBuilderSection({
  control,
  errors,
  disabled,
}: Pick<SectionProps, "control" | "errors"> & { disabled: boolean }) {
  const { field } = useController({ control, name: "form" });
  const form = field.value;
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    document.getElementById(id)?.focus();
  });
  const set = (next: FormDraft | null) => field.onChange(next);
  const setField = (index: number, change: Partial<FormFieldDraft>) =>
    form && set({ ...form, fields: form.fields.map((f, i) => (i === index ? { ...f, ...change } : f)) });
  const fieldErrors = errors.form?.fields;
  const fieldsError =
    (fieldErrors && !Array.isArray(fieldErrors) ? fieldErrors.message : undefined) ?? errors.form?.message;

  return (
    <Card
      id="product-form"
      title="Custom form"
      description="Questions a shopper answers when buying, such as the text to engrave."
    >
      {form ? (
        <div className="space-y-4">
          <div>
            <label htmlFor="product-form-name" className="block text-sm font-medium text-fg">
              Form title
            </label>
            <Input
              id="product-form-name"
              className="mt-1 sm:max-w-md"
              value={form.name}
              disabled={disabled}
              autoComplete="off"
              onChange={(event) => set({ ...form, name: event.target.value })}
            />
            <FieldError id="product-form-name-error" error={errors.form?.name?.message} />
          </div>
          {form.fields.length ? (
            <SortableList
              label="Form fields"
              items={form.fields}
              getKey={(f) => f.id}
              getLabel={(f) => `field ${form.fields.indexOf(f) + 1}${f.label.trim() ? ` (${f.label.trim()})` : ""}`}
              onReorder={(fields) => set({ ...form, fields })}
              disabled={disabled}
              className="space-y-3"
              itemClassName="flex items-start gap-2 rounded-md border border-border bg-surface p-3"
              renderItem={(f, { index, handle }) => {
                const n = index + 1;
                const base = `product-form-field-${f.id}`;
                const labelError = Array.isArray(fieldErrors) ? fieldErrors[index]?.label?.message : undefined;
                return (
                  <>
                    <div className="pt-6">{handle}</div>
                    <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">
                      <div>
                        <label htmlFor={`${base}-label`} className="block text-sm font-medium text-fg">
                          Label of field {n}
                        </label>
                        <Input
                          id={`${base}-label`}
                          className="mt-1"
                          value={f.label}
                          disabled={disabled}
                          autoComplete="off"
                          aria-invalid={labelError ? true : undefined}
                          aria-describedby={labelError ? `${base}-label-error` : undefined}
                          onChange={(event) => setField(index, { label: event.target.value })}
                        />
                        <FieldError id={`${base}-label-error`} error={labelError} />
                      </div>
                      <div>
                        <label htmlFor={`${base}-placeholder`} className="block text-sm font-medium text-fg">
                          Placeholder of field {n}
                        </label>
                        <Input
                          id={`${base}-placeholder`}
                          className="mt-1"
                          value={f.placeholder}
                          disabled={disabled}
                          autoComplete="off"
                          onChange={(event) => setField(index, { placeholder: event.target.value })}
                        />
                      </div>
                      <div>
                        <label htmlFor={`${base}-type`} className="block text-sm font-medium text-fg">
                          Type of field {n}
                        </label>
                        <Select
                          id={`${base}-type`}
                          className="mt-1"
                          value={f.type}
                          disabled={disabled}
                          onChange={(event) => setField(index, { type: event.target.value as FormFieldType })}
                        >
                          {formFieldTypes.map((type) => (
                            <option key={type} value={type}>
                              {typeLabels[type]}
                            </option>
                          ))}
                        </Select>
                      </div>
                      <label className="flex items-center gap-2 self-end pb-2 text-sm text-fg">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          checked={f.required}
                          disabled={disabled}
                          onChange={(event) => setField(index, { required: event.target.checked })}
                        />
                        Field {n} is required
                      </label>
                    </div>
                    <Button
                      id={`${base}-remove`}
                      variant="ghost"
                      size="icon"
                      className="h-control w-control mt-6"
                      disabled={disabled}
                      aria-label={`Remove field ${n}${f.label.trim() ? ` (${f.label.trim()})` : ""}`}
                      onClick={() => {
                        const next = form.fields[index + 1] ?? form.fields[index - 1];
                        focusNext.current = next ? `product-form-field-${next.id}-remove` : "product-form-add-field";
                        set({ ...form, fields: form.fields.filter((_, i) => i !== index) });
                      }}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </>
                );
              }}
            />
          ) : (
            <p className="text-sm text-fg-muted">No fields yet: a form needs at least one.</p>
          )}
          <FieldError id="product-form-fields-error" error={fieldsError} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              id="product-form-add-field"
              variant="secondary"
              size="sm"
              disabled={disabled}
              onClick={() => {
                const added = newField();
                focusNext.current = `product-form-field-${added.id}-label`;
                set({ ...form, fields: [...form.fields, added] });
              }}
            >
              <Plus aria-hidden="true" />
              Add field
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              className="text-danger"
              onClick={() => {
                focusNext.current = "product-form-add-form";
                set(null);
              }}
            >
              <Trash2 aria-hidden="true" />
              Remove form
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-fg-muted">No custom form: shoppers answer no questions when buying.</p>
          <Button
            id="product-form-add-form"
            variant="secondary"
            size="sm"
            disabled={disabled}
            onClick={() => {
              const first = newField();
              focusNext.current = `product-form-field-${first.id}-label`;
              set({ name: "", fields: [first] });
            }}
          >
            <Plus aria-hidden="true" />
            Add a form
          </Button>
        </div>
      )}
    </Card>
  );
}
