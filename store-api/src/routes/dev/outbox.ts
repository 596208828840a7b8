import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nothingAt } from "../../api/error-handler.js";
import { NotFoundError } from "../../api/errors.js";
import { isLoopbackAddress } from "../../auth/loopback.js";
import { listOutbox } from "../../mail/outbox.js";
import { outboxList } from "../../mail/schemas.js";
import { serializeMail } from "../../mail/serialize.js";

/**
 * The outbox holds set-password links, so only this machine reads it: the
 * connection's own address, never X-Forwarded-For (a client writes that), and
 * nothing a proxy forwarded (a proxy on this machine would make every visitor
 * look local). Anyone else gets the 404 of an unknown path.
 */
export function fromThisMachine(request: Pick<FastifyRequest, "socket" | "headers">): boolean {
  if (request.headers.forwarded !== undefined || request.headers["x-forwarded-for"] !== undefined) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

/** GET /dev/outbox: the mail the store has sent, newest first (development mode only, docs/contract.md#modes). */
const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["Development"],
        summary: "The store's outgoing mail",
        description:
          "Extension: development mode only, and only to a client on the store's own machine (loopback). " +
          "Where mail waits when no SMTP server is configured.",
        "x-store-extension": true,
        response: { 200: outboxList },
      },
      onRequest: async (request) => {
        if (!fromThisMachine(request)) throw new NotFoundError(nothingAt(request));
      },
    },
    async () => (await listOutbox(app.db)).map(serializeMail),
  );
};

export default devOutboxRoutes;
