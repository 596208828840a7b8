import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { ProductEditorLoader } from "@/components/products/editor/editor-loader";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import type { GroupChoices } from "@/lib/store/products/edit";
import { type EditorContext, loadEditorContext } from "@/lib/store/products/api";
import { loadFromStore } from "@/lib/store/load";

export const metadata: Metadata = { title: "New product" };

const here = "/products/new";

export default async function NewProductPage() {
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  // Suggestions and pickers only: a failure leaves them empty (loadEditorContext).
  const context = await loadFromStore(here, loadEditorContext);
  const failed: GroupChoices = { status: "failed", groups: [] };
  const data: EditorContext = context.ok
    ? context.data
    : { currency: null, categories: [], shippingGroups: failed, taxGroups: failed };
  return (
    <div className="max-w-5xl">
      <PageHeader
        title="New product"
        description="Fill in what you know. Images you choose are uploaded once it is created; videos can be added then."
        back={{ href: "/products", label: "Back to products" }}
      />
      <ProductEditorLoader
        product={null}
        currency={data.currency ?? "USD"}
        categorySuggestions={data.categories}
        shippingGroups={data.shippingGroups}
        taxGroups={data.taxGroups}
        canEdit
      />
    </div>
  );
}
