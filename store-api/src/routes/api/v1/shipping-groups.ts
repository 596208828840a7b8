import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** /api/v1/shipping_groups (docs/contract.md#shipping). */
const shippingGroupsRoutes: FastifyPluginAsyncZod = async () => {};

export default shippingGroupsRoutes;
