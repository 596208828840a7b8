import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachedRead } from "../../../api/cached-read.js";
import { resource } from "../../../api/routes.js";
import { apiErrors } from "../../../api/schemas.js";
import { recordCouponHit } from "../../../coupons/counting.js";
import {
  fulfilmentExtras,
  ORDER_FULFILMENT_HEADER,
  ORDER_FULFILMENT_OFFER,
  recordShipment,
  updateOrderBody,
} from "../../../orders/fulfilment.js";
import { sendOrderConfirmation, sendShippedNotice } from "../../../orders/mail.js";
import { countOrders, createOrder, getOrder, listOrders, orderDetails, updateOrder } from "../../../orders/orders.js";
import {
  createOrderBody,
  ORDER_PAGE_SIZE,
  ORDER_STATES,
  type OrderState,
  orderCount,
  orderCreated,
  orderList,
  orderNumberParams,
  order,
  orderUpdated,
} from "../../../orders/schemas.js";
import { ORDER_SEARCH_HEADER, type OrderFilter, orderListQuery, searchWords } from "../../../orders/search.js";
import { serializeOrders } from "../../../orders/serialize.js";
import { mediaBaseUrl } from "../../../media/storage.js";

const tags = ["Orders"];

const STATE_SUMMARY: Record<OrderState, string> = {
  fulfilled: "fulfilled orders (not cancelled)",
  unfulfilled: "unfulfilled orders (not cancelled)",
  paid: "orders whose payment is complete",
  pending: "orders whose payment is pending",
  failed: "orders whose payment failed",
};

/** The coupon code an order request names, read from the body as it came (valid or not). */
function couponNamed(request: FastifyRequest): string | null {
  const body: unknown = request.body;
  if (!body || typeof body !== "object" || !("coupon" in body)) return null;
  const code = body.coupon;
  return typeof code === "string" && code.trim() && code.length <= 256 ? code : null;
}

