import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** /api/v1/coupons (docs/contract.md#coupons). */
const couponsRoutes: FastifyPluginAsyncZod = async () => {};

export default couponsRoutes;
