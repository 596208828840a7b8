import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProductEditorLoader } from "@/components/products/editor/editor-loader";
import { MediaSection } from "@/components/products/media/media-section";
import { StoreProblemNotice } from "@/components/store-problem";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { getProduct } from "@/lib/store/products/api";
import { loadEditorContext } from "@/lib/store/products/api";
import { loadFromStore } from "@/lib/store/load";

export const metadata: Metadata = { title: "Edit product" };

const back = { href: "/products", label: "Back to products" };

export default async function EditProductPage({ params }: { params: Promise<{ key: string }> }) {
  const { key } = await params;
  const here = `/products/${encodeURIComponent(key)}`;
  const session = await requireSession(here);
  // Reading products needs no permission (docs/contract.md#scopes-and-permissions):
  // without manage_products the page is a read-only view.
  const canEdit = mayUse(session.permissions, sectionAt("/products")!);

  const loaded = await loadFromStore(here, (store) => Promise.all([getProduct(store, key), loadEditorContext(store)]));
  if (!loaded.ok) {
    if (loaded.problem.status === 404) notFound();
    return (
      <>
        <PageHeader title="Edit product" back={back} />
        <StoreProblemNotice problem={loaded.problem} retryHref={here} back={back} />
      </>
    );
  }
  const [product, context] = loaded.data;
  return (
    <div className="max-w-5xl">
      <PageHeader title={product.name} description="Edit the product. Save sends only what changed." back={back} />
      <ProductEditorLoader
        product={product}
        currency={product.currency}
        categorySuggestions={context.categories}
        shippingGroups={context.shippingGroups}
        taxGroups={context.taxGroups}
        canEdit={canEdit}
        media={
          <MediaSection
            productKey={product.key}
            productName={product.name}
            images={product.images}
            videos={product.videos}
            canEdit={canEdit}
          />
        }
      />
    </div>
  );
}
