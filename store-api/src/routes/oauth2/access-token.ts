import type { FastifyInstance } from "fastify";
import { authenticateClient } from "../../oauth/clients.js";
import { InvalidRequest, OAuthError, UnsupportedGrantType } from "../../oauth/errors.js";
import { resource } from "../../api/routes.js";
import { exchangeAuthorizationCode } from "../../oauth/grants/authorization-code.js";
import { exchangeRefreshToken } from "../../oauth/grants/refresh-token.js";

const GRANTS = {
  authorization_code: exchangeAuthorizationCode,
  refresh_token: exchangeRefreshToken,
} as const;

/** POST /oauth2/access_token: the token endpoint (RFC 6749 §3.2). */
export default async function accessTokenRoutes(app: FastifyInstance) {
  resource(app, "/oauth2/access_token", {
    POST: async (request, reply) => {
      reply.header("cache-control", "no-store").header("pragma", "no-cache");
      const body = (request.body ?? {}) as Record<string, unknown>;
      const grantType = typeof body.grant_type === "string" ? body.grant_type : "";
      const exchange = GRANTS[grantType as keyof typeof GRANTS];
      const client = await authenticateClient(app.db, request, body);
      if (!grantType) throw new InvalidRequest("grant_type is required: authorization_code or refresh_token.");
      if (!exchange) throw new UnsupportedGrantType(grantType);
      const result = await app.db.transaction((tx) => exchange(tx, client, body));
      if (result instanceof OAuthError) throw result;
      request.log.info(
        { event: "token_issued", grantType, clientId: client.clientId, userId: result.user.id },
        "token issued",
      );
      return result;
    },
  });
}
