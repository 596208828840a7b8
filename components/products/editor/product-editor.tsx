"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import { type Control, type FieldPath, useForm, useWatch } from "react-hook-form";
import { createProductAction, deleteProductAction, saveProductAction } from "@/lib/actions/products";
import { type Failure, writeOutcome } from "@/lib/failure";
import { applyFieldErrors } from "@/lib/forms/apply-field-errors";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  createPayload,
  draftFieldErrors,
  draftFieldOf,
  draftFromProduct,
  emptyDraft,
  type GroupChoices,
  hasChanges,
  mergeAfterSave,
  type ProductDraft,
  type SavePart,
  savePartLabels,
  savePlan,
} from "@/lib/store/products/edit";
import { productDraftInput } from "@/lib/store/products/input";
import type { Product } from "@/lib/store/products/model";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { ConfirmDialog } from "../../ui/dialog";
import { FormAlert, Notice } from "../../ui/notice";
import { FormErrors } from "../../ui/form-errors";
import { useToastClearance } from "../../ui/toast-clearance";
import { toast } from "../../ui/toast";
import { BasicsSection } from "./basics-section";
import { CategoriesSection } from "./categories-section";
import { editorSections } from "./editor-index";
import { EditorIndexNav } from "./editor-index-nav";
import { FormBuilderSection } from "./form-builder";
import { InventorySection } from "./inventory-section";
import { MetadataSection } from "./metadata-section";
import { type ChosenImage, ChooseImages, UploadChosenImages } from "./new-product-images";
import { ExtrasSection, OptionsSection } from "./options-section";
import { PricingSection } from "./pricing-section";
import { useUnsavedGuard } from "./use-unsaved-guard";

export interface ProductEditorProps {
  /** The product to edit; null to create one. */
  product: Product | null;
  /** The store's currency: the product's, or (creating) the catalogue's. */
  currency: string;
  /** Category names the store already uses. */
  categorySuggestions: string[];
  shippingGroups: GroupChoices;
  taxGroups: GroupChoices;
  /** Without manage_products the page is a read-only view. */
  canEdit: boolean;
  /**
   * The media section (its own saves, outside this form), shown right after
   * the basics: edit only. Creating, the editor offers images to choose
   * instead, uploaded after the first save.
   */
  media?: ReactNode;
}

/** Every draft field the store's field errors can land on (lib/store/products/edit.ts#draftFieldOf). */
const errorFields = Object.values(draftFieldOf) as FieldPath<ProductDraft>[];

const list = (parts: readonly SavePart[]) => {
  const words = parts.map((p) => savePartLabels[p]);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
};
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A failed write in words: "Nothing was changed." only when that is known (docs/contract.md#errors). */
function failureSentence(failure: Failure, what: string): string {
  return writeOutcome(failure) === "unchanged"
    ? `Could not ${what}. ${failure.error} Nothing was changed.`
    : `Store Admin could not tell whether the store took this (${failure.error}) Reload the page to see what it holds.`;
}

/** The bar under the form: what is unsaved, Save and Discard; and the guard when leaving. */
function SaveBar({
  form,
  control,
  baseline,
  currency,
  creating,
  pending,
  onDiscard,
  problems,
}: {
  /** The id of the form the Save button submits (the bar sits after it, below the sections). */
  form: string;
  /** How many fields need another look, beside Save (FormErrors). */
  problems: ReactNode;
  control: Control<ProductDraft>;
  baseline: ProductDraft;
  currency: string;
  creating: boolean;
  pending: boolean;
  onDiscard: () => void;
}) {
  const draft = useWatch({ control }) as ProductDraft;
  const dirty = hasChanges(baseline, draft, currency);
  let parts: SavePart[] = [];
  try {
    parts = savePlan(baseline, draft, currency).order;
  } catch {
    // A value that does not parse yet: Save shows where.
  }
  useUnsavedGuard(dirty);
  const clearance = useToastClearance<HTMLDivElement>();
  return (
    <div
      ref={clearance}
      className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_12px_-8px_rgb(0_0_0/0.25)] backdrop-blur sm:-mx-6 sm:px-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted" role="status" id="product-save-status">
          {creating
            ? "The product is created when you save."
            : dirty
              ? parts.length
                ? `Unsaved changes: ${list(parts)}.`
                : "Unsaved changes."
              : "No unsaved changes."}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
          {!creating && dirty ? (
            <Button variant="secondary" onClick={onDiscard} disabled={pending}>
              Discard changes
            </Button>
          ) : null}
          <Button type="submit" form={form} pending={pending} pendingLabel={creating ? "Creating…" : "Saving…"}>
            {creating ? "Create product" : "Save changes"}
          </Button>
          {problems}
        </div>
      </div>
    </div>
  );
}

