import type { ItemSnapshot } from "../db/schema/orders.js";
import { formatMoney, moneyRaw } from "../money/money.js";
import type { ExtraRow, OptionRow, ProductDetail } from "../products/products.js";
import { serializeExtra, serializeOption, serializeProduct } from "../products/serialize.js";
import type { OrderDetail, OrderDetails, OrderLineRow, ShipmentRow } from "./orders.js";

export interface OrderSerializeContext {
  currency: string;
  /** The store's public URL (products' urls; an order's url without a dashboard). */
  publicUrl: string;
  /** STORE_DASHBOARD_URL, when the store knows it: an order's url is its page there. */
  dashboardUrl: string | undefined;
  /** The base of media files' URLs (its lines' products' images). */
  mediaBase: string;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * An order's `url` (docs/contract.md#orders): its page in the dashboard,
 * `{STORE_DASHBOARD_URL}/orders/{n}`; without one, the order in the store's
 * own API, `{base_url}/api/v1/orders/{n}`.
 */
export function orderUrl(number: number, ctx: Pick<OrderSerializeContext, "publicUrl" | "dashboardUrl">): string {
  if (ctx.dashboardUrl) return `${ctx.dashboardUrl.replace(/\/+$/, "")}/orders/${number}`;
  return `${ctx.publicUrl}/api/v1/orders/${number}`;
}

/** A snapshot read back as the item row it was (for an option or extra deleted since). */
function fromSnapshot(s: ItemSnapshot, productId: number): OptionRow {
  return {
    id: s.id,
    key: s.key,
    productId,
    isDefault: s.isDefault ?? false,
    metadata: s.metadata,
    quantity: s.quantity,
    surcharge: s.surcharge,
    cost: s.cost,
    weight: s.weight,
    sku: "",
    fetchSku: s.fetchSku ?? "",
    order: s.order,
    createdAt: new Date(0),
  };
}

/**
 * Serializes orders. The full products of their lines are serialized once
 * each, however many lines name them (a page of orders names few products
 * many times).
 */
export class OrderSerializer {
  private readonly products = new Map<number, ReturnType<typeof serializeProduct>>();

  constructor(
    private readonly details: Map<number, ProductDetail>,
    private readonly ctx: OrderSerializeContext,
  ) {}

  static of(details: OrderDetails, ctx: OrderSerializeContext) {
    return new OrderSerializer(details.products, ctx);
  }

  private product(id: number | null) {
    if (id === null) return null;
    const detail = this.details.get(id);
    if (!detail) return null;
    let serialized = this.products.get(id);
    if (!serialized) {
      serialized = serializeProduct(detail, this.ctx);
      this.products.set(id, serialized);
    }
    return serialized;
  }

  private line(line: OrderLineRow, currency: string) {
    const detail = line.productId === null ? undefined : this.details.get(line.productId);
    // The option and extras as they are now; as they were when ordered once deleted.
    const current =
      line.optionId === null
        ? undefined
        : detail && [detail.defaultOption, ...detail.options].find((o) => o.id === line.optionId);
    const option = current ?? fromSnapshot(line.option, line.productId ?? 0);
    const extras = line.extras.map(
      (s): ExtraRow => detail?.extras.find((e) => e.id === s.id) ?? fromSnapshot(s, line.productId ?? 0),
    );
    const subtotal = line.unitPrice * line.quantity;
    return {
      name: line.name,
      currency,
      price: formatMoney(line.unitPrice, currency),
      price_raw: moneyRaw(line.unitPrice, currency),
      quantity: line.quantity,
      subtotal: formatMoney(subtotal, currency),
      subtotal_raw: moneyRaw(subtotal, currency),
      product: this.product(line.productId),
      product_option: serializeOption(option, currency),
      extras: extras.map((e) => serializeExtra(e, currency)),
    };
  }

  order({ order: o, lines, shipments }: OrderDetail) {
    const c = o.currency;
    const money = (minor: number) => formatMoney(minor, c);
    const raw = (minor: number) => moneyRaw(minor, c);
    return {
      order_number: o.number,
      custom_id: o.customId,
      created: seconds(o.createdAt),
      currency: c,
      billing_address: o.billingAddress,
      shipping_address: o.shippingAddress,
      coupon:
        o.couponCode === null
          ? null
          : { id: o.couponId, name: o.couponName ?? "", type: o.couponType ?? "", code: o.couponCode },
      discount: o.discount,
      fulfilled: o.fulfilled,
      cancelled: o.cancelled,
      payment_gateway: o.paymentGateway as "stripe" | "paypal" | "square" | "authorize_net" | null,
      payment_state: o.paymentState as "paid" | "pending" | "failed",
      line_items: lines.map((l) => this.line(l, c)),
      shipments: shipments.map((s) => serializeShipment(s, c)),
      shipping: money(o.shipping),
      shipping_raw: raw(o.shipping),
      subtotal: money(o.subtotal),
      subtotal_raw: raw(o.subtotal),
      tax: money(o.tax),
      tax_raw: raw(o.tax),
      total: money(o.total),
      total_raw: raw(o.total),
      url: orderUrl(o.number, this.ctx),
    };
  }
}

export function serializeShipment(s: ShipmentRow, currency: string) {
  return {
    label_created: seconds(s.labelCreated),
    ship_date: s.shipDate,
    carrier: s.carrier,
    service: s.service,
    tracking_number: s.trackingNumber,
    shipping_cost: moneyRaw(s.shippingCost, currency),
  };
}

/** Every order of `details`, in their order. */
export function serializeOrders(details: OrderDetails, ctx: OrderSerializeContext) {
  const serializer = OrderSerializer.of(details, ctx);
  return details.orders.map((d) => serializer.order(d));
}
