import Link from "next/link";
import type { ReactNode } from "react";
import { formatMoney } from "@/lib/money";
import { countryName, regionWords, usRegions } from "@/lib/places";
import {
  type Address,
  type Order,
  type OrderLine,
  dayText,
  extraLabel,
  lineTotal,
  discountAmount,
  money,
  optionLabel,
  personName,
} from "@/lib/store/orders/model";
import { Card } from "../../ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table";
import { CopyText } from "./copy-text";

/*
 * The parts of an order's page (app/(dashboard)/orders/[number]/page.tsx):
 * what was ordered, by whom, where it goes, what it cost. Server components:
 * no JavaScript of their own but the copy buttons.
 */

function sameAddress(a: Address | null, b: Address | null): boolean {
  if (!a || !b) return false;
  return (Object.keys(a) as (keyof Address)[]).every(
    (key) => a[key].trim().toLowerCase() === b[key].trim().toLowerCase(),
  );
}

function regionText(address: Address): string {
  if (address.country === "US" && Object.hasOwn(usRegions, address.state.toUpperCase()))
    return address.state.toUpperCase();
  // Outside the US the API's region is camel-cased ("NewSouthWales"): on a parcel, in words.
  return regionWords(address.state);
}

/** An address as it is written on a parcel, with the country by name. */
export function PostalAddress({ address, withContact = false }: { address: Address; withContact?: boolean }) {
  const cityLine = [address.city, [regionText(address), address.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const lines = [
    [address.firstName, address.lastName].filter(Boolean).join(" "),
    address.street1,
    address.street2,
    cityLine,
    address.country ? countryName(address.country) : "",
  ].filter(Boolean);
  return (
    <address className="text-sm text-fg not-italic">
      {lines.map((line, i) => (
        <span key={i} className="block break-words" suppressHydrationWarning>
          {line}
        </span>
      ))}
      {withContact ? <Contact address={address} /> : null}
    </address>
  );
}

function Contact({ address }: { address: Address }) {
  return (
    <>
      {address.email ? (
        <a
          href={`mailto:${address.email}`}
          className="mt-1 block text-sm break-all text-primary underline-offset-4 hover:underline"
        >
          {address.email}
        </a>
      ) : null}
      {address.phone ? (
        <a
          href={`tel:${address.phone.replace(/[^\d+]/g, "")}`}
          className="block text-sm text-primary underline-offset-4 hover:underline"
        >
          {address.phone}
        </a>
      ) : null}
    </>
  );
}

function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-fg-muted">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

export function CustomerCard({ order }: { order: Order }) {
  const billing = order.billing;
  const shipping = order.shipping;
  const name = personName(billing ?? shipping);
  return (
    <Card id="order-customer" title="Customer">
      <dl className="space-y-4">
        <Term term="Name">
          <span className="text-sm text-fg">{name || "Not given"}</span>
          {billing ? <Contact address={billing} /> : null}
        </Term>
        <Term term="Billing address">
          {billing ? <PostalAddress address={billing} /> : <span className="text-sm text-fg-muted">Not given</span>}
        </Term>
        <Term term="Shipping address">
          {shipping && sameAddress(billing, shipping) ? (
            <span className="text-sm text-fg">Same as billing</span>
          ) : shipping ? (
            <PostalAddress
              address={shipping}
              withContact={shipping.email !== billing?.email || shipping.phone !== billing?.phone}
            />
          ) : (
            <span className="text-sm text-fg-muted">Not given</span>
          )}
        </Term>
      </dl>
    </Card>
  );
}

function LineName({ line }: { line: OrderLine }) {
  const key = line.product?.key;
  const option = optionLabel(line.option);
  return (
    <div className="min-w-0">
      {key ? (
        <Link
          href={`/products/${encodeURIComponent(key)}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {line.name}
        </Link>
      ) : (
        <span className="font-medium">{line.name}</span>
      )}
      {option ? <span className="block text-sm text-fg-muted">{option}</span> : null}
      {line.extras.length ? (
        <ul aria-label={`Extras of ${line.name}`} className="mt-1 text-sm text-fg-muted">
          {line.extras.map((extra, i) => (
            <li key={extra.key || i}>
              + {extraLabel(extra) || "Extra"}
              {extra.surcharge ? ` (${formatMoney(extra.surcharge, line.currency)})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function LinesCard({ order }: { order: Order }) {
  return (
    <Card id="order-items" title="Items">
      {order.lines.length ? (
        <Table aria-label={`Items of order #${order.number}`} stackOnMobile>
          <TableHeader>
            <TableRow>
              <TableHead>Product</TableHead>
              <TableHead numeric>Unit price</TableHead>
              <TableHead numeric>Quantity</TableHead>
              <TableHead numeric>Total</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {order.lines.map((line, i) => (
              <TableRow key={i}>
                <TableCell label="Product">
                  <LineName line={line} />
                </TableCell>
                <TableCell label="Unit price" numeric>
                  {formatMoney(line.price, line.currency)}
                </TableCell>
                <TableCell label="Quantity" numeric>
                  {line.quantity}
                </TableCell>
                <TableCell label="Total" numeric className="font-medium">
                  {formatMoney(lineTotal(line), line.currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="text-sm text-fg-muted">The store sent no items for this order.</p>
      )}
      <p className="mt-3 text-sm text-fg-muted">Unit prices are without extras; line totals include them.</p>
    </Card>
  );
}

export function ShipmentsCard({ order }: { order: Order }) {
  return (
    <Card id="order-shipments" title="Shipments">
      {order.shipments.length ? (
        <Table aria-label={`Shipments of order #${order.number}`} stackOnMobile>
          <TableHeader>
            <TableRow>
              <TableHead>Carrier</TableHead>
              <TableHead>Service</TableHead>
              <TableHead>Tracking number</TableHead>
              <TableHead>Ship date</TableHead>
              <TableHead numeric>Cost</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {order.shipments.map((shipment, i) => (
              <TableRow key={i}>
                <TableCell label="Carrier" className="font-medium">
                  {shipment.carrier || "Not given"}
                </TableCell>
                <TableCell label="Service">{shipment.service || "Not given"}</TableCell>
                <TableCell label="Tracking number">
                  {shipment.trackingNumber ? (
                    <CopyText text={shipment.trackingNumber} what="tracking number" />
                  ) : (
                    "Not given"
                  )}
                </TableCell>
                <TableCell label="Ship date">{shipment.shipDate ? dayText(shipment.shipDate) : "Not given"}</TableCell>
                <TableCell label="Cost" numeric>
                  {shipment.shippingCost === null ? "Not given" : money(order, shipment.shippingCost)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="text-sm text-fg-muted">No shipments yet.</p>
      )}
    </Card>
  );
}

function Row({ term, children, strong = false }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong ? "flex justify-between gap-4 border-t border-border pt-3 font-semibold" : "flex justify-between gap-4"
      }
    >
      <dt className={strong ? "text-fg" : "text-fg-muted"}>{term}</dt>
      <dd className="text-end tabular-nums text-fg">{children}</dd>
    </div>
  );
}

export function TotalsCard({ order }: { order: Order }) {
  const coupon = order.coupon;
  const couponText = coupon ? [coupon.name, coupon.code ? `code ${coupon.code}` : ""].filter(Boolean).join(", ") : "";
  const off = order.discount || coupon ? discountAmount(order) : null;
  return (
    <Card id="order-totals" title="Totals" description={`In ${order.currency}.`}>
      <dl className="space-y-2 text-sm">
        {/* In the new order's preview's order: the discount comes off the subtotal, then shipping and tax. */}
        <Row term="Subtotal">{money(order, order.subtotal)}</Row>
        <Row term="Discount">
          {order.discount || coupon ? (
            <>
              {off !== null ? `−${money(order, off)}` : order.discount || "Coupon"}
              {off !== null && order.discount ? <span className="block text-fg-muted">{order.discount}</span> : null}
              {couponText ? <span className="block text-fg-muted">{couponText}</span> : null}
            </>
          ) : (
            "None"
          )}
        </Row>
        <Row term="Shipping">{money(order, order.shippingCharge)}</Row>
        <Row term="Tax">{money(order, order.tax)}</Row>
        <Row term="Total" strong>
          {money(order, order.total)}
        </Row>
      </dl>
    </Card>
  );
}

export function DetailsCard({ order }: { order: Order }) {
  return (
    <Card id="order-details" title="Details">
      <dl className="space-y-2 text-sm">
        <Row term="Order number">#{order.number}</Row>
        <Row term="Custom id">{order.customId || "None"}</Row>
        <Row term="Items">{order.itemCount}</Row>
      </dl>
    </Card>
  );
}
