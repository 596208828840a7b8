import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { ImagesByNameLazy } from "@/components/products/images-by-name/images-by-name-lazy";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { INVENTORY_CATALOGUE_URL } from "@/lib/store/products/model-inventory";

export const metadata: Metadata = { title: "Images by file name" };

const here = "/products/images";

/**
 * Images to products by file name (docs/design.md#images-by-file-name): many
 * files or whole folders, each matched to a product by the SKU, option SKU or
 * slug its name starts with, checked and fixed in a table, then uploaded in
 * name order after each product's media. The catalogue it matches against
 * (the inventory's stream, options' SKUs included) starts with the page.
 */
export default async function ImagesByNamePage() {
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;
  return (
    <>
      <link rel="preload" href={INVENTORY_CATALOGUE_URL} as="fetch" crossOrigin="anonymous" />
      <PageHeader
        title="Images by file name"
        description="Drop product photos named after a SKU, an option’s SKU or a slug: check the matches, then upload them all."
        back={{ href: "/products", label: "Back to products" }}
      />
      <ImagesByNameLazy />
    </>
  );
}
