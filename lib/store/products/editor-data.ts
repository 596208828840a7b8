import "server-only";
import type { StoreClient } from "../client";
import { listAllProducts } from "./api";
import type { GroupChoices } from "./edit";
import { listGroupChoices } from "./editor-api";

export interface EditorContext {
  /** The catalogue's currency (of its first product); null for an empty catalogue. */
  currency: string | null;
  /** Every category name the catalogue uses, for the tag input's suggestions. */
  categories: string[];
  shippingGroups: GroupChoices;
  taxGroups: GroupChoices;
}

/**
 * What the editor offers beside the product: the categories in use (the API
 * lists none, so every product is read: docs/contract.md#catalogue-and-settings)
 * and the shipping and tax groups. None of it is needed to edit: a failure
 * leaves it empty rather than failing the page.
 */
export async function loadEditorContext(store: StoreClient): Promise<EditorContext> {
  const [products, shippingGroups, taxGroups] = await Promise.all([
    listAllProducts(store).catch(() => null),
    listGroupChoices(store, "shipping_groups").catch((): GroupChoices => ({ status: "failed", groups: [] })),
    listGroupChoices(store, "tax_groups").catch((): GroupChoices => ({ status: "failed", groups: [] })),
  ]);
  const names = new Map<string, string>();
  for (const product of products ?? [])
    for (const name of product.categories)
      if (!names.has(name.toLocaleLowerCase())) names.set(name.toLocaleLowerCase(), name);
  return {
    currency: products?.[0]?.currency ?? null,
    categories: [...names.values()].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })),
    shippingGroups,
    taxGroups,
  };
}
