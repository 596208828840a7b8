import type { Control, FieldErrors, UseFormRegister } from "react-hook-form";
import type { ProductDraft } from "@/lib/store/products/edit";

/** What every section of the editor gets from the form (react-hook-form). */
export interface SectionProps {
  control: Control<ProductDraft>;
  register: UseFormRegister<ProductDraft>;
  errors: FieldErrors<ProductDraft>;
  /** The store's currency (ISO code): money is typed in it. */
  currency: string;
}
