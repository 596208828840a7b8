import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resource } from "../../api/routes.js";
import { FORM_ENCODINGS } from "../../api/schemas.js";
import { authenticateClient } from "../../oauth/clients.js";
import { InvalidRequest } from "../../oauth/errors.js";
import { oauthError, revocationRequest, revocationResponse } from "../../oauth/schemas.js";
import { findTokenGrant, revokeGrant } from "../../oauth/tokens.js";

/**
 * POST /oauth2/revoke (RFC 7009). Revoking either token of a grant revokes the
 * grant, so sign-out ends both the access and the refresh token. An unknown
 * token, or one of another client, answers 200 and changes nothing (§2.2).
 * The 200 carries `{}` as JSON (§2.2 allows a body): clients such as
 * simple-oauth2 parse every answer as JSON and fail on an empty one, so a
 * sign-out would look failed (docs/contract.md#oauth). The scope adds no-store.
 */
const revokeRoutes: FastifyPluginAsyncZod = async (app) => {
  resource(app, "/oauth2/revoke", {
    POST: {
      schema: {
        tags: ["OAuth"],
        summary: "Revoke a token (RFC 7009)",
        description:
          "Extension: beyond the contract. Revokes the grant the token belongs to: its access and refresh tokens. " +
          "Client authentication as at the token endpoint.",
        "x-store-extension": true,
        consumes: FORM_ENCODINGS,
        body: revocationRequest,
        response: {
          200: revocationResponse,
          "4xx": oauthError,
        },
      },
      handler: async (request, reply) => {
        const body = request.body;
        const client = await authenticateClient(app.db, request, body);
        if (typeof body.token !== "string" || !body.token) throw new InvalidRequest("token is required.");
        const grant = await findTokenGrant(app.db, body.token);
        if (grant && grant.clientId === client.clientId) {
          await revokeGrant(app.db, grant.grantId);
          request.log.info({ event: "token_revoked", clientId: client.clientId }, "token revoked");
        }
        return reply.status(200).send({});
      },
    },
  });
};

export default revokeRoutes;
