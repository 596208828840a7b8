import type { Metadata } from "next";
import { CATALOGUE_URL } from "@/components/grid";
import { NoAccess } from "@/components/no-access";
import { BulkEditor } from "@/components/products/bulk/bulk-editor";
import { StoreProblemNotice } from "@/components/store-problem";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { loadBulkContext } from "@/lib/store/products/api-bulk";
import { loadFromStore } from "@/lib/store/load";

export const metadata: Metadata = { title: "Bulk edit products" };

const here = "/products/bulk";

/**
 * Bulk editing (docs/bulk-editing.md): every product of the store in one
 * spreadsheet-like grid. The page reads what the grid needs beside the
 * products (currency, shipping and tax groups); the products themselves
 * stream in from GET /api/products/bulk once the page is up, so that a big
 * catalogue never holds the first paint back.
 */
export default async function BulkEditPage() {
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;
  const context = await loadFromStore(here, loadBulkContext);
  const header = (
    <PageHeader
      title="Bulk edit"
      description="Every product in one grid: change hundreds at once, review, then save."
      back={{ href: "/products", label: "Back to products" }}
    />
  );
  if (!context.ok) {
    return (
      <>
        {header}
        <StoreProblemNotice problem={context.problem} retryHref={here} />
      </>
    );
  }
  const { currency, shippingGroups, taxGroups, note } = context.data;
  return (
    <>
      {/* The catalogue's stream starts with the page, not once its scripts have run (a second or so
          later): the grid's fetch (use-catalogue.ts) takes over this request, same address, mode and
          credentials. Only here, after the reads above succeeded: a store that is down would fail it a
          second time, in the console. */}
      <link rel="preload" href={CATALOGUE_URL} as="fetch" crossOrigin="anonymous" />
      {header}
      <BulkEditor ctx={{ currency: currency ?? "USD", shippingGroups, taxGroups }} canWrite groupsNote={note} />
    </>
  );
}
