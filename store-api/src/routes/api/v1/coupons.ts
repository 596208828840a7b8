import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resource } from "../../../api/routes.js";
import { apiErrors, deleted, idParams } from "../../../api/schemas.js";
import { couponsWithCode, createCoupon, deleteCoupon, getCoupon, updateCoupon } from "../../../coupons/coupons.js";
import {
  CODE_FILTER_HEADER,
  coupon,
  couponList,
  couponListQuery,
  createCouponBody,
  updateCouponBody,
} from "../../../coupons/schemas.js";
import { serializeCoupon } from "../../../coupons/serialize.js";
import { couponText, sendCoupons, sendJsonText } from "../../../coupons/stream.js";

const tags = ["Coupons"];

/** /api/v1/coupons and /api/v1/coupons/:id (docs/contract.md#coupons; the `code` filter: #extensions). */
const couponsRoutes: FastifyPluginAsyncZod = async (api) => {
  const { db, config } = api;

  resource(api, "/coupons", {
    GET: {
      schema: {
        tags,
        summary: "List coupons",
        description:
          "Every coupon by id, each with all its codes, written as it is read. Extension: with `code`, only the " +
          "coupons holding that code, in one short read (`X-Coupon-Code-Filter: applied` says the filter was applied).",
        querystring: couponListQuery,
        response: { 200: couponList, ...apiErrors },
      },
      handler: async (request, reply) => {
        const { code } = request.query;
        // Streamed as it is read (a coupon may hold 100,000 codes); the schema still describes it in the reference.
        if (code === undefined) return sendCoupons(request, reply, db, config.currency);
        const found = await couponsWithCode(db, code);
        return reply
          .header(CODE_FILTER_HEADER, "applied")
          .send(found.map((detail) => serializeCoupon(detail, config.currency)));
      },
    },
    POST: {
      schema: {
        tags,
        summary: "Create a coupon",
        description:
          "With `code`, the coupon gets one multi_use code of that value (409 conflict when any coupon has it, " +
          "whatever the case) and `limit` 0 means no limit. Without, `limit` (1–100,000) one_use codes are " +
          "generated. A field of another type than the coupon's (percentage, flat_rate, threshold) is a 422.",
        body: createCouponBody(config.currency),
        response: { 201: coupon, ...apiErrors },
      },
      handler: async (request, reply) => {
        const text = await db.transaction(async (tx) =>
          couponText(tx, (await createCoupon(tx, request.body)).id, config.currency),
        );
        return sendJsonText(reply.status(201), text);
      },
    },
  });

  resource(api, "/coupons/:id", {
    GET: {
      schema: { tags, summary: "Get a coupon", params: idParams, response: { 200: coupon, ...apiErrors } },
      handler: (request, reply) => sendCoupons(request, reply, db, config.currency, request.params.id),
    },
    PUT: {
      schema: {
        tags,
        summary: "Update a coupon",
        description:
          "What is sent is merged with what is stored and checked as a whole. Changing `type` drops the values " +
          "of the old type (the new type's required field must come with it). Codes cannot change.",
        params: idParams,
        body: updateCouponBody(config.currency),
        response: { 200: coupon, ...apiErrors },
      },
      handler: async (request, reply) => {
        const text = await db.transaction(async (tx) => {
          const stored = await getCoupon(tx, request.params.id, { lock: true });
          return couponText(tx, (await updateCoupon(tx, stored, request.body)).id, config.currency);
        });
        return sendJsonText(reply, text);
      },
    },
    DELETE: {
      schema: {
        tags,
        summary: "Delete a coupon",
        description: "With its codes.",
        params: idParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request): Promise<true> => {
        await db.transaction(async (tx) => deleteCoupon(tx, await getCoupon(tx, request.params.id, { lock: true })));
        return true;
      },
    },
  });
};

export default couponsRoutes;
