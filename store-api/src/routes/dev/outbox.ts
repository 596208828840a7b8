import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listOutbox } from "../../mail/outbox.js";
import { outboxList } from "../../mail/schemas.js";
import { serializeMail } from "../../mail/serialize.js";

/** GET /dev/outbox: the mail the store has sent, newest first (development mode only, docs/contract.md#modes). */
const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["Development"],
        summary: "The store's outgoing mail",
        description: "Extension: development mode only. Where mail waits when no SMTP server is configured.",
        "x-store-extension": true,
        response: { 200: outboxList },
      },
    },
    async () => (await listOutbox(app.db)).map(serializeMail),
  );
};

export default devOutboxRoutes;
