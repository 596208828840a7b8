import ArrowLeft from "lucide-react/icons/arrow-left";
import ReceiptText from "lucide-react/icons/receipt-text";
import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/no-access";
import { backToList } from "@/components/orders/detail/back";
import { PackingSlipView } from "@/components/orders/print/packing-slip";
import { PickListView } from "@/components/orders/print/pick-list";
import { PrintButton } from "@/components/orders/print/print-button";
import { StoreProblemNotice } from "@/components/store-problem";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { loadPackingSlips } from "@/lib/store/orders/api-slips";
import {
  type PrintPart,
  formatOrderNumbers,
  maxSlipOrders,
  parseOrderNumbers,
  pickList,
  pickableSlips,
  printPartLabels,
  printParts,
  readPrintPart,
} from "@/lib/store/orders/model-slips";

export const metadata: Metadata = { title: "Packing slips" };

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Back to the order it was opened from, or to the list as it was. */
function backFrom(param: string | string[] | undefined): { href: string; label: string } {
  const value = first(param)?.trim() ?? "";
  if (/^\/orders\/\d{1,15}$/.test(value)) return { href: value, label: `Back to order #${value.slice(8)}` };
  return { href: backToList(value), label: "Back to orders" };
}

/**
 * Packing slips and the pick list of chosen orders (issue 31;
 * docs/architecture.md#printing): `/orders/print?orders=1001-1004,1010`
 * (lib/store/orders/model-slips.ts printHref), `show` = the pick list and the
 * slips (default), `slips` or `pick`, `prices=1` adds unit prices to the slips,
 * `unpaid=1` counts the unpaid orders' items in the pick list (left out otherwise).
 * Everything is read here, on the server (lib/store/orders/api-slips.ts); the
 * browser's own print dialog prints it, one order per page.
 */