/** /api/v1/orders, its state lists and counts, and /api/v1/orders/:order_number (docs/contract.md#orders). */
const ordersRoutes: FastifyPluginAsyncZod = async (api) => {
  const { db, config, mailer } = api;
  // Read per request: publicUrl may be settled after the app is built (a port picked at listen).
  const ctx = () => ({
    currency: config.currency,
    publicUrl: config.publicUrl,
    dashboardUrl: config.dashboardUrl,
    mediaBase: mediaBaseUrl(config),
  });
  const mail = { mailer, storeName: config.storeName };

  // A coupon's hits count every order request that names one of its codes, refused ones included
  // (docs/contract.md#coupons): once the request's transaction has ended, whatever its answer, and
  // before the answer goes out, so that whoever reads the coupon next sees it.
  api.addHook("onSend", async (request, _reply, payload) => {
    if (request.method !== "POST" || request.routeOptions.url !== "/api/v1/orders") return payload;
    const code = couponNamed(request);
    if (code) {
      try {
        await recordCouponHit(db, code);
      } catch (err) {
        request.log.error({ err }, "could not count a coupon's hit");
      }
    }
    return payload;
  });

  const page = async (
    filter: OrderFilter,
    query: { page?: number | undefined; count?: number | undefined; q?: string | undefined },
  ) => {
    const customer = query.q === undefined ? undefined : searchWords(query.q);
    const { details, total } = await db.transaction(async (tx) => {
      const found = await listOrders(
        tx,
        { ...filter, customer },
        query.page ?? 0,
        query.count ?? ORDER_PAGE_SIZE.default,
      );
      return { details: await orderDetails(tx, found.rows), total: found.total };
    });
    // The search extension says it searched: a store without it lists every order, without the header.
    const headers = customer ? { [ORDER_SEARCH_HEADER]: "applied" } : undefined;
    return { body: serializeOrders(details, ctx()), total, headers };
  };

  resource(api, "/orders", {
    GET: {
      schema: {
        tags,
        summary: "List orders",
        description:
          "Newest first. X-Total-Count carries the number of orders (since created_since, when given; matching q, " +
          "an extension).",
        querystring: orderListQuery,
        response: { 200: orderList, ...apiErrors },
      },
      handler: async (request, reply) =>
        cachedRead(request, reply, orderList, () => page({ createdSince: request.query.created_since }, request.query)),
    },
    POST: {
      schema: {
        tags,
        summary: "Create an order",
        description:
          "An API order: payment_state paid, payment_gateway null, not fulfilled. Lines are line_N_… fields, N " +
          "from 1 without gaps (a gap is a 400). Stock goes down (more than is in stock is a 422 naming the line's " +
          "quantity). total, shipping and tax are stored as given, or computed from the products' shipping and tax " +
          "groups and the coupon. Answers a list holding the order. Sends the order confirmation unless " +
          "send_notifications=false.",
        body: createOrderBody(config.currency),
        response: { 201: orderCreated, ...apiErrors },
      },
      handler: async (request, reply) => {
        const now = new Date();
        const details = await db.transaction(async (tx) => {
          const row = await createOrder(tx, request.body, { currency: config.currency, now });
          const created = await orderDetails(tx, [row]);
          await sendOrderConfirmation(tx, created.orders[0]!, mail);
          return created;
        });
        void mailer.deliver();
        return reply.status(201).send(serializeOrders(details, ctx()));
      },
    },
  });

  resource(api, "/orders/count", {
    GET: {
      schema: { tags, summary: "Count all orders", response: { 200: orderCount, ...apiErrors } },
      handler: async (request, reply) =>
        cachedRead(request, reply, orderCount, async () => ({ body: { count: await countOrders(db) } })),
    },
  });

  for (const state of ORDER_STATES) {
    resource(api, `/orders/${state}`, {
      GET: {
        schema: {
          tags,
          summary: `List ${STATE_SUMMARY[state]}`,
          description: "Newest first, paged like the orders list; X-Total-Count carries how many there are.",
          querystring: orderListQuery,
          response: { 200: orderList, ...apiErrors },
        },
        handler: async (request, reply) =>
          cachedRead(request, reply, orderList, () =>
            page({ state, createdSince: request.query.created_since }, request.query),
          ),
      },
    });
    resource(api, `/orders/${state}/count`, {
      GET: {
        schema: { tags, summary: `Count ${STATE_SUMMARY[state]}`, response: { 200: orderCount, ...apiErrors } },
        handler: async (request, reply) =>
          cachedRead(request, reply, orderCount, async () => ({ body: { count: await countOrders(db, { state }) } })),
      },
    });
  }

  resource(api, "/orders/:order_number", {
    GET: {
      schema: {
        tags,
        summary: "Get an order",
        description:
          "Extension: the answer carries `X-Order-Fulfilment: shipment, notify`: this store's PUT takes a shipment " +
          "(carrier, service, tracking_number, ship_date) and notify with fulfilled=true. A store without the " +
          "extension sends no such header.",
        params: orderNumberParams,
        response: { 200: order, ...apiErrors },
      },
      handler: async (request, reply) =>
        cachedRead(request, reply, order, async () => {
          const details = await db.transaction(async (tx) =>
            orderDetails(tx, [await getOrder(tx, request.params.order_number)]),
          );
          // The fulfilment extension says what it takes, so that a client knows before it offers a form.
          return {
            body: serializeOrders(details, ctx())[0]!,
            headers: { [ORDER_FULFILMENT_HEADER]: ORDER_FULFILMENT_OFFER },
          };
        }),
    },
    PUT: {
      schema: {
        tags,
        summary: "Fulfil or cancel an order",
        description:
          "fulfilled=true fulfils (and sends the shipping notice unless the order's notifications are off); " +
          "fulfilled=false takes a fulfilled order back. cancelled=true cancels an API order for good and puts its " +
          "items back in stock (a storefront order's is a 403). A cancelled order's fulfilled cannot change (422). " +
          "Answers a list holding the order. Extension: with fulfilled=true on an unfulfilled order, carrier, " +
          "service, tracking_number (and ship_date) record a shipment, named in the e-mail; notify=false sends none.",
        params: orderNumberParams,
        body: updateOrderBody,
        response: { 200: orderUpdated, ...apiErrors },
      },
      handler: async (request) => {
        const details = await db.transaction(async (tx) => {
          const current = await getOrder(tx, request.params.order_number, { lock: true });
          const extras = fulfilmentExtras(current, request.body);
          const change = await updateOrder(tx, current, request.body);
          const shipment =
            change.shipped && extras.shipment
              ? await recordShipment(tx, change.order, extras.shipment, new Date())
              : null;
          const changed = await orderDetails(tx, [change.order]);
          if (change.shipped && extras.notify) await sendShippedNotice(tx, changed.orders[0]!, mail, shipment);
          return changed;
        });
        void mailer.deliver();
        return serializeOrders(details, ctx());
      },
    },
  });
};

export default ordersRoutes;
