import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** /api/v1/tax_groups (docs/contract.md#tax). */
const taxGroupsRoutes: FastifyPluginAsyncZod = async () => {};

export default taxGroupsRoutes;
