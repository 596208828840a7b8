import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resource } from "../../api/routes.js";
import { FORM_ENCODINGS } from "../../api/schemas.js";
import { authenticateClient } from "../../oauth/clients.js";
import { InvalidRequest, OAuthError, UnsupportedGrantType } from "../../oauth/errors.js";
import { exchangeAuthorizationCode } from "../../oauth/grants/authorization-code.js";
import { exchangeRefreshToken } from "../../oauth/grants/refresh-token.js";
import { oauthError, tokenRequest, tokenResponse } from "../../oauth/schemas.js";

const GRANTS = {
  authorization_code: exchangeAuthorizationCode,
  refresh_token: exchangeRefreshToken,
} as const;

function isGrantType(value: string): value is keyof typeof GRANTS {
  return Object.hasOwn(GRANTS, value);
}

/** POST /oauth2/access_token: the token endpoint (RFC 6749 §3.2). */
const accessTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  resource(app, "/oauth2/access_token", {
    POST: {
      schema: {
        tags: ["OAuth"],
        summary: "Exchange a code or a refresh token for tokens",
        description: "Client authentication: client_id and client_secret in the form, or HTTP Basic (not both).",
        consumes: FORM_ENCODINGS,
        body: tokenRequest,
        response: { 200: tokenResponse, "4xx": oauthError },
      },
      handler: async (request) => {
        const body = request.body;
        const grantType = typeof body.grant_type === "string" ? body.grant_type : "";
        const client = await authenticateClient(app.db, request, body);
        if (!grantType) throw new InvalidRequest("grant_type is required: authorization_code or refresh_token.");
        if (!isGrantType(grantType)) throw new UnsupportedGrantType(grantType);
        const exchange = GRANTS[grantType];
        const result = await app.db.transaction((tx) => exchange(tx, client, body));
        if (result instanceof OAuthError) throw result;
        request.log.info(
          { event: "token_issued", grantType, clientId: client.clientId, userId: result.user.id },
          "token issued",
        );
        return result;
      },
    },
  });
};

export default accessTokenRoutes;
