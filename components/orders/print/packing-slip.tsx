import { LocalDate } from "@/components/coupons/local-date";
import { formatMoney } from "@/lib/money";
import { type PackingSlip, slipItemCount, slipUnpaidReason, valuesText } from "@/lib/store/orders/model-slips";
import { PostalAddress } from "../detail/order-view";

/**
 * One order's packing slip, one printed page (docs/architecture.md#printing):
 * the store's name, the order's number and date, where it goes, and each line
 * with its option's values, its extras, its SKU and how many. Unit prices only
 * when asked for: a slip often travels in a gift. An order that is not paid
 * is marked at the top ("Not paid: Payment pending"), on screen and on paper,
 * so that it is not packed by mistake.
 */
export function PackingSlipView({
  slip,
  storeName,
  prices = false,
}: {
  slip: PackingSlip;
  storeName: string;
  prices?: boolean;
}) {
  const headingId = `slip-${slip.number}`;
  const items = slipItemCount(slip);
  const unpaid = slipUnpaidReason(slip);
  return (
    <article
      aria-labelledby={headingId}
      data-slip={slip.number}
      // One order per sheet: a page break after each slip but the last (which would leave a blank page).
      className="rounded-lg border border-border bg-surface p-4 break-inside-avoid-page sm:p-6 print:rounded-none print:border-0 print:p-0 [&:not(:last-child)]:break-after-page"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 border-b border-border pb-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words text-fg" data-slip-store>
            {storeName}
          </p>
          <h2 id={headingId} className="text-sm text-fg-muted">
            Packing slip · <span className="font-medium text-fg">Order #{slip.number}</span>
          </h2>
          {unpaid ? (
            <p
              data-slip-unpaid
              className="mt-2 inline-block rounded-sm border border-warning-border bg-warning-soft px-2 py-0.5 text-sm font-semibold text-warning-soft-fg print:border-2"
            >
              Not paid: {unpaid}. Check before packing.
            </p>
          ) : null}
        </div>
        <dl className="text-sm">
          <div className="flex gap-2">
            <dt className="text-fg-muted">Order</dt>
            <dd className="font-medium text-fg">#{slip.number}</dd>
          </div>
          {slip.created !== null ? (
            <div className="flex gap-2">
              <dt className="text-fg-muted">Date</dt>
              <dd className="text-fg">
                <LocalDate seconds={slip.created} />
              </dd>
            </div>
          ) : null}
        </dl>
      </header>

      <section aria-label={`Ship to, order #${slip.number}`} className="mt-3">
        <h3 className="text-sm font-medium text-fg-muted">
          {slip.shipToIsBilling ? "Ship to (billing address)" : "Ship to"}
        </h3>
        <div className="mt-1" data-slip-address>
          {slip.shipTo ? (
            <PostalAddress address={slip.shipTo} />
          ) : (
            <p className="text-sm text-fg">The order has no address: check it with the customer before sending.</p>
          )}
        </div>
      </section>

      <table className="mt-4 w-full border-collapse text-start text-sm" aria-label={`Items of order #${slip.number}`}>
        <thead>
          <tr className="border-b border-border-strong">
            <th scope="col" className="py-2 pe-3 text-start font-medium text-fg-muted">
              Item
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium text-fg-muted">
              SKU
            </th>
            {prices ? (
              <th scope="col" className="py-2 pe-3 text-end font-medium text-fg-muted">
                Price
              </th>
            ) : null}
            <th scope="col" className="py-2 text-end font-medium text-fg-muted">
              Qty
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {slip.lines.map((line, index) => {
            const option = valuesText(line.optionValues);
            return (
              <tr key={index} className="align-top break-inside-avoid" data-slip-line>
                <td className="py-2 pe-3 text-fg">
                  <span className="block font-medium break-words">{line.name}</span>
                  {option ? <span className="block text-fg-muted">{option}</span> : null}
                  {line.extras.map((extra, i) => (
                    <span key={i} className="block text-fg-muted">
                      + {valuesText(extra.values) || "An extra"}
                    </span>
                  ))}
                  {line.product === "gone" ? (
                    <span className="block text-xs text-fg-muted italic">No longer in the catalogue: as ordered.</span>
                  ) : line.product === "unknown" ? (
                    <span className="block text-xs text-fg-muted italic">
                      The store did not say more of this product: as ordered.
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pe-3 font-mono text-xs break-all text-fg" data-slip-sku>
                  {line.sku || <span className="font-sans text-fg-muted">No SKU</span>}
                </td>
                {prices ? (
                  <td className="py-2 pe-3 text-end text-fg tabular-nums">
                    {line.unitPrice !== null ? formatMoney(line.unitPrice, slip.currency) : ""}
                  </td>
                ) : null}
                <td className="py-2 text-end text-base font-semibold text-fg tabular-nums" data-slip-quantity>
                  {line.quantity}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="border-t border-border-strong">
            <th scope="row" colSpan={prices ? 3 : 2} className="py-2 pe-3 text-start font-medium text-fg">
              Items in this parcel
            </th>
            <td className="py-2 text-end text-base font-semibold text-fg tabular-nums">{items}</td>
          </tr>
        </tfoot>
      </table>
      {slip.lines.length === 0 ? <p className="mt-3 text-sm text-fg">The store lists no items in this order.</p> : null}
    </article>
  );
}