export default async function PrintPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const parsed = parseOrderNumbers(query.orders);
  const part = readPrintPart(query.show);
  const prices = first(query.prices) === "1";
  const includeUnpaid = first(query.unpaid) === "1";
  const back = backFrom(query.back);
  const href = (changes: { show?: PrintPart; prices?: boolean; unpaid?: boolean }) => {
    const next = new URLSearchParams({ orders: formatOrderNumbers(parsed.numbers) });
    const show = changes.show ?? part;
    if (show !== "all") next.set("show", show);
    if (changes.prices ?? prices) next.set("prices", "1");
    if (changes.unpaid ?? includeUnpaid) next.set("unpaid", "1");
    if (back.href !== "/orders") next.set("back", back.href);
    return `/orders/print?${next.toString()}`;
  };
  const here = href({});
  const session = await requireSession(here);
  const section = sectionAt("/orders")!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const title = part === "pick" ? "Pick list" : "Packing slips";
  const backLink = (
    <Link
      href={back.href}
      className="mb-2 inline-flex items-center gap-1 rounded-sm text-sm text-fg-muted underline-offset-4 hover:text-fg hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {back.label}
    </Link>
  );

  if (!parsed.numbers.length) {
    return (
      <>
        {backLink}
        <EmptyState
          as="h1"
          icon={ReceiptText}
          title="No orders to print"
          className="mt-4"
          action={
            <Link href="/orders" className={buttonClasses("primary")}>
              Choose orders
            </Link>
          }
        >
          {parsed.invalid.length
            ? `“${parsed.invalid.join("”, “")}” ${parsed.invalid.length === 1 ? "is not an order number" : "are not order numbers"}. `
            : ""}
          Choose orders in the list, then Print packing slips; or open an order and print its slip.
        </EmptyState>
      </>
    );
  }

  const loaded = await loadFromStore(here, (store) => loadPackingSlips(store, parsed.numbers));
  const header = (
    <div className="mb-6 print:hidden">
      {backLink}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-fg">{title}</h1>
          <p className="mt-1 text-sm text-fg-muted">
            {loaded.ok
              ? `${loaded.data.slips.length} ${loaded.data.slips.length === 1 ? "order" : "orders"}: one order per page. Print opens your browser's print dialog, where you choose the printer or save a PDF.`
              : "The orders could not be read."}
          </p>
        </div>
        {loaded.ok && loaded.data.slips.length ? <PrintButton /> : null}
      </div>
    </div>
  );

  if (!loaded.ok) {
    return (
      <>
        {header}
        <StoreProblemNotice problem={loaded.problem} retryHref={here} back={back} />
      </>
    );
  }
  const { slips, problems, productsUnavailable } = loaded.data;
  const pick = pickableSlips(slips, { includeUnpaid });
  const rows = part === "slips" ? [] : pickList(pick.picked);
  const missing = problems.filter((p) => p.kind === "missing");
  const failed = problems.filter((p) => p.kind === "failed");

  return (
    <>
      {header}
      <div className="mb-6 space-y-4 print:hidden">
        {problems.length || parsed.invalid.length || parsed.truncated ? (
          <Notice
            role="alert"
            tone="warning"
            title={
              slips.length
                ? `${problems.length + parsed.invalid.length} of what you chose cannot be printed; the other ${slips.length} ${slips.length === 1 ? "order prints" : "orders print"}.`
                : "None of these orders can be printed."
            }
          >
            <ul className="list-disc ps-5" aria-label="Not printed">
              {missing.map((p) => (
                <li key={p.number} data-slip-missing={p.number}>
                  #{p.number}: missing. {p.message} Check the number, or find the order in the list.
                </li>
              ))}
              {failed.map((p) => (
                <li key={p.number}>
                  #{p.number}: the store did not answer. {p.message}{" "}
                  <Link href={here} className="font-medium underline underline-offset-2" prefetch={false}>
                    Try again
                  </Link>
                </li>
              ))}
              {parsed.invalid.map((text) => (
                <li key={text}>“{text}” is not an order number.</li>
              ))}
              {parsed.truncated ? (
                <li>
                  At most {maxSlipOrders} orders print at a time: the first {maxSlipOrders} are here. Print the rest in
                  a second batch.
                </li>
              ) : null}
            </ul>
          </Notice>
        ) : null}
        {productsUnavailable.length ? (
          <Notice tone="info">
            {productsUnavailable.length === 1 ? "A product" : `${productsUnavailable.length} products`} of these orders
            could not be read from the catalogue: their lines show what the orders kept, and say so.
          </Notice>
        ) : null}
        {slips.length ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <nav aria-label="What to print">
              <ul className="flex flex-wrap gap-1 rounded-md border border-border bg-surface p-1">
                {printParts.map((p) => (
                  <li key={p}>
                    <Link
                      href={href({ show: p })}
                      aria-current={p === part ? "page" : undefined}
                      className={cn(
                        "inline-flex min-h-8 items-center rounded-sm px-3 text-sm font-medium",
                        p === part ? "bg-primary text-primary-fg" : "text-fg hover:bg-surface-hover",
                      )}
                    >
                      {printPartLabels[p]}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {part !== "pick" ? (
              <Link href={href({ prices: !prices })} className="text-sm text-accent underline-offset-4 hover:underline">
                {prices ? "Hide prices on the slips" : "Show prices on the slips"}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="space-y-6 print:space-y-0">
        {part !== "slips" && slips.length ? (
          <PickListView
            rows={rows}
            orderCount={pick.picked.length}
            storeName={session.storeName}
            unpaid={pick.unpaid}
            includeUnpaid={includeUnpaid}
            toggleUnpaidHref={href({ unpaid: !includeUnpaid })}
          />
        ) : null}
        {part !== "pick"
          ? slips.map((slip) => (
              <PackingSlipView key={slip.number} slip={slip} storeName={session.storeName} prices={prices} />
            ))
          : null}
      </div>
    </>
  );
}
