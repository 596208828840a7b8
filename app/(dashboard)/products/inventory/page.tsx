import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { InventoryEditor } from "@/components/products/inventory/inventory-editor";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { INVENTORY_CATALOGUE_URL } from "@/lib/store/products/model-inventory";

export const metadata: Metadata = { title: "Inventory" };

const here = "/products/inventory";

/**
 * The inventory (docs/bulk-editing.md#inventory): every option and extra of
 * the store with its stock, in the bulk grid. The rows stream in from
 * GET /api/products/bulk?with=stock once the page is up (preloaded here).
 */
export default async function InventoryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;
  const params = await searchParams;
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
  ).toString();
  return (
    <>
      <link rel="preload" href={INVENTORY_CATALOGUE_URL} as="fetch" crossOrigin="anonymous" />
      <PageHeader
        title="Inventory"
        description="The stock of every option and extra: filter what runs low, change counts, review, then save."
        back={{ href: "/products", label: "Back to products" }}
      />
      <InventoryEditor canWrite query={query} />
    </>
  );
}
