import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AccessRule } from "../../api/access.js";
import { nothingAt } from "../../api/error-handler.js";
import { NotFoundError } from "../../api/errors.js";
import { authenticate, authorize, security } from "../../api-v1/plugin.js";
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

/**
 * Who may read the outbox: what the dashboard's Mail page asks (the admin scope
 * and manage_users, the permission to invite users and send their links), so a
 * token the API would refuse for users is refused here too.
 */
export const outboxAccess: AccessRule = { scopes: ["admin"], permission: "manage_users" };

/**
 * GET /dev/outbox: the mail the store has sent, newest first (development mode
 * only: app.ts registers it in no other; docs/contract.md#modes). Two locks,
 * either of which alone keeps the set-password links in: a connection from this
 * machine (anything else gets the 404 of an unknown path, so a development
 * store reachable from elsewhere, STORE_API_ALLOW_REMOTE_DEV, shows no outbox
 * to a stolen token), and a valid access token of a user with manage_users (so
 * a local process, a browser page on this machine or a staff user who may not
 * invite anyone cannot take over another user's account with their link): 401
 * without one, 403 without the permission, the API's own checks (api-v1/plugin.ts).
 */
const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["Development"],
        summary: "The store's outgoing mail",
        description:
          "Extension: development mode only, and only to a client on the store's own machine (loopback), " +
          "with an access token of the admin scope whose user has the manage_users permission " +
          "(401 without a valid token, 403 without the permission). " +
          "Where mail waits when no SMTP server is configured.",
        security: security(outboxAccess),
        "x-store-extension": true,
        response: { 200: outboxList },
      },
      onRequest: async (request) => {
        if (!fromThisMachine(request)) throw new NotFoundError(nothingAt(request));
        authorize(await authenticate(app, request), outboxAccess);
      },
    },
    async () => (await listOutbox(app.db)).map(serializeMail),
  );
};

export default devOutboxRoutes;