function DeleteProduct({ product, onDeleted }: { product: Product; onDeleted: () => void }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Card
      id="delete"
      title="Delete product"
      description="Removes it from the shop, with its options, extras, images and videos."
    >
      <FormAlert message={error} />
      <Button ref={button} variant="danger" pending={pending} pendingLabel="Deleting…" onClick={() => setOpen(true)}>
        Delete product
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${product.name}?`}
        description="The product, its options, extras, images and videos are removed from the store. This cannot be undone."
        confirmLabel="Delete product"
        returnFocusTo={() => button.current}
        focusAfterConfirm={() => button.current}
        onConfirm={async () => {
          setOpen(false);
          setPending(true);
          setError(null);
          const result = await deleteProductAction({ key: product.key });
          setPending(false);
          if (!result.ok) {
            if (signInAgainIfNeeded(result)) return;
            setError(failureSentence(result, `delete ${product.name}`));
            return;
          }
          onDeleted();
          toast.success(`Deleted ${product.name}.`);
          router.push("/products");
        }}
      />
    </Card>
  );
}

/**
 * The product editor: one page of sections in one form. Save sends only
 * what changed, each part to its own endpoint (lib/store/products/edit.ts);
 * a part that fails after another saved is told part by part, and its edits
 * stay in the form.
 */
export function ProductEditor({
  product,
  currency,
  categorySuggestions,
  shippingGroups,
  taxGroups,
  canEdit,
  media,
}: ProductEditorProps) {
  const router = useRouter();
  const creating = product === null;
  const [initial] = useState(() => (product ? draftFromProduct(product) : emptyDraft()));
  const [baseline, setBaseline] = useState(initial);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(productDraftInput(currency)), [currency]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<ProductDraft>({ resolver, defaultValues: initial });
  const optionRows = useWatch({ control, name: "options.rows" });
  const name = product?.name ?? "the product";
  const formId = useId();
  // Creating: the images chosen before the first save, and the product once created with some to upload.
  const [chosen, setChosen] = useState<ChosenImage[]>([]);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const sectionList = useMemo(
    () => editorSections({ creating, canEdit, hasMedia: creating ? canEdit : Boolean(media) }),
    [creating, canEdit, media],
  );

  const placeErrors = (fieldErrors: Record<string, string> | undefined) =>
    applyFieldErrors(setError, draftFieldErrors(fieldErrors), errorFields);

  const onSubmit = handleSubmit(async (draft) => {
    setFormError(null);
    if (creating) {
      let fields;
      try {
        fields = createPayload(draft, currency);
      } catch {
        setFormError("Some values need another look.");
        return;
      }
      const result = await createProductAction({ fields });
      if (!result.ok) {
        if (signInAgainIfNeeded(result)) return;
        placeErrors(result.fieldErrors);
        setFormError(failureSentence(result, "create the product"));
        return;
      }
      setBaseline(draft); // nothing left unsaved: leaving does not ask
      toast.success(`Created ${result.data.name}.`);
      if (chosen.length) {
        // The images go up now that the product exists (UploadChosenImages), then its page.
        setCreated({ key: result.data.key, name: result.data.name });
        return;
      }
      router.push(`/products/${encodeURIComponent(result.data.key)}`);
      return;
    }

    let plan;
    try {
      plan = savePlan(baseline, draft, currency);
    } catch {
      setFormError("Some values need another look.");
      return;
    }
    if (!plan.order.length) {
      toast.info("Nothing to save: no changes.");
      return;
    }
    const result = await saveProductAction({ key: product.key, ...plan });
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      placeErrors(result.fieldErrors);
      setFormError(failureSentence(result, `save the ${savePartLabels[plan.order[0]!]}`));
      return;
    }
    const outcome = result.data;
    const unsaved = outcome.failed ? [outcome.failed.part, ...outcome.notSent] : [];
    // What the store holds now; when the re-read failed, the saved parts as sent.
    const fresh = outcome.product ? draftFromProduct(outcome.product) : mergeAfterSave(baseline, draft, outcome.saved);
    setBaseline(fresh);
    reset(mergeAfterSave(fresh, draft, unsaved));
    if (!outcome.failed) {
      // One toast per product: saving again replaces it rather than stacking a copy.
      toast.success(`Saved ${outcome.product?.name ?? name}.`, { id: `product-saved-${product.key}` });
      return;
    }
    const { part, failure } = outcome.failed;
    placeErrors(failure.fieldErrors);
    const unsent = outcome.notSent.length
      ? ` The ${list(outcome.notSent)} ${outcome.notSent.length > 1 ? "were" : "was"} not sent.`
      : "";
    const stillHere = [part, ...outcome.notSent];
    setFormError(
      writeOutcome(failure) === "unchanged"
        ? `${capital(list(outcome.saved))} saved. The ${savePartLabels[part]} did not: ${failure.error}${unsent} Your edits to the ${list(stillHere)} are still here: check them and save again.`
        : `${capital(list(outcome.saved))} saved. Store Admin could not tell whether the ${savePartLabels[part]} did (${failure.error})${unsent} Reload the page to see what the store holds.`,
    );
  });

  const basics = (
    <BasicsSection
      register={register}
      errors={errors}
      hasOptions={optionRows.length > 0}
      currentType={initial.type}
      currentStatus={initial.status}
    />
  );
  const sections = (
    <>
      <PricingSection control={control} register={register} errors={errors} currency={currency} />
      <InventorySection
        control={control}
        register={register}
        errors={errors}
        currency={currency}
        shippingGroups={shippingGroups}
        taxGroups={taxGroups}
        currentShippingGroup={product?.shippingGroup ?? null}
        currentTaxGroup={product?.taxGroup ?? null}
      />
      <OptionsSection control={control} register={register} errors={errors} currency={currency} disabled={!canEdit} />
      <ExtrasSection control={control} errors={errors} currency={currency} disabled={!canEdit} />
      <CategoriesSection control={control} errors={errors} suggestions={categorySuggestions} disabled={!canEdit} />
      <FormBuilderSection control={control} errors={errors} disabled={!canEdit} />
      {canEdit ? <MetadataSection control={control} errors={errors} disabled={!canEdit} /> : null}
    </>
  );
  const label = creating ? "New product" : `Edit ${name}`;

  if (created) {
    return (
      <UploadChosenImages
        productKey={created.key}
        productName={created.name}
        chosen={chosen}
        onFinished={(uploaded) => {
          if (uploaded)
            toast.success(`Uploaded ${uploaded} ${uploaded === 1 ? "image" : "images"} to ${created.name}.`);
          router.push(`/products/${encodeURIComponent(created.key)}`);
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      {canEdit ? null : (
        <Notice tone="info" title="You can look, not change">
          Your store account lacks the permission to manage products, so this page is read-only. Ask someone who can
          manage products to give you access.
        </Notice>
      )}
      <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_11rem] xl:items-start xl:gap-8">
        {/*
         * The media come right after the basics, but save on their own and hold
         * forms of their own: the editor's form is in two parts around them
         * (HTML forms do not nest), both submitting the same way, and one Save bar
         * after them, sticky over the whole column.
         */}
        <div className="min-w-0 space-y-6">
          <form method="post" onSubmit={onSubmit} noValidate aria-label={`${label}: basics`}>
            <FormAlert message={formError} />
            <fieldset disabled={!canEdit} className="min-w-0">
              {basics}
            </fieldset>
          </form>
          {creating ? canEdit ? <ChooseImages chosen={chosen} onChange={setChosen} /> : null : media}
          <form id={formId} method="post" onSubmit={onSubmit} noValidate aria-label={label}>
            <fieldset disabled={!canEdit} className="min-w-0 space-y-6">
              {sections}
            </fieldset>
          </form>
          {canEdit ? (
            <SaveBar
              form={formId}
              control={control}
              baseline={baseline}
              currency={currency}
              creating={creating}
              pending={isSubmitting}
              problems={
                <FormErrors errors={errors} submitCount={submitCount} formId={formId} className="sm:order-first" />
              }
              onDiscard={() => {
                setFormError(null);
                reset(baseline);
              }}
            />
          ) : null}
          {product && canEdit ? <DeleteProduct product={product} onDeleted={() => reset(baseline)} /> : null}
        </div>
        <EditorIndexNav sections={sectionList} />
      </div>
    </div>
  );
}
