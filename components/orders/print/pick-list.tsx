import Link from "next/link";
import { type PickRow, pickTotal, valuesText } from "@/lib/store/orders/model-slips";

const ordersText = (row: PickRow) =>
  row.orders.map((o) => (o.quantity === 1 ? `#${o.number}` : `#${o.number} ×${o.quantity}`)).join(", ");

/**
 * The pick list (docs/architecture.md#printing): every product option of the
 * chosen orders once, with how many in all and for which orders, by SKU, so
 * that a picker walks the shelves once. Extras that are stock items (gift
 * wrap) have rows of their own, after the SKUs.
 *
 * Orders that are not paid are left out of it unless the person includes
 * them (`unpaid`, `includeUnpaid`: lib/store/orders/model-slips.ts
 * `pickableSlips`); it says which, on paper too, and links to the other way.
 */
export function PickListView({
  rows,
  orderCount,
  storeName,
  unpaid = [],
  includeUnpaid = false,
  toggleUnpaidHref,
}: {
  rows: readonly PickRow[];
  orderCount: number;
  storeName: string;
  /** The chosen orders that are not paid, and why. */
  unpaid?: readonly { number: number; reason: string }[];
  includeUnpaid?: boolean;
  /** The same view with the unpaid orders included (or left out again). */
  toggleUnpaidHref?: string;
}) {
  const total = pickTotal(rows);
  return (
    <section
      aria-labelledby="pick-list"
      data-pick-list
      className="rounded-lg border border-border bg-surface p-4 sm:p-6 print:rounded-none print:border-0 print:p-0 [&:not(:last-child)]:break-after-page"
    >
      <p className="text-lg font-semibold break-words text-fg">{storeName}</p>
      <h2 id="pick-list" className="text-sm text-fg-muted">
        Pick list ·{" "}
        <span className="text-fg">
          {total.toLocaleString("en")} {total === 1 ? "item" : "items"} for {orderCount.toLocaleString("en")}{" "}
          {orderCount === 1 ? "order" : "orders"}
        </span>
      </h2>
      {unpaid.length ? (
        <div
          data-pick-unpaid
          className="mt-3 rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning-soft-fg print:border-2"
        >
          <p className="font-medium">
            {unpaid.length === 1 ? "1 order is not paid" : `${unpaid.length} orders are not paid`}
            {includeUnpaid ? `, and ${unpaid.length === 1 ? "its" : "their"} items are counted: ` : " and left out: "}
            {unpaid.map((o) => `#${o.number} (${o.reason})`).join(", ")}.
          </p>
          {toggleUnpaidHref ? (
            <Link
              href={toggleUnpaidHref}
              className="mt-1 inline-block font-medium underline underline-offset-2 print:hidden"
            >
              {includeUnpaid
                ? "Leave the unpaid orders out"
                : `Count ${unpaid.length === 1 ? "its items" : "their items"} too`}
            </Link>
          ) : null}
        </div>
      ) : null}
      {rows.length ? (
        <table className="mt-4 w-full border-collapse text-start text-sm" aria-label="Items to pick, by SKU">
          <thead className="print:table-header-group">
            <tr className="border-b border-border-strong">
              <th scope="col" className="py-2 pe-3 text-start font-medium text-fg-muted">
                SKU
              </th>
              <th scope="col" className="py-2 pe-3 text-start font-medium text-fg-muted">
                Item
              </th>
              <th scope="col" className="py-2 pe-3 text-end font-medium text-fg-muted">
                Qty
              </th>
              <th scope="col" className="py-2 text-start font-medium text-fg-muted max-sm:hidden print:table-cell">
                Orders
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => {
              const values = valuesText(row.values);
              return (
                <tr key={row.id} className="align-top break-inside-avoid" data-pick-row>
                  <td className="py-2 pe-3 font-mono text-xs break-all text-fg" data-pick-sku>
                    {row.sku || <span className="font-sans text-fg-muted">No SKU</span>}
                  </td>
                  <td className="py-2 pe-3 text-fg">
                    <span className="block font-medium break-words" data-pick-name>
                      {row.kind === "extra" ? `Extra: ${values || "an extra"}` : row.name}
                    </span>
                    {row.kind === "extra" ? (
                      <span className="block text-fg-muted">With {row.name}</span>
                    ) : values ? (
                      <span className="block text-fg-muted" data-pick-values>
                        {values}
                      </span>
                    ) : null}
                    {row.gone ? (
                      <span className="block text-xs text-fg-muted italic">No longer in the catalogue</span>
                    ) : null}
                    {/* On a phone the orders go under the item: four columns do not fit 390 px. */}
                    <span className="block text-xs text-fg-muted sm:hidden print:hidden">For {ordersText(row)}</span>
                  </td>
                  <td className="py-2 pe-3 text-end text-base font-semibold text-fg tabular-nums" data-pick-quantity>
                    {row.quantity}
                  </td>
                  <td className="py-2 text-xs text-fg-muted max-sm:hidden print:table-cell">{ordersText(row)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="mt-3 text-sm text-fg">
          {orderCount ? "The chosen orders hold no items to pick." : "No paid order is chosen: nothing to pick."}
        </p>
      )}
    </section>
  );
}
